/** apply-coupon: redeems a coupon that makes the plan free and answers the paid 0-agorot session. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { couponCodeSchema, planTypeSchema, recipientTypeSchema, type RecipientType } from './fields.ts'
import type { PlanType } from './plans.ts'

export const body = z.object({
  code: couponCodeSchema,
  selected_plan: planTypeSchema,
  recipient_type: recipientTypeSchema.default('for_me'),
})

export interface FreeSession {
  session_id: string
  plan_type: PlanType
  recipient_type: RecipientType
  code: string
  final_agorot: number
}

export type Call = Exchange<z.input<typeof body>, FreeSession>

/** The stable codes of this function's own refusals. */
export type Reason =
  | 'coupon_not_free'
  | 'coupon_changed'
  | 'coupon_code_required'
  | 'coupon_not_found'
  | 'coupon_expired'
  | 'coupon_used_up'
  | 'coupon_wrong_plan'
  | 'plan_not_available'
