import { useEffect } from 'react'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { Container } from '@/components/ui/Container'
import { PageHeading } from '@/components/ui/PageHeading'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'
import { withHonorific } from '@shared/honorific.ts'
import { databaseReason } from '@/lib/refusal'
import { useBookAdmins } from '@/domains/family-admins/api/book-admins'
import { useBookCard, useBookId } from '@/domains/book/api/get-book-card'
import { AdminList } from '@/domains/family-admins/ui/AdminList'
import { InviteAdminForm } from '@/domains/family-admins/ui/InviteAdminForm'
import { PendingInvitations } from '@/domains/family-admins/ui/PendingInvitations'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { buttonClasses } from '@/components/ui/button-classes'
import { Checking } from '@/domains/family-admins/ui/Checking'

function isDenied(error: unknown): boolean {
  return databaseReason(error) === 'not_book_owner'
}

function BackToDashboard() {
  return (
    <Link to="/dashboard" className={buttonClasses({ variant: 'secondary' })}>
      {t('common.backToDashboard')}
    </Link>
  )
}

function ManageAdmins({ bookId }: { bookId: string }) {
  const admins = useBookAdmins(bookId)
  const card = useBookCard(bookId)
  if (admins.isPending || card.isPending) return <Checking label={t('add.checking')} />
  if (admins.isError && isDenied(admins.error)) {
    return (
      <MessageScreen
        placement="section"
        role="alert"
        title={t('add.deniedTitle')}
        text={t('add.deniedText')}
        action={<BackToDashboard />}
      />
    )
  }
  if (admins.isError || card.isError || !card.data) {
    return (
      <MessageScreen
        placement="section"
        role="alert"
        title={t('add.loadError')}
        text={t('add.loadBookFailed')}
        action={<BackToDashboard />}
      />
    )
  }
  const confirmed = admins.data.filter((admin) => admin.state === 'confirmed')
  const invitations = admins.data.filter((admin) => admin.state !== 'confirmed')
  return (
    <>
      <PageHeading title={t('add.title')} lead={t('add.lead')} />
      <p className="-mt-4 font-medium text-plum-800">
        {t('add.forBook', { name: withHonorific(card.data.full_name) })}
      </p>
      <AdminList bookId={bookId} admins={confirmed} />
      <InviteAdminForm bookId={bookId} deceasedName={card.data.full_name} />
      <PendingInvitations bookId={bookId} deceasedName={card.data.full_name} invitations={invitations} />
    </>
  )
}

/**
 * /add-family-admin?book={uuid or short code}: the book's admins with 'remove', the
 * invitation form and its link (copy, WhatsApp), and open invitations with 'cancel'. The owner
 * and platform admins only (the database refuses anyone else); without a book that exists: back
 * to the dashboard with the missing-book message.
 */
export default function AddFamilyAdminPage() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const book = useBookId(params.get('book') ?? '')
  const missing = book.state === 'missing'

  useEffect(() => {
    if (!missing) return
    toast.error(t('add.missingBookId'))
    navigate('/dashboard', { replace: true })
  }, [missing, navigate])

  if (book.state !== 'found') return <Checking label={t('add.checking')} />
  return (
    <Container width="narrow" className="flex flex-col gap-8 py-10 md:py-14">
      <Link to="/dashboard" className="self-start text-sm font-medium text-plum-700 underline underline-offset-4">
        {t('common.backToDashboard')}
      </Link>
      <ManageAdmins bookId={book.bookId} />
    </Container>
  )
}
