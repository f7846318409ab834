/**
 * cancel-gift: body {gift_id}, from the gift's purchaser, within 14 days of the purchase, while
 * the gift is pending. The gift is cancelled first (one row lock decides), then a paid gift's
 * payment is refunded through Stripe with an idempotency key per gift, so a replayed or
 * interrupted cancel never refunds twice; a free-coupon gift gets its coupon use back. Answers
 * {cancelled: true, refunded_agorot}; refusals: 404 not the caller's, 409 claimed or already
 * cancelled, 422 past 14 days, 502 when the refund failed (call again to finish it).
 */
import { z } from 'zod'
import { requireCaller, serviceClient } from '../_shared/clients.ts'
import { giftFailure } from '../_shared/gifts.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http.ts'
import { stripeClient, type Stripe } from '../_shared/stripe.ts'
import { parseBody } from '../_shared/validation.ts'

const bodySchema = z.object({ gift_id: z.uuid({ error: 'המתנה לא נמצאה' }) })
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

Deno.serve(
  handleRequest(async (req) => {
    const service = serviceClient()
    const caller = await requireCaller(req, service)
    const body = await parseBody(req, bodySchema)
    const { data, error } = await service.rpc('cancel_gift_as', { purchaser: caller.id, gift_id: body.gift_id })
    if (error) giftFailure('cancel_gift_as', error)
    const cancellation = data as Cancellation
    if (!cancellation.refund_due) return jsonResponse({ cancelled: true, refunded_agorot: 0 })
    let refundId: string
    try {
      refundId = await refund(body.gift_id, cancellation.session_id)
    } catch (refundError) {
      console.error('gift refund failed', refundError)
      throw new HttpError(502, REFUND_FAILED, 'refund_failed')
    }
    const recorded = await service.rpc('record_gift_refund', { session_id: cancellation.session_id, refund: refundId })
    if (recorded.error) throw new Error(`record_gift_refund: ${recorded.error.message}`)
    return jsonResponse({ cancelled: true, refunded_agorot: cancellation.amount })
  }),
)
