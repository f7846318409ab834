import { useEffect, useRef, useState } from 'react'

/**
 * True once the element comes within `margin` of the viewport (at once where the browser cannot
 * tell; never while prerendering): below-the-fold sections load their code only when the reader
 * scrolls towards them.
 */
export function useNearViewport<T extends Element>(margin = '600px') {
  const ref = useRef<T>(null)
  const [near, setNear] = useState(() => typeof window !== 'undefined' && typeof IntersectionObserver === 'undefined')
  useEffect(() => {
    const element = ref.current
    if (near || !element) return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true)
      },
      { rootMargin: `${margin} 0px ${margin} 0px` },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [near, margin])
  return { ref, near }
}
