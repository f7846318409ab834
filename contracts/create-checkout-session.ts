/** create-checkout-session: a hosted checkout of the payment provider; the server decides the amount. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { couponCodeSchema, planTypeSchema, recipientTypeSchema, requiredText } from './fields.ts'
import { NAME_MAX } from './limits.ts'
import { messages } from './messages.ts'

const appliedCouponSchema = z
  .union([couponCodeSchema, z.object({ code: couponCodeSchema }).transform((coupon) => coupon.code)], {
    error: messages.couponInvalid,
  })
  .nullish()

export const body = z.object({
  email: z.email({ error: messages.invalidEmail }),
  fullName: requiredText(NAME_MAX, messages.nameTooLong),
  planType: planTypeSchema,
  recipientType: recipientTypeSchema,
  appliedCoupon: appliedCouponSchema,
  // The hosted page offers every method the provider's account enables (cards, Bit, wallets).
  paymentMethod: z.enum(['card', 'bit'], { error: messages.invalidPaymentMethod }).default('card'),
  /** The caller's own book this payment is for (an unpaid book, or an upgrade). */
  bookId: z.uuid({ error: messages.bookNotFound }).nullish(),
})

/** Where the browser goes to pay, the session it pays, and the price (agorot). */
export interface CheckoutSession {
  url: string
  session_id: string
  price_agorot: number
  discount_agorot: number
  final_agorot: number
}

export type Call = Exchange<z.input<typeof body>, CheckoutSession>

/** The stable codes of this function's own refusals. */
export type Reason =
  | 'coupon_covers_price'
  | 'book_not_found'
  | 'checkout_failed'
  | 'coupon_not_found'
  | 'coupon_expired'
  | 'coupon_used_up'
  | 'coupon_wrong_plan'
  | 'plan_not_available'
