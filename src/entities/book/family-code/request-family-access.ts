import { EdgeFunctionError, invokePublicFunction } from '@/lib/edge-functions'
import { BookApiError } from '@/entities/book/api/api-error'

type FamilyAccessAnswer =
  | { ok: true; access_grant: string; expires_at: string }
  | { ok: false; reason: string; message: string }

/**
 * Asks the family-access function whether `code` opens the book. The server counts the attempt
 * (10 wrong codes per address within 15 minutes lock that address out for 15 minutes) and, for
 * the right code, answers an access grant for this book, valid for a few hours, which reading
 * and adding memories then use instead of the code. A lockout throws a BookApiError for which
 * isFamilyCodeLocked is true, carrying the server's message.
 */
export async function requestFamilyAccess(bookRef: string, code: string): Promise<string | null> {
  try {
    const answer = await invokePublicFunction<FamilyAccessAnswer>('family-access', { book_ref: bookRef, code })
    return answer.ok ? answer.access_grant : null
  } catch (error) {
    if (error instanceof EdgeFunctionError) throw new BookApiError(error.message, String(error.status), error.code)
    throw error
  }
}
