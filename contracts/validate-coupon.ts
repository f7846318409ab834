/** validate-coupon: a coupon's verdict for a plan and the plan's price with it; uses nothing up. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { couponCodeSchema, planTypeSchema } from './fields.ts'
import { messages } from './messages.ts'

export const body = z.object({ code: couponCodeSchema, selected_plan: planTypeSchema })

/**
 * Why a coupon cannot be used, as the database's verdict names it (validate_coupon's `reason`,
 * private.coupon_refusal), with the Hebrew message the functions answer it with.
 */
export const COUPON_REFUSALS = {
  coupon_code_required: messages.couponCodeRequired,
  coupon_not_found: messages.couponInvalid,
  coupon_expired: messages.couponExpired,
  coupon_used_up: messages.couponUsedUp,
  coupon_wrong_plan: messages.couponWrongPlan,
} as const

export type CouponRefusal = keyof typeof COUPON_REFUSALS

/** The coupon's verdict and the plan's price with it (agorot). */
export interface CouponVerdict {
  valid: boolean
  code: string | null
  discount_type: 'percent' | 'fixed' | null
  value: number | null
  /** Why the coupon cannot be used (Hebrew), null when valid. */
  reason: string | null
  reason_code: CouponRefusal | null
  price_agorot: number
  discount_agorot: number
  final_agorot: number
}

export type Call = Exchange<z.input<typeof body>, CouponVerdict>

/** The stable codes of this function's own refusals. */
export type Reason = 'plan_not_available'
