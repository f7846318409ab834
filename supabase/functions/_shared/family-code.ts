/**
 * Family-code checks for the functions: the caller's address and the one database call that
 * records the attempt, applies the per-client and per-book limits, compares the code and, when
 * it is right, issues an access grant (public.family_code_check, service role only). The attempt
 * is recorded in this function's own request to the database, whose transaction no client
 * controls.
 */
import type { ServiceClient } from './clients.ts'

export { clientAddress } from './http.ts'

export type FamilyCodeCheck =
  | { ok: true; reason: 'granted'; access_grant: string; expires_at: string; book_id: string }
  | { ok: false; reason: 'book_not_found' | 'family_code_invalid' | 'family_code_locked'; message: string }

export async function checkFamilyCode(
  service: ServiceClient,
  bookRef: string,
  code: string,
  client: string,
): Promise<FamilyCodeCheck> {
  const { data, error } = await service.rpc('family_code_check', { book_ref: bookRef, code, client })
  if (error) throw new Error(`family_code_check: ${error.message}`)
  return data as FamilyCodeCheck
}
