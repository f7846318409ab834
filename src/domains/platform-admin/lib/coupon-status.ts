export type CouponStatus = 'active' | 'expired' | 'exhausted'

interface CouponFacts {
  expires_at: string | null
  max_uses: number | null
  uses_count: number
}

/** Expired once expires_at has passed, exhausted once uses_count reaches max_uses, otherwise active. */
export function couponStatus(coupon: CouponFacts, now: Date): CouponStatus {
  if (coupon.expires_at !== null && Date.parse(coupon.expires_at) <= now.getTime()) return 'expired'
  if (coupon.max_uses !== null && coupon.uses_count >= coupon.max_uses) return 'exhausted'
  return 'active'
}

/** A coupon's value as shown: 50 → "50", 20.5 → "20.5" (numeric arrives as a number or a string). */
export function couponAmount(value: number | string): string {
  const amount = Number(value)
  return Number.isInteger(amount) ? String(amount) : amount.toFixed(2).replace(/0$/, '')
}
