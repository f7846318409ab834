/**
 * A provider's word about a checkout, recorded the same way whether it came as a verified
 * callback or as the answer to our own status query (a callback may be late). Only these two
 * mark an order paid; the buyer's return page never does.
 */
import type { ServiceClient } from '../clients/clients.ts'
import { providerOf, type PaymentEvent, type PaymentProvider } from './index.ts'

interface StoredSession {
  session_id: string
  provider: string | null
  provider_checkout_id: string | null
  transaction_id: string | null
  amount_agorot: number
  currency: string
  status: string
}

const RECORDED = new Set(['recorded', 'already_recorded'])
const SESSION_COLUMNS = 'session_id, provider, provider_checkout_id, transaction_id, amount_agorot, currency, status'

async function loadStoredSession(service: ServiceClient, sessionId: string): Promise<StoredSession | null> {
  const { data, error } = await service
    .from('payment_sessions')
    .select(SESSION_COLUMNS)
    .eq('session_id', sessionId)
    .maybeSingle()
  if (error) throw new Error(`payment_sessions: ${error.message}`)
  return data
}

function storedCheckout(session: StoredSession) {
  return {
    sessionId: session.session_id,
    providerCheckoutId: session.provider_checkout_id,
    transactionId: session.transaction_id,
    amountAgorot: session.amount_agorot,
    currency: session.currency,
  }
}

/** Closes an unpaid checkout that the provider reports failed or expired. */
async function closeSession(service: ServiceClient, sessionId: string, status: 'failed' | 'expired'): Promise<string> {
  const { data, error } = await service
    .from('payment_sessions')
    .update({ status })
    .eq('session_id', sessionId)
    .eq('status', 'created')
    .select('session_id')
  if (error) throw new Error(`payment_sessions: ${error.message}`)
  return data.length > 0 ? status : 'unchanged'
}

/**
 * Records what `provider` said about one of its checkouts: recorded | already_recorded |
 * unknown_session | amount_mismatch | transaction_reused | not_open | failed | expired |
 * unchanged | awaiting_payment | ignored. An event about an order of another provider, or about
 * another checkout than the order's, is an unknown order and changes nothing.
 */
export async function recordPaymentEvent(
  service: ServiceClient,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<string> {
  if (event.type === 'ignored') return 'ignored'
  if (event.type === 'pending') return 'awaiting_payment'
  const stored = await loadStoredSession(service, event.sessionId)
  if (!stored || providerOf(stored)?.name !== provider.name) return 'unknown_session'
  const checkoutId = event.type === 'expired' ? null : event.providerCheckoutId
  if (checkoutId && stored.provider_checkout_id && checkoutId !== stored.provider_checkout_id) return 'unknown_session'
  if (event.type !== 'paid') return closeSession(service, event.sessionId, event.type)
  const { data, error } = await service.rpc('record_checkout_payment', {
    session_id: event.sessionId,
    amount_paid: event.amountAgorot,
    paid_currency: event.currency,
    transaction: event.transactionId,
    method: event.method,
    last4: event.cardLast4 ?? undefined,
    tax_document: event.taxDocumentUrl ?? undefined,
  })
  if (error) throw new Error(`record_checkout_payment: ${error.message}`)
  return data
}

/** A checkout still open on our side may have been paid while its callback is late: ask its provider. */
export async function confirmWithProvider(service: ServiceClient, sessionId: string): Promise<boolean> {
  const stored = await loadStoredSession(service, sessionId)
  if (!stored || !['created', 'failed'].includes(stored.status)) return false
  const provider = providerOf(stored)
  if (!provider) return false
  const event = await provider.checkoutStatus(storedCheckout(stored)).catch((error) => {
    console.error(`${provider.name} status query failed`, error)
    return null
  })
  if (!event || event.type !== 'paid') return false
  return RECORDED.has(await recordPaymentEvent(service, provider, event))
}

/** Whether a stored checkout is a free one (a redeemed 100% coupon: provider free), which moved no money. */
export async function isFreeSession(service: ServiceClient, sessionId: string): Promise<boolean> {
  const { data, error } = await service
    .from('payment_sessions')
    .select('provider')
    .eq('session_id', sessionId)
    .maybeSingle()
  if (error) throw new Error(`payment_sessions: ${error.message}`)
  return data?.provider === 'free'
}
