import { Link, useSearchParams } from 'react-router-dom'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { Button } from '@/components/ui/Button'
import { Card, CardDescription } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { Notice } from '@/components/ui/Notice'
import { Spinner } from '@/components/ui/Spinner'
import { buttonClasses } from '@/components/ui/button-classes'
import { useGuardedUser } from '@/domains/accounts/session/guarded-user'
import { useBookId } from '@/domains/book/api/get-book-card'
import { tBookExport as t } from '@/domains/book/strings/book-export'
import { withHonorific } from '@shared/honorific.ts'
import { planExport, type BookExportData } from '../../domains/book/export/export-model'
import { useBookExport } from '../../domains/book/export/get-book-export'
import { useZipExport, type ExportState } from '../../domains/book/export/useZipExport'
import type { ExportProgress } from '../../domains/book/export/zip-export'

function megabytes(bytes: number): string {
  return t('screen.megabytes', { n: (bytes / 1_000_000).toFixed(1) })
}

function ProgressBar({ progress }: { progress: ExportProgress | null }) {
  const percent = progress && progress.total > 0 ? Math.round((progress.done / progress.total) * 100) : 0
  return (
    <div className="flex flex-col gap-2" aria-live="polite">
      <p className="text-sm font-medium text-ink-soft">
        {progress
          ? t('screen.progress', { done: progress.done, total: progress.total, size: megabytes(progress.bytes) })
          : t('screen.preparing')}
      </p>
      <div
        role="progressbar"
        aria-label={t('screen.progressLabel')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        className="h-2.5 overflow-hidden rounded-full bg-plum-100"
      >
        <div
          className="h-full rounded-full bg-plum-600 transition-[width] duration-300"
          style={{ width: `${percent}%` }}
        />
      </div>
    </div>
  )
}

function FailedFiles({ failed }: { failed: string[] }) {
  if (failed.length === 0) return null
  return (
    <Notice tone="error" title={t('screen.failedTitle')}>
      <ul className="list-disc ps-5 text-sm" dir="ltr">
        {failed.map((path) => (
          <li key={path}>{path}</li>
        ))}
      </ul>
      <p className="mt-2 text-sm">{t('screen.failedText')}</p>
    </Notice>
  )
}

function Outcome({ state }: { state: ExportState }) {
  if (state.phase === 'done') {
    return (
      <div className="flex flex-col gap-3">
        <Notice tone="success" title={t('screen.done')}>
          {t('screen.doneText')}
        </Notice>
        <FailedFiles failed={state.failed} />
      </div>
    )
  }
  if (state.phase === 'cancelled') return <Notice tone="info">{t('screen.cancelled')}</Notice>
  if (state.phase === 'error') return <Notice tone="error">{t('screen.error')}</Notice>
  return null
}

function ExportCard({ data }: { data: BookExportData }) {
  const { state, start, cancel } = useZipExport(data)
  const files = planExport(data).files.length
  const running = state.phase === 'running'
  return (
    <Card className="flex flex-col gap-5">
      <CardDescription>{t('screen.intro')}</CardDescription>
      <p className="font-medium text-ink">{t('screen.summary', { memories: data.memories.length, files })}</p>
      <p className="text-sm text-ink-muted">{t('screen.desktopHint')}</p>
      {running ? (
        <>
          <ProgressBar progress={state.progress} />
          <Button variant="secondary" onClick={cancel} className="self-start">
            {t('screen.cancel')}
          </Button>
        </>
      ) : (
        <>
          <Outcome state={state} />
          <Button size="lg" onClick={() => void start()} className="self-start">
            {state.phase === 'idle' ? t('screen.start') : t('screen.again')}
          </Button>
        </>
      )}
    </Card>
  )
}

function BackLink({ bookId }: { bookId: string }) {
  return (
    <Link
      to={`/admin-dashboard?book=${encodeURIComponent(bookId)}`}
      className={buttonClasses({ variant: 'ghost', size: 'sm' }, 'self-start')}
    >
      {t('screen.back')}
    </Link>
  )
}

function BookExport({ bookRef }: { bookRef: string }) {
  const book = useBookId(bookRef)
  const exported = useBookExport(book.state === 'found' ? book.bookId : null)
  if (book.state === 'pending' || (book.state === 'found' && exported.isPending)) {
    return (
      <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 text-ink-soft">
        <Spinner label={t('screen.loading')} />
        <p aria-hidden="true">{t('screen.loading')}</p>
      </div>
    )
  }
  if (book.state === 'missing' || exported.isError || !exported.data) {
    return <MessageScreen title={t('screen.notFound')} text={t('screen.notFoundText')} role="alert" />
  }
  const data = exported.data
  return (
    <Container width="narrow" className="flex flex-col gap-6 py-10 md:py-14">
      <BackLink bookId={book.bookId} />
      <h1 className="font-serif text-2xl font-bold text-ink md:text-3xl">
        {t('screen.title', { name: withHonorific(data.book.full_name) })}
      </h1>
      <ExportCard data={data} />
    </Container>
  )
}

/**
 * /book-export?book={uuid or short code}: the family takes the whole book with them as one ZIP. The database
 * decides who may (owner, confirmed family admins, platform admins); anyone else sees "not found".
 */
export default function BookExportPage() {
  const [params] = useSearchParams()
  useGuardedUser()
  return <BookExport bookRef={params.get('book') ?? ''} />
}
