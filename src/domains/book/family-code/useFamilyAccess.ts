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
export function useFamilyAccess(bookUuid: string | undefined, enabled = true): FamilyAccess {
  const [given, setGiven] = useState<string | null>(null)
  const [revoked, setRevoked] = useState(false)
  const stored = useMemo(
    () => (bookUuid && enabled && !revoked ? recallFamilyAccess(bookUuid) : null),
    [bookUuid, enabled, revoked],
  )
  const accept = useCallback(
    (grant: string) => {
      if (bookUuid) rememberFamilyAccess(bookUuid, grant)
      setGiven(grant)
    },
    [bookUuid],
  )
  const forget = useCallback(() => {
    if (bookUuid) forgetFamilyAccess(bookUuid)
    setGiven(null)
    setRevoked(true)
  }, [bookUuid])
  return { grant: given ?? stored, accept, forget, revoked }
}
