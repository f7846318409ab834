import { useMutation } from '@tanstack/react-query'
import type { FreeSession } from '@contracts/apply-coupon.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import type { RecipientType } from '@/domains/payments/plans/plans'
import type { PlanType } from '@contracts/plans.ts'

/**
 * The free path: redeems a coupon that makes the plan free and gets a paid `free_coupon_…`
 * session, which create-memory-book (or the gift flow) then spends.
 */
function applyFreeCoupon(code: string, plan: PlanType, recipient: RecipientType): Promise<FreeSession> {
  return invokeEdgeFunction('apply-coupon', { code, selected_plan: plan, recipient_type: recipient })
}

export function useApplyFreeCoupon() {
  return useMutation({
    mutationFn: ({ code, plan, recipient }: { code: string; plan: PlanType; recipient: RecipientType }) =>
      applyFreeCoupon(code, plan, recipient),
  })
}
