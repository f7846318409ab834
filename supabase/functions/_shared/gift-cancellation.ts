/**
 * Cancelling a pending gift with its refund: the one path every function takes (cancel-gift for
 * the purchaser, delete-book before a pending gift's book is deleted). The gift is cancelled
 * first (one row lock decides), then a paid gift's payment is refunded through the payment
 * provider with an idempotency key per gift, so a replayed or interrupted cancel never refunds
 * twice; a free-coupon gift gets its coupon use back. The gift rules refuse (as HttpError): 404
 * not the purchaser's, 409 claimed or already cancelled, 422 past 14 days; 502 when the refund
 * failed (calling again finishes it).
 */
import type { ServiceClient } from './clients.ts'
import { giftFailure } from './gifts.ts'
import { HttpError } from './http.ts'
import { stripeClient, type Stripe } from './stripe.ts'

const REFUND_FAILED = 'המתנה בוטלה אך ההחזר הכספי לא הושלם. נסו שוב בעוד רגע'

interface Cancellation {
  refund_due: boolean
  session_id: string
  amount: number
}

async function refund(giftId: string, sessionId: string): Promise<string> {
  const stripe = stripeClient()
  const session = await stripe.checkout.sessions.retrieve(sessionId)
  const intent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id
  if (!intent) throw new Error(`checkout session ${sessionId} has no payment intent`)
  try {
    const created = await stripe.refunds.create(
      { payment_intent: intent, reason: 'requested_by_customer', metadata: { gift_id: giftId } },
      { idempotencyKey: `cancel-gift-${giftId}` },
    )
    return created.id
  } catch (error) {
    if ((error as Stripe.errors.StripeError).code === 'charge_already_refunded') {
      const existing = await stripe.refunds.list({ payment_intent: intent, limit: 1 })
      return existing.data[0]?.id ?? 'already_refunded'
    }
    throw error
  }
}

/** Cancels `purchaser`'s pending gift `giftId` and refunds what was paid; answers the agorot refunded. */
export async function cancelGiftWithRefund(service: ServiceClient, purchaser: string, giftId: string): Promise<number> {
  const { data, error } = await service.rpc('cancel_gift_as', { purchaser, gift_id: giftId })
  if (error) giftFailure('cancel_gift_as', error)
  const cancellation = data as Cancellation
  if (!cancellation.refund_due) return 0
  let refundId: string
  try {
    refundId = await refund(giftId, cancellation.session_id)
  } catch (refundError) {
    console.error('gift refund failed', refundError)
    throw new HttpError(502, REFUND_FAILED, 'refund_failed')
  }
  const recorded = await service.rpc('record_gift_refund', { session_id: cancellation.session_id, refund: refundId })
  if (recorded.error) throw new Error(`record_gift_refund: ${recorded.error.message}`)
  return cancellation.amount
}
