/*
 * When what the page's HTML painted is on the reader's screen. The app's code is fetched only then,
 * so it never shares a slow connection (or the main thread) with the first paint. The browser
 * reports a paint once the frame is presented (Paint Timing and Element Timing entries); a frame
 * callback runs before the paint, so it serves only where those entries are not reported. A hidden
 * tab paints no frames: there it settles at once.
 */

/** Where pictures carry this Element Timing identifier, their paint is reported. */
export const SHOWN_PICTURE_TIMING = 'first-screen'

/** An Element Timing entry (not yet in TypeScript's DOM types): the element whose paint it reports. */
interface ElementTimingEntry extends PerformanceEntry {
  readonly element: Element | null
}

/** The longest the app's code waits for a paint to be reported. */
const REPORT_WAIT_MS = 3000

function observes(type: string): boolean {
  return typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes(type)
}

function afterFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)))
}

/** Settles once `reported` accepts the browser's entries of `type` (buffered ones included), or after the wait. */
function whenReported(type: string, reported: (entries: PerformanceEntryList) => boolean): Promise<void> {
  return new Promise((resolve) => {
    const settle = () => {
      observer.disconnect()
      clearTimeout(timer)
      setTimeout(resolve)
    }
    const seen: PerformanceEntry[] = []
    const observer = new PerformanceObserver((list) => {
      seen.push(...list.getEntries())
      if (reported(seen)) settle()
    })
    const timer = setTimeout(settle, REPORT_WAIT_MS)
    observer.observe({ type, buffered: true })
  })
}

/** Once the page's first text or picture is on screen (its first-contentful-paint). */
export function firstContentShown(): Promise<void> {
  if (document.visibilityState === 'hidden') return Promise.resolve()
  if (!observes('paint')) return afterFrame()
  return whenReported('paint', (entries) => entries.some((entry) => entry.name === 'first-contentful-paint'))
}

/**
 * Once each of these loaded pictures is on screen. Each must carry
 * `elementtiming="first-screen"` before it is painted; without pictures, the first content.
 */
export function picturesShown(pictures: readonly HTMLImageElement[]): Promise<void> {
  const painted = pictures.filter((picture) => picture.complete && picture.naturalWidth > 0)
  if (painted.length === 0) return firstContentShown()
  if (document.visibilityState === 'hidden') return Promise.resolve()
  if (!observes('element')) return afterFrame()
  return whenReported('element', (entries) =>
    painted.every((picture) => entries.some((entry) => (entry as ElementTimingEntry).element === picture)),
  )
}
