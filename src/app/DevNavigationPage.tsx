import { lazy, Suspense } from 'react'
import { NotFoundPage } from './NotFoundPage'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { isLocalStack } from '@/config/is-local-stack'

// Only a development build has the page at all: a production build drops this import.
const DevNavigation = import.meta.env.DEV ? lazy(() => import('./DevNavigation')) : null

/** /dev-navigation: every route and the demo logins, on the local stack only; elsewhere the 404 page. */
export default function DevNavigationPage() {
  if (!DevNavigation || !isLocalStack()) return <NotFoundPage />
  return (
    <Suspense fallback={<ScreenLoading />}>
      <DevNavigation />
    </Suspense>
  )
}
