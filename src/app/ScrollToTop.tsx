import { useLayoutEffect, useRef } from 'react'
import { useLocation } from 'react-router-dom'

/**
 * Every change of path starts the new page at its top (query and hash changes keep the position).
 * The first page keeps where the reader is: its HTML painted before the app started, and they may
 * have scrolled already.
 */
export function ScrollToTop() {
  const { pathname } = useLocation()
  const shownPath = useRef(pathname)

  useLayoutEffect(() => {
    if (shownPath.current === pathname) return
    shownPath.current = pathname
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [pathname])

  return null
}
