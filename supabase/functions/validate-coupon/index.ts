/**
 * validate-coupon: may this coupon be used for this plan, and what does the plan then cost?
 * Body {code, selected_plan}. Answers 200 {valid, code, discount_type, value, reason, reason_code,
 * price_agorot, discount_agorot, final_agorot}; an unusable coupon is valid=false with the Hebrew
 * reason (a question answered, not a failed request). A malformed body is a 400. Reads only.
 */
import { z } from 'zod';
import { serviceClient } from '../_shared/clients.ts';
import { checkCoupon, refusalCode } from '../_shared/coupons.ts';
import { handleRequest, jsonResponse } from '../_shared/http.ts';
import { loadPlanPrice } from '../_shared/prices.ts';
import { priceWithCoupon } from '../_shared/pricing.ts';
import { couponCodeSchema, parseBody, planTypeSchema } from '../_shared/validation.ts';

const bodySchema = z.object({ code: couponCodeSchema, selected_plan: planTypeSchema });

Deno.serve(
  handleRequest(async (req) => {
    const { code, selected_plan: plan } = await parseBody(req, bodySchema);
    const service = serviceClient();
    const price = await loadPlanPrice(service, plan);
    const coupon = await checkCoupon(service, code, plan);
    const discount = coupon.valid && coupon.discount_type && coupon.value !== null
      ? { discount_type: coupon.discount_type, value: coupon.value }
      : null;
    return jsonResponse({
      ...coupon,
      reason_code: coupon.valid ? null : refusalCode(coupon.reason),
      ...priceWithCoupon(price.price_agorot, discount),
    });
  }),
);
