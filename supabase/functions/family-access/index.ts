/**
 * family-access: body {book_ref, code}. Checks a family code for the caller's address and answers
 * 200 {ok: true, access_grant, expires_at} for the right code (the grant opens the book's
 * memories and family memories for 12 hours), 200 {ok: false, reason: 'family_code_invalid',
 * message} for a wrong one, 429 {error, code: 'family_code_locked'} while this address (or, after
 * a sweep, every new address past its few tries) is refused, 404 for an unknown book.
 */
import { z } from 'zod'
import { serviceClient } from '../_shared/clients.ts'
import { checkFamilyCode, clientAddress } from '../_shared/family-code.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http.ts'
import { messages } from '../_shared/messages.ts'
import { parseBody } from '../_shared/validation.ts'

const bodySchema = z.object({
  book_ref: z.string({ error: messages.bookNotFound }).trim().min(1, { error: messages.bookNotFound }).max(100),
  code: z.string({ error: messages.familyCodeInvalid }).max(40, { error: messages.familyCodeInvalid }),
})

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.invalidBody, 'method_not_allowed')
    const { book_ref: bookRef, code } = await parseBody(req, bodySchema)
    const result = await checkFamilyCode(serviceClient(), bookRef, code, clientAddress(req))
    if (result.ok) return jsonResponse({ ok: true, access_grant: result.access_grant, expires_at: result.expires_at })
    if (result.reason === 'family_code_locked') throw new HttpError(429, result.message, result.reason)
    if (result.reason === 'book_not_found') throw new HttpError(404, result.message, result.reason)
    return jsonResponse({ ok: false, reason: result.reason, message: result.message })
  }),
)
