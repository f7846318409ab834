import type { MyBook } from '@/domains/book/api/my-books'
import type { dashboardStrings } from '@/i18n/dashboard'

type GridLabel = keyof typeof dashboardStrings.grid
type PaidFeature = 'slideshow' | 'advanced_sharing' | 'add_memories'

export interface ManagementAction {
  key: GridLabel
  /** Where it leads; the privacy action opens a dialog instead. */
  to: string | null
  /** The paid feature it needs: an unpaid owner is sent to /payment with it. */
  feature: PaidFeature | null
}

function paymentPath(book: MyBook, feature: PaidFeature): string {
  return `/payment?plan=${book.plan_type}&type=for_me&feature=${feature}&book=${book.id}`
}

/**
 * The management grid: the owner gets every action, a family admin (read-only) the
 * viewing ones, a platform admin also the admin panel. Actions an unpaid book cannot use lead to
 * /payment with the matching feature.
 */
export function managementActions(book: MyBook, isPlatformAdmin: boolean): ManagementAction[] {
  const all: ManagementAction[] = [
    { key: 'viewBook', to: `/view-book/${book.short_code}`, feature: null },
    { key: 'editBook', to: `/edit-book/${book.id}`, feature: null },
    { key: 'showQr', to: `/qr-display?book=${book.short_code}`, feature: 'advanced_sharing' },
    { key: 'privacy', to: null, feature: 'advanced_sharing' },
    { key: 'addAdmin', to: `/add-family-admin?book=${book.id}`, feature: 'advanced_sharing' },
    { key: 'slideshow', to: `/memories-slideshow/${book.short_code}?family=true`, feature: 'slideshow' },
    { key: 'manageBook', to: `/admin-dashboard?book=${book.id}`, feature: 'advanced_sharing' },
  ]
  const manages = book.is_owner || isPlatformAdmin
  const allowed = manages ? all : all.filter((action) => action.key === 'viewBook' || action.key === 'slideshow')
  const actions = allowed.map((action) =>
    book.is_paid || !action.feature ? action : { ...action, to: paymentPath(book, action.feature) },
  )
  return isPlatformAdmin ? [...actions, { key: 'adminPanel', to: '/admin-panel', feature: null }] : actions
}
