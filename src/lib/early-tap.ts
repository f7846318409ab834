/**
 * The prerendered landing paints before its code has loaded, so a button tapped in that moment has
 * no handler yet. The page's start script (scripts/prerender-shell.ts) keeps the last such button
 * and starts the app at once; once the page is hydrated the tap is replayed, so the visitor's first
 * tap is not lost. After hydration has begun, React replays taps itself.
 */
declare global {
  interface Window {
    /** The button tapped before hydration began, kept by the start script. */
    __zochrimEarlyTap?: HTMLElement | null
    /** Set when hydration begins: from then on the start script keeps no taps. */
    __zochrimHydrating?: boolean
  }
}

export function markHydrationStarted(): void {
  window.__zochrimHydrating = true
}

/** Taps the kept button again, once (call after hydration has committed). */
export function replayEarlyTap(): void {
  const button = window.__zochrimEarlyTap
  window.__zochrimEarlyTap = null
  if (button?.isConnected) button.click()
}
