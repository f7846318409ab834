/**
 * stripe-webhook (verify_jwt = false: Stripe calls it). The Stripe-Signature header must sign the
 * raw body with STRIPE_WEBHOOK_SECRET, else 400 and nothing happens. Handled events:
 * checkout.session.completed (when paid) and checkout.session.async_payment_succeeded record the
 * payment through record_checkout_payment() — idempotent, so a replayed event changes nothing;
 * checkout.session.expired closes a session never paid. Every verified event is answered 200
 * with what was done, so Stripe does not retry events this project has no use for.
 */
import { serviceClient, type ServiceClient } from '../_shared/clients.ts'
import { HttpError, handleRequest, jsonResponse } from '../_shared/http.ts'
import { messages } from '../_shared/messages.ts'
import { stripeClient, verifiedEvent, type Stripe } from '../_shared/stripe.ts'

const PAID_STATUSES = new Set(['paid', 'no_payment_required'])

async function recordPayment(service: ServiceClient, session: Stripe.Checkout.Session): Promise<string> {
  if (!PAID_STATUSES.has(session.payment_status)) return 'awaiting_payment'
  const { data, error } = await service.rpc('record_checkout_payment', {
    session_id: session.id,
    amount_paid: session.amount_total ?? 0,
    paid_currency: session.currency ?? '',
  })
  if (error) throw new Error(`record_checkout_payment: ${error.message}`)
  return data as string
}

async function recordExpiry(service: ServiceClient, session: Stripe.Checkout.Session): Promise<string> {
  const { data, error } = await service
    .from('payment_sessions')
    .update({ status: 'expired' })
    .eq('stripe_session_id', session.id)
    .eq('status', 'created')
    .select('stripe_session_id')
  if (error) throw new Error(`payment_sessions: ${error.message}`)
  return data.length > 0 ? 'expired' : 'unchanged'
}

async function handleEvent(service: ServiceClient, event: Stripe.Event): Promise<string> {
  switch (event.type) {
    case 'checkout.session.completed':
    case 'checkout.session.async_payment_succeeded':
      return recordPayment(service, event.data.object)
    case 'checkout.session.expired':
      return recordExpiry(service, event.data.object)
    default:
      return 'ignored'
  }
}

Deno.serve(
  handleRequest(async (req) => {
    if (req.method !== 'POST') throw new HttpError(405, messages.invalidBody, 'method_not_allowed')
    const signature = req.headers.get('Stripe-Signature')
    if (!signature) throw new HttpError(400, messages.invalidSignature, 'invalid_signature')
    const payload = await req.text()
    let event: Stripe.Event
    try {
      event = await verifiedEvent(stripeClient(), payload, signature)
    } catch {
      throw new HttpError(400, messages.invalidSignature, 'invalid_signature')
    }
    const outcome = await handleEvent(serviceClient(), event)
    return jsonResponse({ received: true, event: event.id, outcome })
  }),
)
