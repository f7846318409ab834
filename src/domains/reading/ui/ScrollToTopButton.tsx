import { useEffect, useState } from 'react'
import { tMemories as t } from '@/domains/memories/strings/memories'
import { ArrowUpIcon } from '@/components/ui/media-icons'

const scrollToTopThresholdPx = 400

/** A round button at the bottom end of the screen once the reader has scrolled past 400 px. */
export function ScrollToTopButton() {
  // No window when the page is rendered at build time (src/app/prerender.tsx).
  const [visible, setVisible] = useState(() => typeof window !== 'undefined' && window.scrollY > scrollToTopThresholdPx)

  useEffect(() => {
    const update = () => setVisible(window.scrollY > scrollToTopThresholdPx)
    window.addEventListener('scroll', update, { passive: true })
    return () => window.removeEventListener('scroll', update)
  }, [])

  if (!visible) return null
  return (
    <button
      type="button"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
      aria-label={t('scrollToTop')}
      className="fixed end-4 bottom-5 z-30 inline-flex size-12 items-center justify-center rounded-full bg-plum-700 text-white shadow-soft transition-colors hover:bg-plum-800 focus-visible:ring-2 focus-visible:ring-plum-500 focus-visible:ring-offset-2 focus-visible:outline-none motion-safe:animate-fade-in"
    >
      <ArrowUpIcon className="size-6" />
    </button>
  )
}
