import { startTransition, useEffect, useRef, useState } from 'react'

const memoryPageSize = 30

/** As many memory cards as fill a phone's first screen. */
const memoriesOnFirstScreen = 4

/**
 * Shows a long list a page at a time: the first `pageSize` items, and the next page when the
 * sentinel below the list comes within a screen of the viewport (or when `loadMore` is pressed).
 * Key the list's component by its filters, so a new search starts again at the first page.
 *
 * The first render shows only what fills the first screen (`firstScreen` items), so the first
 * items appear without waiting for the whole page of them; the rest of the page renders in a
 * transition right after, in slices that leave the main thread free for a tap.
 */
export function usePagedItems<T>(items: readonly T[], pageSize = memoryPageSize, firstScreen = memoriesOnFirstScreen) {
  const [pages, setPages] = useState(1)
  const [firstScreenOnly, setFirstScreenOnly] = useState(true)
  const sentinelRef = useRef<HTMLDivElement>(null)
  const limit = pages * pageSize
  const visible = items.slice(0, firstScreenOnly ? Math.min(limit, firstScreen) : limit)
  const hasMore = !firstScreenOnly && limit < items.length

  useEffect(() => startTransition(() => setFirstScreenOnly(false)), [])

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
