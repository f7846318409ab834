import { useEffect, useRef, useState } from 'react'

const memoryPageSize = 30

/**
 * Shows a long list a page at a time: the first `pageSize` items, and the next page when the
 * sentinel below the list comes within a screen of the viewport (or when `loadMore` is pressed).
 * Key the list's component by its filters, so a new search starts again at the first page.
 */
export function usePagedItems<T>(items: readonly T[], pageSize = memoryPageSize) {
  const [pages, setPages] = useState(1)
  const sentinelRef = useRef<HTMLDivElement>(null)
  const visible = items.slice(0, pages * pageSize)
  const hasMore = visible.length < items.length

  useEffect(() => {
    const sentinel = sentinelRef.current
    if (!sentinel || !hasMore || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setPages((count) => count + 1)
      },
      { rootMargin: '0px 0px 900px 0px' },
    )
    observer.observe(sentinel)
    return () => observer.disconnect()
  }, [hasMore, pages])

  return { visible, hasMore, loadMore: () => setPages((count) => count + 1), sentinelRef }
}
