import { useMutation } from '@tanstack/react-query'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import type { PlanType } from '@/domains/payments/plans/plans'

/** validate-coupon's answer: the coupon's verdict and the plan's price with it (agorot). */
export interface CouponVerdict {
  valid: boolean
  code: string | null
  discount_type: 'percent' | 'fixed' | null
  value: number | null
  reason: string | null
  reason_code: string | null
  price_agorot: number
  discount_agorot: number
  final_agorot: number
}

/** Asks the server whether `code` may be used for `plan`, and what the plan then costs. Uses nothing up. */
function validateCoupon(code: string, plan: PlanType): Promise<CouponVerdict> {
  return invokeEdgeFunction<CouponVerdict>('validate-coupon', { code, selected_plan: plan })
}

export function useValidateCoupon() {
  return useMutation({
    mutationFn: ({ code, plan }: { code: string; plan: PlanType }) => validateCoupon(code, plan),
  })
}
