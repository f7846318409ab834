/**
 * cancel-gift: body {gift_id}, from the gift's purchaser, within 14 days of the purchase, while
 * the gift is pending. Cancels the gift and refunds its payment through the provider that took
 * it (cancelGiftWithRefund: never twice; a second press meanwhile is 409 refund_in_progress), and
 * mails the buyer the refund. Answers {cancelled: true, refunded_agorot}; refusals: 404 not the caller's, 409 claimed
 * or already cancelled, 422 past 14 days, 502 when the refund failed (call again to finish it).
 */
import { requireCaller, serviceClient } from '../_shared/clients/clients.ts'
import { cancelGiftWithRefund } from '../_shared/gifts/gift-cancellation.ts'
import { handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema, type GiftCancelled } from '../../../contracts/cancel-gift.ts'

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    const refunded = await cancelGiftWithRefund(service, caller.id, body.gift_id)
    return jsonResponse({ cancelled: true, refunded_agorot: refunded } satisfies GiftCancelled)
  }),
)
