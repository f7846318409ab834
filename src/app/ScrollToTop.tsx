import { useLayoutEffect } from 'react'
import { useLocation } from 'react-router-dom'

/** Every change of path starts the new page at its top (query and hash changes keep the position). */
export function ScrollToTop() {
  const { pathname } = useLocation()

  useLayoutEffect(() => {
    window.scrollTo({ top: 0, left: 0, behavior: 'instant' })
  }, [pathname])

  return null
}
