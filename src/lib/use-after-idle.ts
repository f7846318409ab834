import { useEffect, useState } from 'react'

/** False on the first render, true once the browser has a quiet moment (at the latest after `timeoutMs`). */
export function useAfterIdle(timeoutMs = 2000): boolean {
  const [isIdle, setIsIdle] = useState(false)

  useEffect(() => {
    const markIdle = () => setIsIdle(true)
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(markIdle, { timeout: timeoutMs })
      return () => window.cancelIdleCallback(handle)
    }
    const timer = window.setTimeout(markIdle, 1)
    return () => window.clearTimeout(timer)
  }, [timeoutMs])

  return isIdle
}
