/**
 * Session inactivity: while someone is signed in, their activity (pointer, keys, scrolling, touch)
 * is noted at most every ACTIVITY_THROTTLE_MS; every 5 minutes a check flags a session idle for
 * 30 minutes or more, once per idle stretch. Time comes from an injectable clock.
 */

export const INACTIVITY_CHECK_INTERVAL_MS = 5 * 60 * 1000
const INACTIVITY_LIMIT_MS = 30 * 60 * 1000
const ACTIVITY_THROTTLE_MS = 10 * 1000
export const ACTIVITY_EVENTS = ['mousedown', 'mousemove', 'keypress', 'scroll', 'touchstart', 'click'] as const

export interface InactivityClock {
  now(): number
  setInterval(callback: () => void, ms: number): number
  clearInterval(handle: number): void
}

const systemClock: InactivityClock = {
  now: () => Date.now(),
  setInterval: (callback, ms) => window.setInterval(callback, ms),
  clearInterval: (handle) => window.clearInterval(handle),
}

export interface InactivityMonitor {
  recordActivity(): void
  check(): void
  lastActivityAt(): number
}

export function createInactivityMonitor(
  clock: InactivityClock,
  onInactive: (idleMs: number) => void,
): InactivityMonitor {
  let lastActivity = clock.now()
  let flagged = false
  return {
    recordActivity() {
      const now = clock.now()
      if (now - lastActivity < ACTIVITY_THROTTLE_MS) return
      lastActivity = now
      flagged = false
    },
    check() {
      const idleMs = clock.now() - lastActivity
      if (flagged || idleMs < INACTIVITY_LIMIT_MS) return
      flagged = true
      onInactive(idleMs)
    },
    lastActivityAt: () => lastActivity,
  }
}

export interface InactivityWatchOptions {
  onInactive: (idleMs: number) => void
  clock?: InactivityClock
  target?: Pick<EventTarget, 'addEventListener' | 'removeEventListener'>
}

/** Listens for activity on `target` (the window) and checks on an interval; returns the stop function. */
export function startInactivityWatch({
  onInactive,
  clock = systemClock,
  target = window,
}: InactivityWatchOptions): () => void {
  const monitor = createInactivityMonitor(clock, onInactive)
  const listener = () => monitor.recordActivity()
  const options: AddEventListenerOptions = { passive: true, capture: true }
  for (const type of ACTIVITY_EVENTS) target.addEventListener(type, listener, options)
  const interval = clock.setInterval(() => monitor.check(), INACTIVITY_CHECK_INTERVAL_MS)
  return () => {
    for (const type of ACTIVITY_EVENTS) target.removeEventListener(type, listener, options)
    clock.clearInterval(interval)
  }
}
