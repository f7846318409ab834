/**
 * claim-gift: body {gift_code, for_myself?}, from a signed-in user with a confirmed e-mail. The comparison,
 * the recorded attempt and the per-user limit (10 unknown codes in 15 minutes) are one
 * service-role call, claim_gift_as(). Answers {book_id, short_code, message}; a refusal is its
 * Hebrew message with 404 (unknown), 409 (claimed), 410 (cancelled, replaced, expired) or 429.
 * The purchaser is told by e-mail. The purchaser claiming their own pending gift is answered 409
 * own_gift (nothing written) until the body says for_myself: true, so a gift meant for someone
 * else is not taken by mistake.
 */
import { requireCaller, serviceClient, type ServiceClient } from '../_shared/clients/clients.ts'
import { sendGiftClaimedNotice } from '../_shared/gifts/gifts.ts'
import { mailQuietly } from '../_shared/mail/mail.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/claim-gift.ts'
import { messages } from '../../../contracts/messages.ts'
import { compositeAnswer } from '../_shared/clients/jsonb.ts'
import { refuseWithReason } from '../_shared/refusals/database-refusal.ts'
import type { DatabaseReason } from '../../../contracts/refusals.ts'

/** Is this code the caller's own gift, still waiting for its recipient? */
async function isOwnPendingGift(service: ServiceClient, callerId: string, code: string): Promise<boolean> {
  const { data, error } = await service
    .from('memory_books')
    .select('purchaser_user_id, gift_status')
    .eq('gift_code', code)
    .maybeSingle()
  if (error) throw new Error(`own gift lookup: ${error.message}`)
  return data?.purchaser_user_id === callerId && data.gift_status === 'pending'
}

/** claim_gift_as answers its refusals (the attempt it counted must stay): ok false with the reason. */
type ClaimResult =
  | { ok: true; reason: 'claimed' | 'already_yours'; message: string; book_id: string; short_code: string }
  | { ok: false; reason: DatabaseReason; message: string; book_id: null; short_code: null }

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    if (!body.for_myself && (await isOwnPendingGift(service, caller.id, body.gift_code)))
      throw new HttpError(409, messages.ownGift, 'own_gift')
    const { data, error } = await service.rpc('claim_gift_as', { claimer: caller.id, gift_code: body.gift_code })
    if (error) throw new Error(`claim_gift_as: ${error.message}`)
    const result = compositeAnswer<ClaimResult>(data)
    if (!result.ok) refuseWithReason(result.reason, result.message)
    if (result.reason === 'claimed') await mailQuietly(() => sendGiftClaimedNotice(service, result.book_id))
    return jsonResponse({ book_id: result.book_id, short_code: result.short_code, message: result.message })
  }),
)
