import { Outlet } from 'react-router-dom'
import { RouteProgress } from './RouteProgress'
import { ScrollToTop } from './ScrollToTop'
import { useDocumentTitle } from './useDocumentTitle'

export function RootLayout() {
  useDocumentTitle()
  return (
    <>
      <ScrollToTop />
      <RouteProgress />
      <Outlet />
    </>
  )
}
