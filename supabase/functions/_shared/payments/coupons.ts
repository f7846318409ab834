/**
 * Coupon checks through the database's validate_coupon() (the one place the rules live): the
 * refusal of an unusable coupon and the price a usable one gives for a plan.
 */
import type { ServiceClient } from '../clients/clients.ts'
import { HttpError } from '../http/http.ts'
import { COUPON_REFUSALS, type CouponRefusal } from '../../../../contracts/validate-coupon.ts'
import type { PlanPrice } from './prices.ts'
import { priceWithCoupon, type DiscountType, type PriceBreakdown } from './pricing.ts'
import type { PlanType } from '../../../../contracts/plans.ts'
import { compositeAnswer } from '../clients/jsonb.ts'

/** The database's verdict on a coupon (public.coupon_check): `reason` names why it cannot be used. */
export interface CouponCheck {
  valid: boolean
  code: string | null
  discount_type: DiscountType | null
  value: number | null
  reason: CouponRefusal | null
}

/** The refusal of a coupon the database found unusable: 422 with the reason's Hebrew message. */
export function couponRefused(reason: CouponRefusal | null): HttpError {
  const code = reason ?? 'coupon_not_found'
  return new HttpError(422, COUPON_REFUSALS[code], code)
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
    throw couponRefused(coupon.reason)
  }
  const pricing = priceWithCoupon(price.price_agorot, { discount_type: coupon.discount_type, value: coupon.value })
  return { coupon, pricing }
}
