/**
 * A checkout session we still hold as 'created' may have been paid while its webhook is late:
 * ask Stripe (sessions.retrieve) and record it the way the webhook would.
 */
import type { ServiceClient } from './clients.ts'
import { stripeClient } from './stripe.ts'

const RECORDED = new Set(['recorded', 'already_recorded'])

export async function confirmWithStripe(service: ServiceClient, sessionId: string): Promise<boolean> {
  if (!sessionId.startsWith('cs_')) return false
  const session = await stripeClient()
    .checkout.sessions.retrieve(sessionId)
    .catch((error) => {
      console.error('stripe checkout.sessions.retrieve failed', error)
      return null
    })
  if (!session) return false
  if (session.status !== 'complete' || !['paid', 'no_payment_required'].includes(session.payment_status)) return false
  const { data, error } = await service.rpc('record_checkout_payment', {
    session_id: sessionId,
    amount_paid: session.amount_total ?? 0,
    paid_currency: session.currency ?? '',
  })
  if (error) throw new Error(`record_checkout_payment: ${error.message}`)
  return RECORDED.has(data as string)
}
