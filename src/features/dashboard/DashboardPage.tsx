import { Link, useSearchParams } from 'react-router-dom'
import { PageLoading } from '@/components/screens/PageLoading'
import { CandleLighter } from '@/domains/remembrance/ui/CandleLighter'
import { ReminderSubscribe } from '@/domains/remembrance/ui/ReminderSubscribe'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { PageHeading } from '@/components/ui/PageHeading'
import { usePublishCurrentBook } from '@/domains/book/lib/current-book'
import type { SessionUser } from '@/domains/accounts/session/useAuthSession'
import { useMyBooks, type MyBook } from '@/domains/book/api/my-books'
import { useOnboardingData } from '@/domains/accounts/onboarding/onboarding-data'
import { useGuardedUser } from '@/domains/accounts/session/guarded-user'
import { PurchasedGifts } from '@/domains/gift/ui/PurchasedGifts'
import { ShareBookDialog } from '@/domains/book/ui/ShareBookDialog'
import {
  InviteeTransferStatus,
  OwnerTransferRequests,
  useWaitsForTransfer,
} from '@/domains/family-admins/ownership-transfer'
import { tDashboard as t } from '@/i18n/dashboard'
import { tGifts } from '@/domains/gift/strings/gifts'
import { useIsPlatformAdmin } from '@/domains/accounts/api/user-role'
import { useUnspentPayments } from '@/domains/payments/api/unspent-payments'
import { BookPicker } from './components/BookPicker'
import { BookProfileCard } from './components/BookProfileCard'
import { DeleteAccountSection } from './components/DeleteAccountSection'
import { ExtraActions } from './components/ExtraActions'
import { ManagementGrid } from './components/ManagementGrid'
import { MemoryNewsChoice } from './components/MemoryNewsChoice'
import { OnboardingResume } from './components/OnboardingResume'
import { PaymentBanners } from './components/PaymentBanners'
import { PaymentHistory } from './components/PaymentHistory'
import { RecentMemories } from './components/RecentMemories'
import { WelcomeScreen } from './components/WelcomeScreen'
import { usePaymentReturn } from './hooks/usePaymentReturn'
import { dashboardBooks, giftAwaitingWelcome, selectBook } from './lib/book-selection'

function NoBook({ user }: { user: SessionUser }) {
  const onboarding = useOnboardingData(user.id)
  if (onboarding.isPending) return <PageLoading />
  // The welcome screen offers the gift itself; the resume screen does not.
  if (!onboarding.data) return <WelcomeScreen />
  return (
    <>
      <OnboardingResume saved={onboarding.data} />
      <ExtraActions withAnotherBook={false} />
    </>
  )
}

/** A claimed gift book not filled in yet: an invitation to finish it, never a wall in front of the rest. */
function FinishGiftInvite({ gift }: { gift: MyBook }) {
  const name = gift.full_name.trim()
  return (
    <Card data-testid="finish-gift" className="flex flex-col items-start gap-3 border-gold-300 bg-gold-50">
      <h2 className="font-serif text-xl font-bold text-ink">{tGifts('finishGift.title')}</h2>
      <p className="text-ink-soft">{name ? tGifts('finishGift.text', { name }) : tGifts('finishGift.textNoName')}</p>
      <Link
        to={`/create-book?${new URLSearchParams({ gift_completion: 'true', book: gift.id })}`}
        className={buttonClasses()}
      >
        {tGifts('finishGift.action')}
      </Link>
    </Card>
  )
}

function LoadError({ onRetry }: { onRetry: () => void }) {
  return (
    <Card role="alert" className="flex flex-col items-start gap-4">
      <p className="text-ink-soft">{t('loadError')}</p>
      <Button variant="secondary" onClick={onRetry}>
        {t('tryAgain')}
      </Button>
    </Card>
  )
}

interface MainDashboardProps {
  books: MyBook[]
  book: MyBook
  isPlatformAdmin: boolean
  userEmail: string
}

function MainDashboard({ books, book, isPlatformAdmin, userEmail }: MainDashboardProps) {
  const [, setParams] = useSearchParams()
  const select = (id: string) =>
    setParams(
      (current) => {
        current.set('book', id)
        return current
      },
      { replace: true },
    )
  return (
    <>
      {books.length > 1 && <BookPicker books={books} selectedId={book.id} onSelect={select} />}
      {book.is_owner && book.is_paid && (
        <div className="flex justify-end">
          <ShareBookDialog
            shortCode={book.short_code}
            deceasedName={book.full_name ?? ''}
            defaultSharerName={book.creator_name ?? ''}
          />
        </div>
      )}
      {book.is_owner && <OwnerTransferRequests bookId={book.id} />}
      <BookProfileCard book={book} />
      {!book.is_owner && <p className="rounded-2xl bg-plum-50 px-4 py-3 text-plum-800">{t('profile.readOnly')}</p>}
      <ManagementGrid book={book} isPlatformAdmin={isPlatformAdmin} />
      <RecentMemories book={book} />
      {(book.is_owner || book.is_family_admin) && <MemoryNewsChoice bookId={book.id} />}
      {book.is_paid && <CandleLighter bookRef={book.short_code} name={book.full_name ?? ''} />}
      <ReminderSubscribe bookRef={book.short_code} defaultEmail={userEmail} />
    </>
  )
}

function Dashboard({ user }: { user: SessionUser }) {
  const [params] = useSearchParams()
  const books = useMyBooks()
  const platformAdmin = useIsPlatformAdmin(user.id)
  const waitsForTransfer = useWaitsForTransfer(user.id)
  const unspent = useUnspentPayments(true)
  usePaymentReturn(unspent.data)

  const candidates = books.data ? dashboardBooks(books.data) : []
  const book = books.data ? selectBook(books.data, params.get('book')) : undefined
  const welcomeGift = books.data ? giftAwaitingWelcome(books.data) : null
  usePublishCurrentBook(
    book === undefined ? undefined : book?.is_owner ? { id: book.id, shortCode: book.short_code } : null,
  )

  if (books.isPending) return <PageLoading />
  if (books.isError) return <LoadError onRetry={() => void books.refetch()} />

  return (
    <>
      {welcomeGift && <FinishGiftInvite gift={welcomeGift} />}
      <PaymentBanners book={book ?? null} unspent={unspent.data?.[0]} />
      <InviteeTransferStatus userId={user.id} />
      {book ? (
        <MainDashboard
          books={candidates}
          book={book}
          isPlatformAdmin={platformAdmin.data === true}
          userEmail={user.email}
        />
      ) : (
        !waitsForTransfer && !welcomeGift && <NoBook user={user} />
      )}
      <PurchasedGifts userId={user.id} open={params.get('view') === 'purchases'} />
      <PaymentHistory />
      {book && <ExtraActions />}
      <DeleteAccountSection email={user.email} />
    </>
  )
}

/**
 * /dashboard: loading (under the page's one heading, the greeting), then onboarding-resume, the first-time
 * welcome, or the main dashboard of the selected book (?book=<id>), with the payment return; an
 * ownership-transfer invitee waits here read-only, and the owner approves transfers here.
 */
export default function DashboardPage() {
  const user = useGuardedUser()
  return (
    <Container className="flex flex-col gap-8 py-10 md:py-14">
      <PageHeading title={t('greeting', { name: user.fullName ?? user.email })} lead={t('lead')} />
      <Dashboard user={user} />
    </Container>
  )
}
