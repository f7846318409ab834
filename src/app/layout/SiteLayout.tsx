import { Outlet } from 'react-router-dom'
import { t } from '@/i18n/he'
import { DeferredSupportChat } from './DeferredSupportChat'
import { SiteFooter } from './SiteFooter'
import { SiteHeader } from './SiteHeader'

const mainContentId = 'main-content'

export function SiteLayout() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href={`#${mainContentId}`}
        className="sr-only z-50 rounded-full bg-plum-700 px-4 py-2 text-white focus:not-sr-only focus:fixed focus:start-4 focus:top-4"
      >
        {t('common.skipToContent')}
      </a>
      <SiteHeader />
      <main id={mainContentId} className="flex-1">
        <Outlet />
      </main>
      <SiteFooter />
      <DeferredSupportChat />
    </div>
  )
}
