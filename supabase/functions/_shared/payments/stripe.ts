/**
 * Stripe behind the payment-provider interface (for a company abroad: Stripe does not open
 * accounts for Israeli businesses). Checkout Sessions for the hosted page, the Stripe-Signature
 * webhook, sessions.retrieve for a late webhook, refunds with an idempotency key.
 */
import { stripeClient, verifiedEvent, type Stripe } from './stripe-client.ts'
import type {
  CheckoutOrder,
  CreatedCheckout,
  PaymentEvent,
  PaymentProvider,
  RefundResult,
  StoredCheckout,
} from './provider.ts'
import { InvalidSignatureError } from './provider.ts'

const PAID_STATUSES = new Set(['paid', 'no_payment_required'])
const CHECKOUT_LIFETIME_SECONDS = 60 * 60

function intentId(session: Stripe.Checkout.Session): string | null {
  return typeof session.payment_intent === 'string' ? session.payment_intent : (session.payment_intent?.id ?? null)
}

function sessionEvent(session: Stripe.Checkout.Session): PaymentEvent {
  if (session.status === 'expired') return { type: 'expired', sessionId: session.id }
  if (session.status !== 'complete' || !PAID_STATUSES.has(session.payment_status)) {
    return { type: 'pending', sessionId: session.id }
  }
  return {
    type: 'paid',
    sessionId: session.id,
    providerCheckoutId: null,
    transactionId: intentId(session) ?? session.id,
    amountAgorot: session.amount_total ?? 0,
    currency: session.currency ?? '',
    method: 'card',
    cardLast4: null,
    taxDocumentUrl: null,
  }
}

/** Refunds the checkout's payment intent in full; a payment refunded already answers its refund. */
async function refundPayment(stripe: Stripe, checkout: StoredCheckout, idempotencyKey: string): Promise<string> {
  const intent = checkout.transactionId?.startsWith('pi_')
    ? checkout.transactionId
    : intentId(await stripe.checkout.sessions.retrieve(checkout.sessionId))
  if (!intent) throw new Error(`checkout session ${checkout.sessionId} has no payment intent`)
  try {
    const created = await stripe.refunds.create(
      { payment_intent: intent, reason: 'requested_by_customer' },
      { idempotencyKey },
    )
    return created.id
  } catch (error) {
    if ((error as Stripe.errors.StripeError).code !== 'charge_already_refunded') throw error
    const existing = await stripe.refunds.list({ payment_intent: intent, limit: 1 })
    return existing.data[0]?.id ?? 'already_refunded'
  }
}

function eventOf(event: Stripe.Event): PaymentEvent {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
    case 'checkout.session.expired':
      return sessionEvent(event.data.object)
    case 'checkout.session.async_payment_failed':
      return { type: 'failed', sessionId: event.data.object.id, providerCheckoutId: null, transactionId: null }
    default:
      return { type: 'ignored', reason: event.type }
  }
}

export function stripeProvider(): PaymentProvider {
  const stripe = stripeClient()
  return {
    name: 'stripe',

    async createCheckout(order: CheckoutOrder): Promise<CreatedCheckout> {
      const session = await stripe.checkout.sessions.create({
        mode: 'payment',
        line_items: [
          {
            quantity: 1,
            price_data: {
              currency: order.currency,
              unit_amount: order.amountAgorot,
              product_data: { name: order.description },
            },
          },
        ],
        customer_email: order.buyer.email,
        client_reference_id: order.buyer.userId,
        metadata: order.metadata,
        // A checkout holds its coupon's use for an hour: it must not be payable later.
        expires_at: Math.floor(Date.now() / 1000) + CHECKOUT_LIFETIME_SECONDS,
        success_url: order.successUrl.replaceAll('{SESSION_ID}', '{CHECKOUT_SESSION_ID}'),
        cancel_url: order.cancelUrl.replaceAll('{SESSION_ID}', '{CHECKOUT_SESSION_ID}'),
      })
      if (!session.url) throw new Error(`stripe checkout session ${session.id} has no url`)
      return { sessionId: session.id, providerCheckoutId: null, url: session.url }
    },

    async abandonCheckout(checkout: CreatedCheckout): Promise<void> {
      await stripe.checkout.sessions.expire(checkout.sessionId).catch(() => undefined)
    },

    async verifyCallback(headers: Headers, rawBody: string): Promise<PaymentEvent> {
      const signature = headers.get('Stripe-Signature')
      if (!signature) throw new InvalidSignatureError('no Stripe-Signature header')
      let event: Stripe.Event
      try {
        event = await verifiedEvent(stripe, rawBody, signature)
      } catch (error) {
        throw new InvalidSignatureError(error instanceof Error ? error.message : String(error))
      }
      return eventOf(event)
    },

    async checkoutStatus(checkout: StoredCheckout): Promise<PaymentEvent> {
      if (!checkout.sessionId.startsWith('cs_')) return { type: 'pending', sessionId: checkout.sessionId }
      return sessionEvent(await stripe.checkout.sessions.retrieve(checkout.sessionId))
    },

    // Stripe keeps the idempotency key: a retry after a lost answer returns the same refund, so
    // every failure may be tried again.
    async refund(checkout: StoredCheckout, idempotencyKey: string): Promise<RefundResult> {
      try {
        return { outcome: 'refunded', refundId: await refundPayment(stripe, checkout, idempotencyKey) }
      } catch (error) {
        return { outcome: 'not_refunded', reason: error instanceof Error ? error.message : String(error) }
      }
    },
  }
}
