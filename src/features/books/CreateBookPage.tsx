import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { PageHeading } from '@/components/ui/PageHeading'
import { buttonClasses } from '@/components/ui/button-classes'
import { setCurrentBook } from '@/domains/book/lib/current-book'
import type { SessionUser } from '@/domains/accounts/session/useAuthSession'
import { tBooks as t } from '@/domains/book/strings/books'
import { removeFromStorage, storageKeys } from '@/lib/browser-storage'
import { Refusal, refusalReason } from '@/lib/refusal'
import { useEditableBook } from '@/domains/book/api/book-row'
import { useBookId } from '@/domains/book/api/get-book-card'
import { confirmedPayment, usePaymentSession } from '@/domains/payments/api/payment-session'
import { useCreateMemoryBook, usePayForExistingBook } from '@/domains/book/api/create-memory-book'
import { onboardingDataQueryOptions, useOnboardingData } from '@/domains/accounts/onboarding/onboarding-data'
import { BookDetailsForm, type BookImages } from '@/domains/book/ui/BookDetailsForm'
import { EditBookForm } from '@/domains/book/ui/EditBookForm'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { useGuardedUser } from '@/domains/accounts/session/guarded-user'
import { emptyBookDetails, type BookDetailsOutput } from '@/domains/book/schemas/book-details'

function errorText(error: unknown): string {
  return error instanceof Refusal ? `${t('create.error')}: ${error.message}` : t('create.error')
}

function paymentPath(plan: string | null): string {
  return `/payment?plan=${plan === 'basic' || plan === 'full' ? plan : 'pro'}&type=for_me`
}

/** Without a paid session there is nothing to create yet: the way to the plans. */
function NoPayment({ plan }: { plan: string | null }) {
  return (
    <MessageScreen
      placement="section"
      title={t('create.noPaymentTitle')}
      text={t('create.noPaymentText')}
      action={
        <>
          <Link to={paymentPath(plan)} className={buttonClasses({ size: 'lg' })}>
            {t('create.toPayment')}
          </Link>
          <Link to="/dashboard" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {t('create.toDashboard')}
          </Link>
        </>
      }
    />
  )
}

/** A payment for an existing unpaid book (?book=): spent once on arrival, then the dashboard. */
function PayExistingBook({ sessionId, bookId }: { sessionId: string; bookId: string }) {
  const navigate = useNavigate()
  const { mutate, isError, error } = usePayForExistingBook()
  const started = useRef(false)

  useEffect(() => {
    if (started.current) return
    started.current = true
    mutate(
      { sessionId, bookId },
      {
        onSuccess: () => {
          toast.success(t('create.paidExisting'))
          navigate('/dashboard', { replace: true })
        },
        onError: (failure) => {
          const code = refusalReason(failure, 'create-memory-book')
          if (code !== 'session_already_used' && code !== 'book_already_paid') return
          toast.success(t('create.alreadyCreated'))
          navigate('/dashboard', { replace: true })
        },
      },
    )
  }, [mutate, sessionId, bookId, navigate])

  if (isError) {
    return (
      <MessageScreen
        placement="section"
        title={t('create.error')}
        text={errorText(error)}
        role="alert"
        action={<ToDashboardLink />}
      />
    )
  }
  return <ScreenLoading />
}

function ToDashboardLink() {
  return (
    <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
      {t('create.toDashboard')}
    </Link>
  )
}

/** A claimed gift's recipient completes the book's details (gift_completion with book): their own book, saved like an edit. */
function GiftCompletion({ bookId, user }: { bookId: string; user: SessionUser }) {
  const navigate = useNavigate()
  const book = useEditableBook(bookId)
  if (book.isPending) return <ScreenLoading />
  if (!book.data) {
    return (
      <MessageScreen
        placement="section"
        title={t('edit.notFound')}
        text={t('edit.notFoundText')}
        role="alert"
        action={<ToDashboardLink />}
      />
    )
  }
  return (
    <EditBookForm
      book={book.data}
      user={user}
      submitLabel={t('create.submit')}
      onSaved={(saved) => {
        setCurrentBook({ id: saved.id, shortCode: saved.short_code })
        toast.success(t('create.created'), { description: t('create.createdText') })
        navigate(`/dashboard?book=${saved.id}`, { replace: true })
      }}
    />
  )
}

/**
 * A payment that already opened a book (the provider's "back to the site" after paying, or the
 * address opened again): the family lands on that book; if it was deleted since, they are told so.
 */
