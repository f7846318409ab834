/**
 * family-access: opens a private book to a relative, and renews its code from the owner's alert.
 *
 * Body {book_ref, code, link_key?, held_grant?}: checks a family code for the caller's address
 * and answers 200 {ok: true, access_grant, expires_at} for the right code or the family link's
 * key (the grant opens the book's memories and family memories for 12 hours); 200 {ok: false,
 * reason: 'family_code_invalid', message} for a wrong code; 200 {ok: false, reason:
 * 'family_code_paused', message} while the book is at its ceiling of wrong codes (a calm message:
 * ask the family for the link); 429 {error, code: 'family_code_locked'} while this address is
 * refused; 404 for an unknown book. A signed-in member, a browser holding (or lately holding) a
 * grant, and the family link are never refused.
 *
 * Body {renew_token}: the owner's one tap from the alert e-mail. Renews the book's code (revoking
 * every grant of the old one) and answers {ok: true, short_code, full_name, family_code, link_key}, or
 * 410 {error, code: 'alert_link_invalid'} for a used or expired link.
 */
import { serviceClient, type ServiceClient } from '../_shared/clients/clients.ts'
import { checkFamilyCode, clientAddress } from '../_shared/books/family-code.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { messages } from '../../../contracts/messages.ts'
import { optionalCaller } from '../_shared/clients/optional-caller.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/family-access.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'
import { refuseWithDatabaseError, refuseWithReason } from '../_shared/refusals/database-refusal.ts'

async function renewFromAlert(service: ServiceClient, token: string): Promise<Response> {
  const { data, error } = await service.rpc('family_code_renew_by_alert', { token })
  if (error) refuseWithDatabaseError('family_code_renew_by_alert', error)
  return jsonResponse(jsonbAnswer(data))
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.invalidBody, 'method_not_allowed')
    const body = await parseBody(req, bodySchema)
    const service = serviceClient()
    if ('renew_token' in body) return renewFromAlert(service, body.renew_token)
    const caller = await optionalCaller(req, service)
    const result = await checkFamilyCode(service, body.book_ref, body.code, clientAddress(req), {
      reader: caller?.id ?? null,
      held_grant: body.held_grant,
      link_key: body.link_key,
    })
    if (result.ok) return jsonResponse({ ok: true, access_grant: result.access_grant, expires_at: result.expires_at })
    if (result.reason === 'family_code_locked' || result.reason === 'book_not_found') {
      refuseWithReason(result.reason, result.message)
    }
    return jsonResponse({ ok: false, reason: result.reason, message: result.message })
  }),
)
