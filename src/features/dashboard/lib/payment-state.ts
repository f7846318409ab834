import type { MyPayment } from '@/domains/payments/api/my-payments'

export type PaymentState = 'paid' | 'refunding' | 'refunded' | 'free' | 'freeCancelled'

/** What the buyer is told of a purchase: a free (100% coupon) order is never a payment or a refund. */
export function paymentState(payment: Pick<MyPayment, 'amount_agorot' | 'status' | 'refund_started_at'>): PaymentState {
  if (payment.amount_agorot === 0) return payment.status === 'refunded' ? 'freeCancelled' : 'free'
  if (payment.status === 'refunded') return 'refunded'
  return payment.refund_started_at ? 'refunding' : 'paid'
}