function AlreadySpent({ bookId }: { bookId: string | null }) {
  const navigate = useNavigate()
  useEffect(() => {
    if (!bookId) return
    toast.info(t('create.alreadyCreated'))
    navigate(`/dashboard?book=${encodeURIComponent(bookId)}`, { replace: true })
  }, [bookId, navigate])

  if (bookId) return <ScreenLoading />
  return (
    <MessageScreen
      placement="section"
      title={t('create.alreadyCreated')}
      text={t('create.spentText')}
      action={<ToDashboardLink />}
    />
  )
}

function NewBookForm({ sessionId, user }: { sessionId: string; user: SessionUser }) {
  const navigate = useNavigate()
  const onboarding = useOnboardingData(user.id)
  const queryClient = useQueryClient()
  const create = useCreateMemoryBook()
  const [formError, setFormError] = useState<string | undefined>()
  const submitted = useRef(false)

  if (onboarding.isPending) return <ScreenLoading />

  const submit = (details: BookDetailsOutput, images: BookImages) => {
    if (submitted.current) return
    submitted.current = true
    setFormError(undefined)
    create.mutate(
      { sessionId, details: { ...details, profile_image_url: images.profile_image_url } },
      {
        onSuccess: (book) => {
          setCurrentBook({ id: book.id, shortCode: book.short_code })
          removeFromStorage(storageKeys.onboardingData)
          void queryClient.invalidateQueries({ queryKey: onboardingDataQueryOptions(user.id).queryKey })
          toast.success(t('create.created'), { description: t('create.createdText') })
          navigate('/dashboard', { replace: true })
        },
        onError: (error) => {
          if (refusalReason(error, 'create-memory-book') === 'session_already_used') {
            toast.info(t('create.alreadyCreated'))
            navigate('/dashboard', { replace: true })
            return
          }
          submitted.current = false
          setFormError(errorText(error))
          toast.error(t('create.error'), {
            description: error instanceof Refusal ? error.message : undefined,
          })
        },
      },
    )
  }

  return (
    <Card>
      <BookDetailsForm
        userId={user.id}
        defaultValues={{
          ...emptyBookDetails,
          full_name: onboarding.data?.deceasedName ?? '',
          creator_name: user.fullName ?? '',
        }}
        defaultImages={{ profile_image_url: null, background_image_url: null }}
        withBackground={false}
        submitLabel={t('create.submit')}
        busyLabel={t('create.submitting')}
        busy={create.isPending}
        onSubmit={submit}
        formError={formError}
      />
    </Card>
  )
}

/**
 * /create-book: after a paid return (session_id, paid) or a free coupon
 * (free), the form creates the book once through create-memory-book; with book (its uuid or short
 * code) the payment is spent on that existing book instead. A payment that already opened a book
 * leads to that book, never to an empty form. The server decides whether the session is good. A
 * gift recipient completes their claimed book with gift_completion=true&book.
 */
export default function CreateBookPage() {
  const [params] = useSearchParams()
  const user = useGuardedUser()
  const sessionId = params.get('session_id')
  const bookRef = params.get('book')?.trim() ?? ''
  const book = useBookId(bookRef)
  const bookId = book.state === 'found' ? book.bookId : null
  const giftCompletion = params.get('gift_completion') === 'true' && bookId

  // Only the server's record of the checkout speaks of payment or a coupon, never the URL.
  const session = usePaymentSession(giftCompletion ? null : sessionId)
  const payment = confirmedPayment(session.data)
  const note =
    payment === 'free'
      ? t('create.freeNote')
      : payment === 'paid'
        ? t('create.paidNote')
        : payment === 'pending'
          ? t('create.checkingPayment')
          : undefined
  if (bookRef && book.state === 'pending') return <ScreenLoading />
  return (
    <Container width="narrow" className="flex flex-col gap-8 py-10 md:py-14">
      <PageHeading
        title={t('create.title')}
        lead={sessionId || giftCompletion ? (note ?? t('create.lead')) : undefined}
      />
      {bookRef && !bookId ? (
        <MessageScreen
          placement="section"
          title={t('edit.notFound')}
          text={t('edit.notFoundText')}
          role="alert"
          action={<ToDashboardLink />}
        />
      ) : giftCompletion ? (
        <GiftCompletion bookId={giftCompletion} user={user} />
      ) : !sessionId ? (
        <NoPayment plan={params.get('plan')} />
      ) : bookId ? (
        <PayExistingBook sessionId={sessionId} bookId={bookId} />
      ) : session.isPending ? (
        <ScreenLoading />
      ) : session.data?.used_at ? (
        <AlreadySpent bookId={session.data.used_by_book} />
      ) : (
        <NewBookForm sessionId={sessionId} user={user} />
      )}
    </Container>
  )
}
