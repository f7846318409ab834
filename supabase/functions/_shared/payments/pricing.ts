/**
 * Coupon arithmetic: a percent or fixed discount, the final price floored at 0 and
 * rounded to one decimal of a shekel (10 agorot). Amounts are integer agorot; a fixed coupon's
 * value is in shekels, a percent coupon's value is 1–100.
 */
export type DiscountType = 'percent' | 'fixed'

export interface Discount {
  discount_type: DiscountType
  value: number
}

export interface PriceBreakdown {
  price_agorot: number
  discount_agorot: number
  final_agorot: number
}

const AGOROT_PER_SHEKEL = 100
const ROUNDING_AGOROT = 10

function roundToTenthOfShekel(agorot: number): number {
  return Math.round(agorot / ROUNDING_AGOROT) * ROUNDING_AGOROT
}

/** The price before and after the coupon (no coupon: no discount). */
export function priceWithCoupon(priceAgorot: number, coupon: Discount | null): PriceBreakdown {
  if (!coupon) return { price_agorot: priceAgorot, discount_agorot: 0, final_agorot: priceAgorot }
  const rawDiscount =
    coupon.discount_type === 'percent'
      ? (priceAgorot * Math.min(coupon.value, 100)) / 100
      : coupon.value * AGOROT_PER_SHEKEL
  const finalAgorot = Math.max(0, roundToTenthOfShekel(priceAgorot - rawDiscount))
  return { price_agorot: priceAgorot, discount_agorot: priceAgorot - finalAgorot, final_agorot: finalAgorot }
}
