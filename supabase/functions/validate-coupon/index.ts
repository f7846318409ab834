/**
 * validate-coupon: may this coupon be used for this plan, and what does the plan then cost?
 * Body {code, selected_plan}. Answers 200 {valid, code, discount_type, value, reason, reason_code,
 * price_agorot, discount_agorot, final_agorot}; an unusable coupon is valid=false with the Hebrew
 * reason (a question answered, not a failed request). A malformed body is a 400. Only a signed-in
 * user may ask (401/403), at most 10 times per user and 60 per address in 15 minutes (429).
 */
import { requireCaller, serviceClient } from '../_shared/clients/clients.ts'
import { checkCoupon } from '../_shared/payments/coupons.ts'
import { COUPON_REFUSALS } from '../../../contracts/validate-coupon.ts'
import { clientAddress, handleRequest, jsonResponse } from '../_shared/http/http.ts'
import { loadPlanPrice } from '../_shared/payments/prices.ts'
import { priceWithCoupon } from '../_shared/payments/pricing.ts'
import { COUPON_CHECKS_PER_ADDRESS, COUPON_CHECKS_PER_USER, requireWithinLimits } from '../_shared/http/rate-limit.ts'
import { parseBody } from '../_shared/http/validation.ts'
import { body as bodySchema } from '../../../contracts/validate-coupon.ts'

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const { code, selected_plan: plan } = await parseBody(req, bodySchema)
    await requireWithinLimits(service, [
      { limit: COUPON_CHECKS_PER_USER, client: caller.id },
      { limit: COUPON_CHECKS_PER_ADDRESS, client: clientAddress(req) },
    ])
    const price = await loadPlanPrice(service, plan)
    const coupon = await checkCoupon(service, code, plan)
    const discount =
      coupon.valid && coupon.discount_type && coupon.value !== null
        ? { discount_type: coupon.discount_type, value: coupon.value }
        : null
    return jsonResponse({
      ...coupon,
      reason: coupon.valid || !coupon.reason ? null : COUPON_REFUSALS[coupon.reason],
      reason_code: coupon.valid ? null : coupon.reason,
      ...priceWithCoupon(price.price_agorot, discount),
    })
  }),
)
