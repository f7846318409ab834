import { useEffect, useState } from 'react'

/** Whether the screen is kept on: `held`, `unavailable` (no Wake Lock, or the browser refused), or `off` (not asked). */
export type ScreenAwake = 'held' | 'unavailable' | 'off'

/**
 * Keeps the screen on while `active` (the Wake Lock API, where the browser has it: Safari 16.4+,
 * Chromium, Firefox 126+). The browser drops the lock when the page is hidden; it is asked again
 * when the page shows. Where it cannot be had, the screen says what to do instead.
 */
export function useScreenAwake(active: boolean): ScreenAwake {
  const [answer, setAnswer] = useState<'held' | 'refused' | null>(null)
  const wakeLock = typeof navigator !== 'undefined' ? navigator.wakeLock : undefined
  useEffect(() => {
    if (!active || !wakeLock) return
    let sentinel: WakeLockSentinel | null = null
    let ended = false
    const hold = () => {
      if (document.visibilityState !== 'visible') return
      wakeLock.request('screen').then(
        (held) => {
          if (ended) return void held.release()
          sentinel = held
          setAnswer('held')
        },
        () => !ended && setAnswer('refused'),
      )
    }
    hold()
    document.addEventListener('visibilitychange', hold)
    return () => {
      ended = true
      document.removeEventListener('visibilitychange', hold)
      void sentinel?.release()
      setAnswer(null)
    }
  }, [active, wakeLock])
  if (!active) return 'off'
  if (!wakeLock || answer === 'refused') return 'unavailable'
  return answer === 'held' ? 'held' : 'off'
}
