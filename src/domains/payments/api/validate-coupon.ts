import { useMutation } from '@tanstack/react-query'
import type { CouponVerdict } from '@contracts/validate-coupon.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import type { PlanType } from '@contracts/plans.ts'

/** Asks the server whether `code` may be used for `plan`, and what the plan then costs. Uses nothing up. */
function validateCoupon(code: string, plan: PlanType): Promise<CouponVerdict> {
  return invokeEdgeFunction('validate-coupon', { code, selected_plan: plan })
}

export function useValidateCoupon() {
  return useMutation({
    mutationFn: ({ code, plan }: { code: string; plan: PlanType }) => validateCoupon(code, plan),
  })
}
