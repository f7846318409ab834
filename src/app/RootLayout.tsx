import { useEffect } from 'react'
import { Outlet } from 'react-router-dom'
import { replayEarlyTap } from '@/lib/early-tap'
import { RouteProgress } from './RouteProgress'
import { ScrollToTop } from './ScrollToTop'
import { useDocumentTitle } from './useDocumentTitle'

export function RootLayout() {
  useDocumentTitle()
  useEffect(replayEarlyTap, [])
  return (
    <>
      <ScrollToTop />
      <RouteProgress />
      <Outlet />
    </>
  )
}
