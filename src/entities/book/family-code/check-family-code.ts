import { useMutation } from '@tanstack/react-query'
import { isFamilyCodeLocked } from '@/entities/book/api/api-error'
import { requestFamilyAccess } from './request-family-access'
import { normaliseFamilyCode } from './family-code-session'

export type CodeCheckOutcome =
  | { kind: 'granted'; grant: string }
  | { kind: 'wrong' }
  | { kind: 'locked'; message: string }
  | { kind: 'failed' }

/**
 * Asks the server whether `code` opens the book; every answer, the lockout included, is an
 * outcome. A granted outcome carries the access grant, never the code.
 */
export async function checkFamilyCode(bookRef: string, code: string): Promise<CodeCheckOutcome> {
  const typed = normaliseFamilyCode(code)
  try {
    const grant = await requestFamilyAccess(bookRef, typed)
    return grant ? { kind: 'granted', grant } : { kind: 'wrong' }
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
