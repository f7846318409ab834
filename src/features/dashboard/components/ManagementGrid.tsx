import { useState } from 'react'
import { Link } from 'react-router-dom'
import type { MyBook } from '@/domains/book/api/my-books'
import { PrivacyDialog } from '@/domains/book/ui/PrivacyDialog'
import { tDashboard as t } from '@/i18n/dashboard'
import { managementActions, type ManagementAction } from '../lib/management-actions'

const tileClasses =
  'flex min-h-20 flex-col justify-center gap-1 rounded-2xl border border-line bg-surface px-4 py-3 text-start font-medium ' +
  'text-ink shadow-soft transition-colors hover:border-plum-300 hover:bg-plum-50 focus-visible:ring-2 ' +
  'focus-visible:ring-plum-500 focus-visible:outline-none'

function TileText({ action, locked }: { action: ManagementAction; locked: boolean }) {
  return (
    <>
      <span>{t(`grid.${action.key}`)}</span>
      {action.key === 'manageBook' && (
        <span className="text-xs font-normal text-ink-muted">{t('grid.manageBookHint')}</span>
      )}
      {locked && <span className="text-xs font-normal text-gold-700">{t('grid.needsPayment')}</span>}
    </>
  )
}

/** The management grid of the selected book, with the privacy dialog. */
export function ManagementGrid({ book, isPlatformAdmin }: { book: MyBook; isPlatformAdmin: boolean }) {
  const [privacyOpen, setPrivacyOpen] = useState(false)
  const actions = managementActions(book, isPlatformAdmin)
  return (
    <section aria-labelledby="management-title" className="flex flex-col gap-4">
      <h2 id="management-title" className="text-2xl font-bold text-ink">
        {t('grid.title')}
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
        {actions.map((action) => {
          const locked = !book.is_paid && action.feature !== null
          return (
            <li key={action.key} className="flex">
              {action.to ? (
                <Link to={action.to} className={`${tileClasses} w-full`}>
                  <TileText action={action} locked={locked} />
                </Link>
              ) : (
                <button type="button" className={`${tileClasses} w-full`} onClick={() => setPrivacyOpen(true)}>
                  <TileText action={action} locked={locked} />
                </button>
              )}
            </li>
          )
        })}
      </ul>
      <PrivacyDialog
        bookId={book.id}
        isPublic={book.is_public}
        familyCode={book.family_access_code}
        open={privacyOpen}
        onOpenChange={setPrivacyOpen}
      />
    </section>
  )
}
