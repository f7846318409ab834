import { Link, Navigate, useSearchParams } from 'react-router-dom'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { buttonClasses } from '@/components/ui/button-classes'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { BookIcon, HeartLockIcon, InfinityIcon, VoicesIcon } from '@/components/ui/icons'
import type { SessionUser } from '@/domains/accounts/session/useAuthSession'
import { useGuardedUser } from '@/domains/accounts/session/guarded-user'
import { tGifts as t } from '@/domains/gift/strings/gifts'
import { withHonorific } from '@shared/honorific.ts'
import { useClaimedGift } from '@/domains/gift/api/gifts'
import { useBookId } from '@/domains/book/api/get-book-card'

const heDate = new Intl.DateTimeFormat('he-IL', { day: 'numeric', month: 'long', year: 'numeric' })

function GiftWelcome({ user, bookId }: { user: SessionUser; bookId: string }) {
  const [params] = useSearchParams()
  const gift = useClaimedGift(bookId, user.id)
  if (gift.isPending) return <ScreenLoading />
  if (gift.isError || !gift.data) return <Navigate to="/dashboard" replace />
  const book = gift.data
  const name = withHonorific(book.full_name)
  const code = book.gift_code ?? params.get('gift_code') ?? ''
  const blurbs = [
    { icon: VoicesIcon, title: t('welcome.blurbs.memoriesTitle'), text: t('welcome.blurbs.memories') },
    { icon: HeartLockIcon, title: t('welcome.blurbs.familyTitle'), text: t('welcome.blurbs.family') },
    { icon: InfinityIcon, title: t('welcome.blurbs.foreverTitle'), text: t('welcome.blurbs.forever') },
  ]
  const recipient = book.gift_recipient_name ?? user.fullName
  return (
    <Container width="narrow" className="flex flex-col gap-6 py-10 md:py-14">
      <header className="flex flex-col items-center gap-3 text-center">
        <BookIcon aria-hidden="true" className="size-12 text-plum-700" />
        <p className="text-lg text-ink-soft">
          {recipient ? t('welcome.greeting', { name: recipient }) : t('welcome.greetingNoName')}
        </p>
        <h1 className="font-serif text-3xl font-bold text-ink">
          {t('welcome.title', { name: name || t('welcome.lovedOne') })}
        </h1>
        {book.purchaser_name && <p className="text-plum-800">{t('welcome.from', { name: book.purchaser_name })}</p>}
      </header>
      <p className="leading-relaxed text-ink-soft">{t('welcome.explanation')}</p>
      <ul className="flex flex-col gap-3">
        {blurbs.map(({ icon: Icon, title, text }) => (
          <li key={title}>
            <Card className="flex items-start gap-4">
              <Icon aria-hidden="true" className="size-7 shrink-0 text-plum-700" />
              <div>
                <h2 className="font-serif text-xl font-bold text-ink">{title}</h2>
                <p className="text-ink-soft">{text}</p>
              </div>
            </Card>
          </li>
        ))}
      </ul>
      <Link
        to={`/create-book?${new URLSearchParams({ gift_completion: 'true', book: book.id })}`}
        className={buttonClasses({ size: 'lg' }, 'w-full')}
      >
        {t('welcome.start')}
      </Link>
      <Card aria-labelledby="gift-details-title" className="flex flex-col gap-1">
        <h2 id="gift-details-title" className="font-sans text-lg font-medium text-ink">
          {t('welcome.detailsTitle')}
        </h2>
        {code && <p className="text-ink-soft">{t('welcome.code', { code })}</p>}
        {book.gift_claimed_at && (
          <p className="text-ink-soft">
            {t('welcome.received', { date: heDate.format(new Date(book.gift_claimed_at)) })}
          </p>
        )}
      </Card>
    </Container>
  )
}

/** /gift-welcome (book, gift_code): the recipient's first screen after claiming; only for the claimer. */
export default function GiftWelcomePage() {
  const [params] = useSearchParams()
  const user = useGuardedUser()
  const book = useBookId(params.get('book') ?? '')
  if (book.state === 'pending') return <ScreenLoading />
  if (book.state === 'missing') return <Navigate to="/dashboard" replace />
  return <GiftWelcome user={user} bookId={book.bookId} />
}
