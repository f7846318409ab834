import { useMutation } from '@tanstack/react-query'
import type { CheckoutSession } from '@contracts/create-checkout-session.ts'
import { invokeEdgeFunction } from '@/lib/edge-functions'
import type { RecipientType } from '@/domains/payments/plans/plans'
import type { PlanType } from '@contracts/plans.ts'

export interface CheckoutRequest {
  email: string
  fullName: string
  planType: PlanType
  recipientType: RecipientType
  appliedCoupon: string | null
  /** The caller's own book this payment is for (an unpaid book, or an upgrade). */
  bookId: string | null
}

/** A hosted checkout of the payment provider for the plan; the server decides the amount (the body carries none). */
function createCheckoutSession(request: CheckoutRequest): Promise<CheckoutSession> {
  return invokeEdgeFunction('create-checkout-session', { ...request, paymentMethod: 'card' })
}

export function useCreateCheckoutSession() {
  return useMutation({ mutationFn: createCheckoutSession })
}
