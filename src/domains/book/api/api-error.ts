/**
 * A failed database call, as the screens need it: the server's message (Hebrew for every refusal
 * the migrations raise), its SQLSTATE and its stable `hint` (e.g. family_code_locked).
 */
export class BookApiError extends Error {
  readonly code: string | undefined
  readonly reason: string | undefined

  constructor(message: string, code?: string, reason?: string) {
    super(message)
    this.name = 'BookApiError'
    this.code = code
    this.reason = reason
  }
}

interface PostgrestLikeError {
  message: string
  code?: string | null
  hint?: string | null
}

export function toBookApiError(error: PostgrestLikeError): BookApiError {
  return new BookApiError(error.message, error.code ?? undefined, error.hint ?? undefined)
}

/** Too many wrong family codes from this address: refused for a while (HTTP 429). */
export function isFamilyCodeLocked(error: unknown): error is BookApiError {
  return error instanceof BookApiError && (error.reason === 'family_code_locked' || error.code === '429')
}

/** The tab's access grant is wrong or has expired: the family code must be typed again. */
export function isFamilyAccessExpired(error: unknown): error is BookApiError {
  return error instanceof BookApiError && error.reason === 'family_access_expired'
}

/** A private book was asked for its memories without a family code. */
export function isFamilyCodeRequired(error: unknown): error is BookApiError {
  return error instanceof BookApiError && error.reason === 'family_code_required'
}
