import { useCallback, useMemo, useState } from 'react'
import { forgetFamilyAccess, recallFamilyAccess, rememberFamilyAccess } from './family-code-session'

export interface FamilyAccess {
  /** The access grant this tab holds for the book: given at the gate on this screen, or kept earlier in the tab. */
  grant: string | null
  /** Keeps a grant the server gave for a right family code, for this screen and the tab. */
  accept: (grant: string) => void
  /** Forgets a grant the server refused: the code is asked for again. */
  forget: () => void
  /** The server refused this tab's grant on this screen. */
  revoked: boolean
}

/**
 * The one family-code access of a book (its uuid) for a screen: the gate's `onGranted` is
 * `accept`, reading and writing send `grant`. `enabled` false: the screen does not act as family,
 * and no stored grant is read.
 */
export function useFamilyAccess(bookId: string | undefined, enabled = true): FamilyAccess {
  const [given, setGiven] = useState<string | null>(null)
  const [revoked, setRevoked] = useState(false)
  const stored = useMemo(
    () => (bookId && enabled && !revoked ? recallFamilyAccess(bookId) : null),
    [bookId, enabled, revoked],
  )
  const accept = useCallback(
    (grant: string) => {
      if (bookId) rememberFamilyAccess(bookId, grant)
      setGiven(grant)
    },
    [bookId],
  )
  const forget = useCallback(() => {
    if (bookId) forgetFamilyAccess(bookId)
    setGiven(null)
    setRevoked(true)
  }, [bookId])
  return { grant: given ?? stored, accept, forget, revoked }
}
