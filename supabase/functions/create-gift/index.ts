/**
 * create-gift: body {session_id, recipient_name, deceased_name}, from a signed-in user with a
 * confirmed e-mail. Only the
 * caller's paid, unused gift session (a checkout, confirmed with the payment provider when its callback is late,
 * or a redeemed 100% coupon) becomes a pending gift book with a new 8-character code valid 30 days;
 * the client's word on payment is ignored. A session already turned into a gift answers that
 * gift with existing=true (nothing new is written). The purchaser gets a receipt by e-mail.
 */
import { requireCaller, serviceClient } from '../_shared/clients/clients.ts'
import { siteUrl } from '../_shared/clients/env.ts'
import { sendGiftReceipt } from '../_shared/gifts/gifts.ts'
import { mailQuietly } from '../_shared/mail/mail.ts'
import { refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'
import type { GiftSummary } from '../../../contracts/gift-common.ts'
import { handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { confirmWithProvider, isFreeSession } from '../_shared/payments/payment-sessions.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/create-gift.ts'
import { jsonbAnswer } from '../_shared/clients/jsonb.ts'

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    const args = {
      buyer: caller.id,
      session_id: body.session_id,
      recipient_name: body.recipient_name,
      deceased_name: body.deceased_name,
      buyer_name: caller.fullName,
    }
    let { data, error } = await service.rpc('create_gift_book', args)
    if (error?.hint === 'payment_not_completed' && (await confirmWithProvider(service, body.session_id))) {
      ;({ data, error } = await service.rpc('create_gift_book', args))
    }
    if (error) refuseWithDatabaseError('create_gift_book', error)
    const gift = jsonbAnswer<GiftSummary>(data)
    if (!gift.existing) {
      const free = await isFreeSession(service, body.session_id)
      await mailQuietly(() => sendGiftReceipt(caller.email, gift, siteUrl(), free))
    }
    return jsonResponse(gift)
  }),
)
