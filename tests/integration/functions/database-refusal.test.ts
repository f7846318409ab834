/**
 * The functions' one reading of a database refusal (supabase/functions/_shared/refusals): a refusal
 * the database raised or answered becomes the HTTP answer with the reason's status, the database's
 * Hebrew message and the reason as its code; any other database error is a failure of the
 * function. Pure code: no stack is needed.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { DATABASE_REASONS } from '../../../contracts/refusals.ts'
import {
  refuseWithDatabaseError,
  refuseWithReason,
  statusOfReason,
} from '../../../supabase/functions/_shared/refusals/database-refusal.ts'
import { HttpError, handleRequest } from '../../../supabase/functions/_shared/http/http.ts'

function thrownBy(act: () => never): unknown {
  try {
    act()
  } catch (error) {
    return error
  }
  throw new Error('nothing was thrown')
}

describe('a database refusal in the functions', () => {
  afterEach(() => vi.restoreAllMocks())

  it('has a status for every reason the database refuses with, each an HTTP client error', () => {
    for (const reason of DATABASE_REASONS) {
      expect(statusOfReason(reason), reason).toBeGreaterThanOrEqual(400)
      expect(statusOfReason(reason), reason).toBeLessThan(500)
    }
  })

  it('answers what does not exist 404, who may not 401/403, a lockout 429, an expired link 410', () => {
    expect(statusOfReason('book_not_found')).toBe(404)
    expect(statusOfReason('login_required')).toBe(401)
    expect(statusOfReason('not_book_owner')).toBe(403)
    expect(statusOfReason('gift_claim_locked')).toBe(429)
    expect(statusOfReason('invitation_expired')).toBe(410)
    expect(statusOfReason('chat_session_full')).toBe(409)
    expect(statusOfReason('memory_text_too_long')).toBe(400)
  })

  it('turns a raised refusal (P0001 or 42501 with its reason as hint) into its HTTP answer', () => {
    const refused = thrownBy(() =>
      refuseWithDatabaseError('cancel_gift_as', { code: 'P0001', message: 'המתנה לא נמצאה', hint: 'gift_not_found' }),
    )
    expect(refused).toBeInstanceOf(HttpError)
    expect(refused).toMatchObject({ status: 404, message: 'המתנה לא נמצאה', code: 'gift_not_found' })
    const denied = thrownBy(() =>
      refuseWithDatabaseError('decide', { code: '42501', message: 'רק בעל הספר', hint: 'not_book_owner' }),
    )
    expect(denied).toMatchObject({ status: 403, code: 'not_book_owner' })
  })

  it('treats a database error that names no refusal as a failure of the function, never shown as is', async () => {
    const broken = thrownBy(() =>
      refuseWithDatabaseError('memory_books', { code: '42P01', message: 'relation "x" does not exist', hint: null }),
    )
    expect(broken).not.toBeInstanceOf(HttpError)
    const unknownHint = thrownBy(() =>
      refuseWithDatabaseError('x', { code: 'P0001', message: 'Use a different name', hint: 'some_postgres_hint' }),
    )
    expect(unknownHint).not.toBeInstanceOf(HttpError)
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const answer = await handleRequest(() => {
      refuseWithDatabaseError('memory_books', { code: '42P01', message: 'relation "x" does not exist' })
    })(new Request('http://function/x', { method: 'POST' }))
    expect(answer.status).toBe(500)
    expect(await answer.json()).toMatchObject({ code: 'internal_error' })
  })

  it('refuses with a reason a database function answered rather than raised', async () => {
    const answer = await handleRequest(() => refuseWithReason('gift_expired', 'קוד המתנה פג תוקפו'))(
      new Request('http://function/claim-gift', { method: 'POST' }),
    )
    expect(answer.status).toBe(410)
    expect(await answer.json()).toEqual({ error: 'קוד המתנה פג תוקפו', code: 'gift_expired' })
  })
})
