import { useEffect, useState } from 'react'

/** False until `delayMs` have passed since `since` (a Date.now() value), then true. */
export function useTimePassed(since: number, delayMs: number): boolean {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const remaining = since + delayMs - Date.now()
    if (remaining <= 0) return
    const timer = window.setTimeout(() => setNow(Date.now()), remaining)
    return () => window.clearTimeout(timer)
  }, [since, delayMs])
  return now - since >= delayMs
}
