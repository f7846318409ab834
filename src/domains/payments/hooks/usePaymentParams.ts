import { useSearchParams } from 'react-router-dom'
import { couponCodeSchema } from '@/domains/payments/schemas/coupon-code'
import {
  featureFromParam,
  planFromParam,
  recipientFromParam,
  type PaidFeature,
  type RecipientType,
} from '@/domains/payments/plans/plans'
import type { PlanType } from '@contracts/plans.ts'

export interface PaymentParams {
  /** The plan the link asked for, or null (then the picker starts on the popular plan). */
  plan: PlanType | null
  recipient: RecipientType
  feature: PaidFeature | null
  /** The caller's existing book this payment is for. */
  bookId: string | null
  cancelled: boolean
  /** Back from the provider's page after a declined or failed payment. */
  failed: boolean
  /** The coupon applied before going to the provider's page, back with a cancelled or declined payment. */
  coupon: string | null
}

function couponFromParam(value: string | null): string | null {
  const parsed = couponCodeSchema.safeParse(value ?? '')
  return parsed.success ? parsed.data : null
}

/** /payment's query: plan, type (for_me | gift), feature, book, and cancelled / failed with the coupon (back from checkout). */
export function usePaymentParams(): PaymentParams {
  const [params] = useSearchParams()
  return {
    plan: planFromParam(params.get('plan')),
    recipient: recipientFromParam(params.get('type')),
    feature: featureFromParam(params.get('feature')),
    bookId: params.get('book'),
    cancelled: params.get('cancelled') === 'true',
    failed: params.get('failed') === 'true',
    coupon: couponFromParam(params.get('coupon')),
  }
}
