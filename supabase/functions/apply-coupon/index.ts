/**
 * apply-coupon: the free path of /payment. Body {code, selected_plan, recipient_type?}. When the
 * coupon makes the plan free, one use is redeemed and a paid session `free_coupon_<uuid>` of 0
 * agorot is recorded for the caller in the same transaction; create-memory-book (for_me) or the
 * gift flow then spends it. Answers {session_id, plan_type, recipient_type, code, final_agorot}.
 * Refusals (nothing written): 401/403 caller, 400 body, 422 coupon unusable or not free.
 */
import { requireCaller, serviceClient } from '../_shared/clients/clients.ts'
import { couponRefused, normalizeCheck, requireUsableCoupon, type CouponCheck } from '../_shared/payments/coupons.ts'
import { clientAddress, HttpError, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { messages } from '../../../contracts/messages.ts'
import { loadPlanPrice } from '../_shared/payments/prices.ts'
import { COUPON_CHECKS_PER_ADDRESS, COUPON_CHECKS_PER_USER, requireWithinLimits } from '../_shared/http/rate-limit.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/apply-coupon.ts'
import { compositeAnswer } from '../_shared/clients/jsonb.ts'
import { refuseWithDatabaseError } from '../_shared/refusals/database-refusal.ts'

const FREE_SESSION_PREFIX = 'free_coupon_'

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    await requireWithinLimits(service, [
      { limit: COUPON_CHECKS_PER_USER, client: caller.id },
      { limit: COUPON_CHECKS_PER_ADDRESS, client: clientAddress(req) },
    ])
    const price = await loadPlanPrice(service, body.selected_plan)
    const { coupon, pricing } = await requireUsableCoupon(service, body.code, price)
    if (pricing.final_agorot > 0) throw new HttpError(422, messages.couponNotFree, 'coupon_not_free')

    const sessionId = `${FREE_SESSION_PREFIX}${crypto.randomUUID()}`
    const { data, error } = await service.rpc('redeem_coupon_for_free_session', {
      coupon_code: body.code,
      plan: body.selected_plan,
      session_id: sessionId,
      buyer: caller.id,
      buyer_email: caller.email,
      recipient: body.recipient_type,
      expected_discount_type: coupon.discount_type,
      expected_value: coupon.value,
    })
    if (error) refuseWithDatabaseError('redeem_coupon_for_free_session', error)
    const redeemed = normalizeCheck(compositeAnswer<CouponCheck>(data))
    if (!redeemed.valid) throw couponRefused(redeemed.reason)
    return jsonResponse({
      session_id: sessionId,
      plan_type: body.selected_plan,
      recipient_type: body.recipient_type,
      code: redeemed.code,
      final_agorot: 0,
    })
  }),
)
