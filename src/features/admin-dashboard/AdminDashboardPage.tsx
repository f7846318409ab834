import { useState } from 'react'
import { SizedImage } from '@/components/ui/SizedImage'
import { Link, useNavigate, useSearchParams } from 'react-router-dom'
import { MessageScreen } from '@/components/screens/MessageScreen'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { LifeDates } from '@/domains/book/ui/LifeDates'
import { Spinner } from '@/components/ui/Spinner'
import { buttonClasses } from '@/components/ui/button-classes'
import { ExportBookCard } from '@/domains/book/export/ExportBookCard'
import { useAuthSession, type SessionUser } from '@/domains/accounts/session/useAuthSession'
import { FamilyCode } from '@/domains/book/ui/FamilyCode'
import { useGuardedUser } from '@/domains/accounts/session/guarded-user'
import { OwnershipTransferCard } from '@/domains/family-admins/ownership-transfer'
import { tDashboard as t } from '@/i18n/dashboard'
import { viewBookUrl } from '@/domains/book/lib/book-links'
import { withHonorific } from '@shared/honorific.ts'
import { useManagementAccess, type ManagedBook, type ManagementRole } from '@/domains/book/api/get-management-access'
import { BookActions } from './components/BookActions'
import { DeleteBookDialog } from './components/DeleteBookDialog'
import { MemoryList } from './components/MemoryList'
import { MANAGED_MEMORY_PARAM } from '@shared/management-links.ts'
import { ShareLinkField } from './components/ShareLinkField'

function familyViewLink(book: ManagedBook): string {
  return viewBookUrl(book.short_code, { code: book.family_access_code, key: book.family_link_key })
}

function Denied({ reason }: { reason: 'denied' | 'notFound' }) {
  return (
    <MessageScreen
      title={reason === 'notFound' ? t('adminDashboard.notFound') : t('adminDashboard.denied')}
      text={reason === 'notFound' ? t('adminDashboard.notFoundText') : t('adminDashboard.deniedText')}
      action={
        <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
          {t('adminDashboard.backHome')}
        </Link>
      }
    />
  )
}

/** After the book was deleted: a calm confirmation and the ways onward, in place of the management page. */
function BookDeleted({ name }: { name: string }) {
  return (
    <MessageScreen
      role="status"
      title={t('adminDashboard.deletedTitle', { name: withHonorific(name) })}
      text={t('adminDashboard.deletedText')}
      action={
        <>
          <Link to="/dashboard" className={buttonClasses({ size: 'lg' })}>
            {t('adminDashboard.toDashboard')}
          </Link>
          <Link to="/" className={buttonClasses({ variant: 'secondary', size: 'lg' })}>
            {t('adminDashboard.backHome')}
          </Link>
        </>
      }
    />
  )
}

function BookHeader({ book, user, role }: { book: ManagedBook; user: SessionUser; role: ManagementRole }) {
  const { signOut } = useAuthSession()
  const navigate = useNavigate()
  return (
    <Card className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <div className="size-20 shrink-0 overflow-hidden rounded-full border border-line bg-plum-50">
          {book.profile_image_url && (
            <SizedImage src={book.profile_image_url} variant={240} alt="" className="size-full object-cover" />
          )}
        </div>
        <div className="flex min-w-0 flex-col gap-1">
          <h1 className="text-2xl font-bold text-ink md:text-3xl">
            {t('adminDashboard.title', { name: withHonorific(book.full_name) })}
          </h1>
          <LifeDates birthDate={book.birth_date} deathDate={book.death_date} className="text-ink-soft" />
        </div>
      </div>
      <p className="text-sm text-ink-muted">
        {t('adminDashboard.signedInAs', { name: user.fullName ?? user.email, role: t(`adminDashboard.roles.${role}`) })}
      </p>
      <div className="flex flex-wrap gap-2">
        {role === 'platformAdmin' && (
          <Link to="/admin-panel" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
            {t('adminDashboard.adminPanel')}
          </Link>
        )}
        <Button variant="ghost" size="sm" onClick={() => void signOut().finally(() => navigate('/'))}>
          {t('adminDashboard.signOut')}
        </Button>
      </div>
    </Card>
  )
}

function ManagementDashboard({
  user,
  bookRef,
  memoryId,
}: {
  user: SessionUser
  bookRef: string | null
  memoryId: string | null
}) {
  const access = useManagementAccess(bookRef, user.id)
  const [deletedName, setDeletedName] = useState<string | null>(null)
  if (deletedName !== null) return <BookDeleted name={deletedName} />
  if (access.isPending) {
    return (
      <div className="flex min-h-[50dvh] flex-col items-center justify-center gap-3 text-ink-soft">
        <Spinner label={t('adminDashboard.checking')} />
        <p aria-hidden="true">{t('adminDashboard.checking')}</p>
      </div>
    )
  }
  if (access.isError) return <Denied reason="denied" />
  if (!access.data.granted) return <Denied reason={access.data.reason} />
  const { book, role, canManage } = access.data
  const link = familyViewLink(book)
  return (
    <Container width="narrow" className="flex flex-col gap-8 py-10 md:py-14">
      <BookHeader book={book} user={user} role={role} />
      <Card className="flex flex-col gap-5">
        {book.family_access_code && <FamilyCode code={book.family_access_code} />}
        <ShareLinkField link={link} />
      </Card>
      {canManage && <BookActions book={book} shareLink={link} />}
      {canManage && <OwnershipTransferCard bookId={book.id} deceasedName={book.full_name} />}
      <MemoryList book={book} canManage={canManage} focusedMemoryId={memoryId} />
      <ExportBookCard bookId={book.id} />
      {canManage && (
        <DeleteBookDialog bookId={book.id} bookName={book.full_name} onDeleted={() => setDeletedName(book.full_name)} />
      )}
    </Container>
  )
}

/**
 * /admin-dashboard?book={uuid or short code}[&memory={memory id}] (an e-mail's hide link opens the page at that memory):
 * checking, then denied ('the link is no longer valid') or granted. The owner and platform admins manage;
 * a confirmed family admin sees it read-only.
 */
export default function AdminDashboardPage() {
  const [params] = useSearchParams()
  const user = useGuardedUser()
  return <ManagementDashboard user={user} bookRef={params.get('book')} memoryId={params.get(MANAGED_MEMORY_PARAM)} />
}
