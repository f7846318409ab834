import { lazy, Suspense } from 'react'
import { Link, NavLink } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { useAuthSession } from '@/domains/accounts/session/useAuthSession'
import { t } from '@/i18n/he'
import { cn } from '@/lib/cn'
import { BrandMark } from './BrandMark'
import { MobileNavDrawer } from './MobileNavDrawer'
import { contactHref, informationLinks } from './site-links'

const inlineLinkClasses =
  'rounded-full px-3 py-2 text-ink-soft transition-colors hover:bg-stone-200/60 hover:text-ink ' +
  'focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:outline-none'

function InlineNavigation() {
  const activeClasses = ({ isActive }: { isActive: boolean }) => cn(inlineLinkClasses, isActive && 'text-plum-800')
  return (
    <nav aria-label={t('header.mainNavigation')} data-signed-out-only className="hidden items-center gap-1 md:flex">
      <NavLink to={informationLinks.howItWorks} className={activeClasses}>
        {t('header.howItWorks')}
      </NavLink>
      <NavLink to={informationLinks.faq} className={activeClasses}>
        {t('header.faq')}
      </NavLink>
      <a href={contactHref} className={inlineLinkClasses}>
        {t('header.contact')}
      </a>
    </nav>
  )
}

/**
 * What only a signed-out visitor sees carries `data-signed-out-only`: a book page's first screen,
 * painted from the HTML before the app knows who is reading, hides it from a visitor who may be
 * signed in (src/domains/book/lib/book-shell.ts).
 */
function SignedOutActions() {
  return (
    <>
      <InlineNavigation />
      <div data-signed-out-only className="flex items-center gap-2">
        <Link to="/register" className={buttonClasses({ variant: 'ghost', size: 'sm' }, 'max-md:hidden')}>
          {t('header.register')}
        </Link>
        <Link to="/login" className={buttonClasses({ variant: 'secondary', size: 'sm' })}>
          {t('header.login')}
        </Link>
        <MobileNavDrawer />
      </div>
    </>
  )
}

/** The signed-in part (greeting and the personal menu) is its own chunk: only signed-in visitors need it. */
const SignedInHeaderActions = lazy(() => import('@/features/auth/components/SignedInHeaderActions'))

/**
 * Brand, then for a signed-out visitor information links (≥768 px) or a drawer (phones), register
 * and login; for a signed-in one a greeting and the personal menu.
 */
export function SiteHeader() {
  const { session } = useAuthSession()
  return (
    <header className="sticky top-0 z-30 border-b border-line/80 bg-canvas/90 backdrop-blur-md">
      <div className="mx-auto flex h-18 w-full max-w-5xl items-center justify-between gap-3 px-4 md:px-8">
        <BrandMark />
        {session.status === 'signed-in' ? (
          <Suspense fallback={null}>
            <SignedInHeaderActions user={session.user} />
          </Suspense>
        ) : (
          <SignedOutActions />
        )}
      </div>
    </header>
  )
}
