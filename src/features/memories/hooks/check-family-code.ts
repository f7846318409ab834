import { isFamilyCodeLocked } from '../api/api-error'
import { verifyFamilyCode } from '../api/verify-family-code'
import { normaliseFamilyCode } from '../lib/family-code-session'

export type CodeCheckOutcome =
  | { kind: 'granted'; code: string }
  | { kind: 'wrong' }
  | { kind: 'locked'; message: string }
  | { kind: 'failed' }

/** Asks the server whether `code` opens the book; every answer, the lockout included, is an outcome. */
export async function checkFamilyCode(bookRef: string, code: string): Promise<CodeCheckOutcome> {
  const typed = normaliseFamilyCode(code)
  try {
    return (await verifyFamilyCode(bookRef, typed)) ? { kind: 'granted', code: typed } : { kind: 'wrong' }
  } catch (error) {
    if (isFamilyCodeLocked(error)) return { kind: 'locked', message: error.message }
    return { kind: 'failed' }
  }
}
