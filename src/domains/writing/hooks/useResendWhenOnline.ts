import { useEffect, useEffectEvent, useRef } from 'react'

/**
 * A memory the visitor already sent goes out again by itself: when the connection returns, and
 * once right after the form opens online with one waiting. `resend` decides whether a send is
 * still due (it is not while one is running).
 */
export function useResendWhenOnline(pending: boolean, openedPending: boolean, resend: () => void) {
  const onOnline = useEffectEvent(resend)
  const resendOnOpen = useRef(openedPending)
  useEffect(() => {
    if (!pending) return
    const listener = () => onOnline()
    window.addEventListener('online', listener)
    let timer: number | undefined
    if (resendOnOpen.current && navigator.onLine) {
      timer = window.setTimeout(() => {
        resendOnOpen.current = false
        listener()
      }, 0)
    }
    return () => {
      window.removeEventListener('online', listener)
      window.clearTimeout(timer)
    }
  }, [pending])
}
