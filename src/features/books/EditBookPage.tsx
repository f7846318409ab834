import { Link, useNavigate, useParams } from 'react-router-dom'
import { toast } from 'sonner'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { Container } from '@/components/ui/Container'
import { PageHeading } from '@/components/ui/PageHeading'
import { buttonClasses } from '@/components/ui/button-classes'
import { useCurrentBook } from '@/domains/book/lib/current-book'
import type { SessionUser } from '@/domains/accounts/session/useAuthSession'
import { tBooks as t } from '@/domains/book/strings/books'
import { useEditableBook } from '@/domains/book/api/book-row'
import { useMyBooks } from '@/domains/book/api/my-books'
import { useBookId } from '@/domains/book/api/get-book-card'
import { EditBookForm } from '@/domains/book/ui/EditBookForm'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { ShivaDetailsForm } from '@/domains/mourning-calendar/ui/ShivaDetailsForm'
import { useGuardedUser } from '@/domains/accounts/session/guarded-user'

function BackToDashboard() {
  return (
    <Link to="/dashboard" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
      {t('edit.backToDashboard')}
    </Link>
  )
}

function EditBook({ bookId, user }: { bookId: string; user: SessionUser }) {
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
        action={<BackToDashboard />}
      />
    )
  }
  return (
    <>
      <EditBookForm
        book={book.data}
        user={user}
        submitLabel={t('edit.save')}
        onSaved={(saved) => {
          toast.success(t('edit.saved'))
          navigate(`/dashboard?book=${saved.id}`)
        }}
      />
      <ShivaDetailsForm book={book.data} />
    </>
  )
}

/** The book the path names; without one, the book the dashboard last showed, else the user's newest own book. */
function useStoredBookId(pathRef: string | undefined): { id: string | null; pending: boolean } {
  const current = useCurrentBook()
  const books = useMyBooks(!pathRef && !current)
  const named = useBookId(pathRef ?? '')
  if (pathRef)
    return named.state === 'found'
      ? { id: named.bookId, pending: false }
      : { id: null, pending: named.state === 'pending' }
  if (current) return { id: current.id, pending: false }
  if (books.isPending) return { id: null, pending: true }
  return { id: books.data?.find((book) => book.is_owner)?.id ?? null, pending: false }
}

/**
 * /edit-book and /edit-book/{book}: every field of the book, the profile and
 * background pictures, the post-update checks and messages; saving returns to /dashboard.
 */
export default function EditBookPage() {
  const { book: bookRef } = useParams()
  const user = useGuardedUser()
  const stored = useStoredBookId(bookRef)

  if (stored.pending) return <ScreenLoading />
  return (
    <Container width="narrow" className="flex flex-col gap-8 py-10 md:py-14">
      <PageHeading title={t('edit.title')} lead={t('edit.lead')} />
      {stored.id ? (
        <EditBook key={stored.id} bookId={stored.id} user={user} />
      ) : (
        <MessageScreen placement="section" title={t('edit.noBookId')} role="alert" action={<BackToDashboard />} />
      )}
    </Container>
  )
}
