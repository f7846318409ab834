/**
 * Coupon checks through the database's validate_coupon() (the one place the rules live), with a
 * stable code for each refusal and the price it gives for a plan.
 */
import type { ServiceClient } from '../clients/clients.ts'
import { HttpError } from '../http/http.ts'
import { messages } from '../../../../contracts/messages.ts'
import type { PlanPrice } from './prices.ts'
import { priceWithCoupon, type DiscountType, type PriceBreakdown } from './pricing.ts'
import type { PlanType } from '../../../../contracts/plans.ts'
import { compositeAnswer } from '../clients/jsonb.ts'

export interface CouponCheck {
  valid: boolean
  code: string | null
  discount_type: DiscountType | null
  value: number | null
  reason: string | null
}

/** validate_coupon()'s Hebrew reasons and their stable codes. */
const REFUSAL_CODES: Record<string, string> = {
  'אנא הכנס קוד קופון': 'coupon_code_required',
  'קופון לא נמצא או לא תקף': 'coupon_not_found',
  'תוקף הקופון פג': 'coupon_expired',
  'הקופון נוצל במלואו': 'coupon_used_up',
  'הקופון אינו תקף לחבילה שנבחרה': 'coupon_wrong_plan',
}

export function refusalCode(reason: string | null): string {
  return (reason && REFUSAL_CODES[reason]) || 'coupon_invalid'
}

export function normalizeCheck(raw: CouponCheck): CouponCheck {
  return { ...raw, value: raw.value === null ? null : Number(raw.value) }
}

export async function checkCoupon(service: ServiceClient, code: string, plan: PlanType): Promise<CouponCheck> {
  const { data, error } = await service.rpc('validate_coupon', { code, plan })
  if (error) throw new Error(`validate_coupon: ${error.message}`)
  return normalizeCheck(compositeAnswer<CouponCheck>(data))
}

/** A usable coupon's discount applied to the plan's price; 422 with the reason when unusable. */
export async function requireUsableCoupon(
  service: ServiceClient,
  code: string,
  price: PlanPrice,
): Promise<{ coupon: CouponCheck; pricing: PriceBreakdown }> {
  const coupon = await checkCoupon(service, code, price.plan_type)
  if (!coupon.valid || !coupon.discount_type || coupon.value === null) {
    throw new HttpError(422, coupon.reason ?? messages.couponInvalid, refusalCode(coupon.reason))
  }
  const pricing = priceWithCoupon(price.price_agorot, { discount_type: coupon.discount_type, value: coupon.value })
  return { coupon, pricing }
}
