import { Link } from 'react-router-dom'
import { Button } from '@/components/ui/Button'
import { buttonClasses } from '@/components/ui/button-classes'
import { copyWithToast } from '@/lib/clipboard'
import { tDashboard as t } from '@/i18n/dashboard'
import type { ManagedBook } from '@/domains/book/api/get-management-access'
import { RenewFamilyCodeDialog } from './RenewFamilyCodeDialog'

export interface BookActionsProps {
  book: ManagedBook
  shareLink: string
}

/** What the owner (or a platform admin) does here: edit, share, QR, admins, a new family code. */
export function BookActions({ book, shareLink }: BookActionsProps) {
  const secondary = buttonClasses({ variant: 'secondary' })
  return (
    <section aria-labelledby="book-actions-title" className="flex flex-col gap-4">
      <h2 id="book-actions-title" className="text-2xl font-bold text-ink">
        {t('adminDashboard.actions')}
      </h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <Link to={`/edit-book/${book.id}`} className={secondary}>
          {t('adminDashboard.edit')}
        </Link>
        <Button variant="secondary" onClick={() => void copyWithToast(shareLink, t('adminDashboard.linkCopyLabel'))}>
          {t('adminDashboard.shareLink')}
        </Button>
        <Link to={`/qr-display?book=${book.short_code}`} className={secondary}>
          {t('adminDashboard.showQr')}
        </Link>
        <Link to={`/add-family-admin?book=${book.id}`} className={secondary}>
          {t('adminDashboard.manageAdmins')}
        </Link>
        <RenewFamilyCodeDialog bookId={book.id} currentCode={book.family_access_code} />
      </div>
    </section>
  )
}
