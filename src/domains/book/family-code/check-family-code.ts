import { useMutation } from '@tanstack/react-query'
import { isFamilyCodeLocked } from '@/domains/book/api/api-error'
import { requestFamilyAccess } from './request-family-access'
import { takeEarlyFamilyAccess } from './early-family-access'
import { normaliseFamilyCode, recallHeldGrant } from './family-code-session'

export type CodeCheckOutcome =
  | { kind: 'granted'; grant: string }
  | { kind: 'wrong' }
  | { kind: 'locked'; message: string }
  /** The book has had too many wrong codes today: typed codes wait; the family's link opens it. */
  | { kind: 'paused'; message: string }
  | { kind: 'failed' }

/**
 * Asks the server whether `code` opens the book, with the family link's key when the link
 * carried one and any grant this tab holds or held; every answer, the lockout included, is an
 * outcome. A granted outcome carries the access grant, never the code. The head script's exchange
 * of the link's code, when it made one, is its answer (the server counted that attempt once).
 */
export async function checkFamilyCode(
  bookId: string,
  code: string,
  linkKey: string | null = null,
): Promise<CodeCheckOutcome> {
  const typed = normaliseFamilyCode(code)
  try {
    const answer = await (takeEarlyFamilyAccess(bookId, typed, linkKey) ??
      requestFamilyAccess(bookId, typed, { linkKey, heldGrant: recallHeldGrant(bookId) }))
    if (answer.ok) return { kind: 'granted', grant: answer.access_grant }
    if (answer.reason === 'family_code_paused') return { kind: 'paused', message: answer.message }
    return { kind: 'wrong' }
  } catch (error) {
    if (isFamilyCodeLocked(error)) return { kind: 'locked', message: error.message }
    return { kind: 'failed' }
  }
}

export function useCheckFamilyCode() {
  return useMutation({
    mutationFn: ({ bookRef, code }: { bookRef: string; code: string }) => checkFamilyCode(bookRef, code),
  })
}
