import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Link, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { Spinner } from '@/components/ui/Spinner'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { Input } from '@/components/ui/Input'
import { Label } from '@/components/ui/Label'
import { bookKeys } from '@/domains/book/api/book-keys'
import { useBookCard, type BookCard } from '@/domains/book/api/get-book-card'
import { BookLoadError, BookNotFound } from '@/domains/reading/ui/BookMessages'
import { BackIcon, ChatIcon, CopyIcon, DownloadIcon, MailIcon } from '@/components/ui/media-icons'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { t as tCore } from '@/i18n/he'
import { tSharing as t } from '@/domains/book/strings/sharing'
import { addMemoryUrl, mailtoUrl, whatsappShareUrl } from '@/domains/book/lib/book-links'
import { copyText } from '@/lib/clipboard'
import { withHonorific } from '@shared/honorific.ts'
import { qrDataUrl, qrFileName } from './lib/qr-code'

const instructionKeys = ['print', 'scan', 'send', 'noSignup'] as const

function QrImage({ link, name, fileName }: { link: string; name: string; fileName: string }) {
  const qr = useQuery({
    queryKey: bookKeys.qrImage(link),
    // eslint-disable-next-line no-restricted-syntax -- the code is drawn in this tab: no request to abort
    queryFn: () => qrDataUrl(link),
    staleTime: Infinity,
    retry: false,
  })
  if (qr.isError)
    return (
      <p role="alert" className="text-danger-600">
        {t('qr.error')}
      </p>
    )
  return (
    <div className="flex flex-col items-center gap-4">
      {qr.data ? (
        <img
          src={qr.data}
          alt={t('qr.imageAlt', { name })}
          width={300}
          height={300}
          data-testid="qr-image"
          className="aspect-square h-auto w-full max-w-[300px] rounded-2xl border border-line"
        />
      ) : (
        <div className="flex aspect-square w-full max-w-[300px] items-center justify-center rounded-2xl border border-line bg-white">
          <Spinner />
        </div>
      )}
      {qr.data && (
        <a
          href={qr.data}
          download={fileName}
          onClick={() => toast.success(t('qr.downloaded'))}
          className={buttonClasses({ size: 'lg' }, 'w-full max-w-xs')}
        >
          <DownloadIcon className="size-5" />
          {t('qr.download')}
        </a>
      )}
    </div>
  )
}

function DirectLink({ link }: { link: string }) {
  const id = useId()
  const copy = async () => {
    if (await copyText(link)) toast.success(t('qr.linkCopied'))
    else toast.error(t('qr.copyFailed'))
  }
  return (
    <div className="flex flex-col gap-1.5">
      <Label htmlFor={id}>{t('qr.directLink')}</Label>
      <div className="flex gap-2">
        <Input id={id} value={link} readOnly dir="ltr" onFocus={(event) => event.target.select()} className="text-sm" />
        <Button variant="secondary" onClick={copy} aria-label={t('qr.copyLink')} className="h-12 shrink-0">
          <CopyIcon className="size-5" />
          <span className="max-sm:sr-only">{t('qr.copyLink')}</span>
        </Button>
      </div>
    </div>
  )
}

function QrDisplay({ card }: { card: BookCard }) {
  const name = withHonorific(card.full_name)
  const link = addMemoryUrl(card.short_code)
  const shareText = t('qr.shareText', { name, link })
  return (
    <Container width="narrow" className="flex flex-col gap-6 py-6 md:py-10">
      <Link to="/dashboard" className={buttonClasses({ variant: 'ghost', size: 'sm' }, 'self-start px-2.5')}>
        <BackIcon className="size-5" />
        {t('qr.back')}
      </Link>
      <header className="text-center">
        <h1 className="text-3xl leading-tight font-bold text-ink">{t('qr.title', { name })}</h1>
        <p className="mt-2 text-ink-soft">{t('qr.lead')}</p>
      </header>
      <Card className="flex flex-col gap-6">
        <QrImage link={link} name={name} fileName={qrFileName(card.full_name, card.short_code)} />
        <div className="flex flex-col gap-2">
          <h2 className="font-sans text-base font-semibold text-ink">{t('qr.shareTitle')}</h2>
          <div className="grid grid-cols-1 gap-2 sm:grid-cols-2">
            <a
              href={whatsappShareUrl(shareText)}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClasses({ variant: 'secondary' })}
            >
              <ChatIcon className="size-5" />
              {t('qr.whatsapp')}
            </a>
            <a
              href={mailtoUrl(t('qr.emailSubject', { name }), shareText)}
              className={buttonClasses({ variant: 'secondary' })}
            >
              <MailIcon className="size-5" />
              {t('qr.email')}
            </a>
          </div>
        </div>
        <DirectLink link={link} />
      </Card>
      <section aria-labelledby="qr-instructions" className="rounded-2xl border border-line bg-surface p-6">
        <h2 id="qr-instructions" className="text-xl font-bold text-ink">
          {t('qr.instructionsTitle')}
        </h2>
        <ol className="mt-4 flex flex-col gap-3">
          {instructionKeys.map((key, index) => (
            <li key={key} className="flex gap-3 leading-relaxed text-ink-soft">
              <span className="flex size-7 shrink-0 items-center justify-center rounded-full bg-plum-50 text-sm font-semibold text-plum-700">
                {index + 1}
              </span>
              {t(`qr.instructions.${key}`)}
            </li>
          ))}
        </ol>
      </section>
    </Container>
  )
}

/** /qr-display?book={short code or uuid} — the add-memory QR code with download, sharing and instructions. */
export default function QrDisplayPage() {
  const [params] = useSearchParams()
  const bookRef = params.get('book')?.trim() ?? ''
  const card = useBookCard(bookRef)

  if (!bookRef) {
    return (
      <MessageScreen
        title={tCore('routes.qrDisplay')}
        text={t('qr.missingIdText')}
        action={
          <Link to="/dashboard" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {t('qr.back')}
          </Link>
        }
      />
    )
  }
  if (card.isPending) return <ScreenLoading />
  if (card.isError) return <BookLoadError onRetry={() => void card.refetch()} />
  if (!card.data) return <BookNotFound />
  return <QrDisplay card={card.data} />
}
