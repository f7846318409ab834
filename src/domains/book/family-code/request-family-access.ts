import type { FamilyAccessAnswer } from '@contracts/family-access.ts'
import { invokePublicFunction } from '@/lib/edge-functions'

/** What the browser proves besides the typed code: the family link's key, a grant it holds or held. */
export interface FamilyAccessProof {
  linkKey?: string | null
  heldGrant?: string | null
}

/**
 * Asks the family-access function whether `code` (or the family link's key) opens the book. The
 * server counts the attempt (10 wrong codes per address within 15 minutes lock that address out
 * for 15 minutes; 100 wrong codes for a book in a day pause typed codes for it, but never the
 * family link or a browser that holds a grant) and, for the right code, answers an access grant
 * for this book, valid for a few hours, which reading and adding memories then use instead of the
 * code. A lockout throws a Refusal for which isFamilyCodeLocked is true.
 */
export async function requestFamilyAccess(
  bookRef: string,
  code: string,
  { linkKey, heldGrant }: FamilyAccessProof = {},
): Promise<FamilyAccessAnswer> {
  return invokePublicFunction('family-access', {
    book_ref: bookRef,
    code,
    ...(linkKey ? { link_key: linkKey } : {}),
    ...(heldGrant ? { held_grant: heldGrant } : {}),
  })
}
