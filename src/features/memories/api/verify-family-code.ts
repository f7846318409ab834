import { toBookApiError } from './api-error'
import { getTypedSupabase } from '@/lib/supabase'
import { withNetworkRetryResult } from './with-network-retry-result'

/**
 * Is this the book's family code? Checked by the server (verify_family_code), which counts wrong
 * attempts and, after 10 within 15 minutes, refuses with the lockout message (a BookApiError
 * for which isFamilyCodeLocked is true).
 */
export async function verifyFamilyCode(bookRef: string, code: string): Promise<boolean> {
  const supabase = await getTypedSupabase()
  const { data, error } = await withNetworkRetryResult(() =>
    supabase.rpc('verify_family_code', { book_ref: bookRef, code: code.trim() }),
  )
  if (error) throw toBookApiError(error)
  return data === true
}
