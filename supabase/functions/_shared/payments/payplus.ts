/**
 * PayPlus behind the payment-provider interface: a hosted payment page (cards, Bit, Apple Pay,
 * Google Pay, in Hebrew, in shekels with VAT included, one payment) from PaymentPages/generateLink;
 * the callback to refURL_callback, whose raw body is signed with HMAC-SHA256 under the secret key,
 * base64, in the `hash` header (user-agent `PayPlus`); PaymentPages/ipn to ask how a page ended, what
 * a paid transaction was paid with and its tax document, and whether a refund sent earlier was made;
 * and Transactions/RefundByTransactionUID. Credentials travel in the `api-key` / `secret-key`
 * headers. PAYPLUS_API_URL chooses production, PayPlus's staging host or the local sandbox.
 * The request and answer shapes are the ones PayPlus's own clients use (tests/fixtures/payplus).
 */
import { requireEnv } from '../clients/env.ts'
import {
  agorotFromShekels,
  InvalidSignatureError,
  type CheckoutOrder,
  type CreatedCheckout,
  type PaymentEvent,
  type PaymentMethod,
  type PaymentProvider,
  type RefundResult,
  type StoredCheckout,
} from './provider.ts'

const PRODUCTION_API = 'https://restapi.payplus.co.il/api/v1.0'
const REQUEST_TIMEOUT_MS = 15_000
/** PayPlus's status code of an approved transaction. */
const APPROVED = '000'
/**
 * Minutes a generated payment page stays payable (expiry_datetime). open_checkout offers an open
 * page again only while it is younger than 25 minutes, so a buyer never gets a page about to expire.
 */
const PAGE_MINUTES = 30

/** PayPlus names a card payment's method `credit-card`; Bit and the wallets in alternative_method_name. */
const METHODS: Record<string, PaymentMethod> = {
  'credit-card': 'card',
  bit: 'bit',
  'apple-pay': 'apple_pay',
  'google-pay': 'google_pay',
}

type Json = Record<string, unknown>

function apiUrl(): string {
  return (Deno.env.get('PAYPLUS_API_URL') || PRODUCTION_API).replace(/\/+$/, '')
}

function taxDocumentsEnabled(): boolean {
  return Deno.env.get('PAYPLUS_TAX_DOCUMENTS') === 'true'
}

function objectAt(value: unknown, key: string): Json {
  const inner = value && typeof value === 'object' ? (value as Json)[key] : undefined
  return inner && typeof inner === 'object' && !Array.isArray(inner) ? (inner as Json) : {}
}

/** The first non-empty string or number among `keys` of `sources`, as text. */
function firstText(sources: Json[], keys: string[]): string | null {
  for (const source of sources) {
    for (const key of keys) {
      const value = source[key]
      if (typeof value === 'string' && value.trim() !== '') return value.trim()
      if (typeof value === 'number' && Number.isFinite(value)) return String(value)
    }
  }
  return null
}

function shekels(agorot: number): number {
  return Math.round(agorot) / 100
}

/** PayPlus did not answer (network error, timeout, server error, no JSON): what it did is unknown. */
class NoAnswerError extends Error {
  override name = 'NoAnswerError'
}

/** One POST to PayPlus; its `{results, data}` answer, whatever results.status says. */
async function ask(path: string, body: Json): Promise<{ results: Json; data: Json }> {
  let response: Response
  try {
    response = await fetch(`${apiUrl()}/${path}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json',
        'api-key': requireEnv('PAYPLUS_API_KEY'),
        'secret-key': requireEnv('PAYPLUS_SECRET_KEY'),
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    })
  } catch (error) {
    throw new NoAnswerError(`PayPlus ${path}: ${error instanceof Error ? error.message : String(error)}`)
  }
  const answer = (await response.json().catch(() => null)) as unknown
  if (response.status >= 500 || !answer || typeof answer !== 'object') {
    throw new NoAnswerError(`PayPlus ${path}: HTTP ${response.status} without an answer`)
  }
  return { results: objectAt(answer, 'results'), data: objectAt(answer, 'data') }
}

/** The `data` of a successful answer; any other answer throws. */
async function call(path: string, body: Json): Promise<Json> {
  const { results, data } = await ask(path, body)
  if (results.status !== 'success') {
    throw new Error(`PayPlus ${path}: ${String(results.description ?? results.status ?? 'no status')}`)
  }
  return data
}

async function hmacBase64(secret: string, message: string): Promise<string> {
  const key = await crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  )
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)))
  let binary = ''
  for (const byte of signature) binary += String.fromCharCode(byte)
  return btoa(binary)
}

function sameText(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let difference = 0
  for (let index = 0; index < a.length; index++) difference |= a.charCodeAt(index) ^ b.charCodeAt(index)
  return difference === 0
}

/** Card unless PayPlus names another method (alternative_method_name, else the ipn's `method`). */
function paymentMethod(sources: Json[]): PaymentMethod {
  const method = firstText(sources, ['alternative_method_name']) ?? firstText(sources, ['method']) ?? 'credit-card'
  return METHODS[method] ?? 'other'
}

/** The transaction a callback or an ipn answer describes, as one event. */
function transactionEvent(sources: Json[], fallbackSessionId: string | null): PaymentEvent {
  const sessionId = firstText(sources, ['more_info']) ?? fallbackSessionId
  if (!sessionId) return { type: 'ignored', reason: 'no more_info' }
  const providerCheckoutId = firstText(sources, ['payment_page_request_uid', 'page_request_uid', 'payment_request_uid'])
  const transactionId = firstText(sources, ['uid', 'transaction_uid'])
  const status = firstText(sources, ['status_code'])
  if (status === null) return { type: 'pending', sessionId }
  if (status !== APPROVED || !transactionId) return { type: 'failed', sessionId, providerCheckoutId, transactionId }
  return {
    type: 'paid',
    sessionId,
    providerCheckoutId,
    transactionId,
    amountAgorot: agorotFromShekels(firstText(sources, ['amount'])),
    currency: (firstText(sources, ['currency', 'currency_code']) ?? '').toLowerCase(),
    method: paymentMethod(sources),
    cardLast4: firstText(sources, ['four_digits'])?.match(/^\d{4}$/)?.[0] ?? null,
    taxDocumentUrl: firstText(sources, ['invoice_original_url'])?.match(/^https?:\/\/\S+$/)?.[0] ?? null,
  }
}

/** The flat transaction fields of an ipn answer (data), with its card details when nested. */
function ipnSources(data: Json): Json[] {
  return [data, objectAt(data, 'card_information')]
}

/**
 * A paid callback completed from PaymentPages/ipn about the same transaction: PayPlus gives the
 * tax document (invoice_original_url) and the method there. Without an answer the callback stands
 * as it came.
 */
async function withIpnDetails(event: PaymentEvent): Promise<PaymentEvent> {
  if (event.type !== 'paid') return event
  try {
    const data = await call('PaymentPages/ipn', { transaction_uid: event.transactionId })
    if (firstText([data], ['transaction_uid']) !== event.transactionId) return event
    if (firstText([data], ['status_code']) !== APPROVED) return event
    const sources = ipnSources(data)
    return {
      ...event,
      // The callback's own alternative_method_name stands; a card callback takes what ipn names.
      method: event.method === 'card' ? paymentMethod(sources) : event.method,
      taxDocumentUrl:
        firstText(sources, ['invoice_original_url'])?.match(/^https?:\/\/\S+$/)?.[0] ?? event.taxDocumentUrl,
    }
  } catch (error) {
    console.warn('PayPlus ipn after the callback failed; the callback is recorded as it came', error)
    return event
  }
}

/**
 * The refund PayPlus made with more_info `key`, if any (PaymentPages/ipn searches by more_info):
 * `refunded`; `none` when PayPlus has no approved transaction with that more_info; `unknown` when
 * it answered about something else.
 */
async function refundSentWith(key: string): Promise<RefundResult | { outcome: 'none' }> {
  const { results, data } = await ask('PaymentPages/ipn', { more_info: key })
  if (results.status !== 'success') return { outcome: 'none' }
  if (firstText([data], ['more_info']) !== key) {
    return { outcome: 'unknown', reason: `PaymentPages/ipn answered about another transaction than ${key}` }
  }
  const uid = firstText([data], ['transaction_uid', 'uid'])
  if (firstText([data], ['status_code']) !== APPROVED || !uid) return { outcome: 'none' }
  return { outcome: 'refunded', refundId: uid }
}

/** Sends the refund: done only when PayPlus approved the refund transaction (status_code 000). */
async function sendRefund(checkout: StoredCheckout, transactionUid: string, key: string): Promise<RefundResult> {
  const { results, data } = await ask('Transactions/RefundByTransactionUID', {
    transaction_uid: transactionUid,
    amount: shekels(checkout.amountAgorot),
    more_info: key,
  })
  const transaction = objectAt(data, 'transaction')
  const uid = firstText([transaction], ['uid', 'transaction_uid'])
  const status = firstText([transaction], ['status_code'])
  if (results.status === 'success' && status === APPROVED && uid) return { outcome: 'refunded', refundId: uid }
  return {
    outcome: 'not_refunded',
    reason: `PayPlus refused the refund: ${String(results.description ?? '')} (status ${status ?? 'none'})`,
  }
}

export function payplusProvider(): PaymentProvider {
  return {
    name: 'payplus',

    async createCheckout(order: CheckoutOrder): Promise<CreatedCheckout> {
      const sessionId = `pp_${order.reference}`
      const amount = shekels(order.amountAgorot)
      const customer: Json = { customer_name: order.buyer.name, email: order.buyer.email }
      const data = await call('PaymentPages/generateLink', {
        payment_page_uid: requireEnv('PAYPLUS_PAYMENT_PAGE_UID'),
        charge_method: 1,
        amount,
        currency_code: order.currency.toUpperCase(),
        language_code: 'he',
        expiry_datetime: String(PAGE_MINUTES),
        payments: 1,
        more_info: sessionId,
        customer,
        items: [{ name: order.description, quantity: 1, price: amount, vat_type: 0 }],
        initial_invoice: taxDocumentsEnabled(),
        refURL_success: order.successUrl.replaceAll('{SESSION_ID}', sessionId),
        refURL_failure: order.failureUrl.replaceAll('{SESSION_ID}', sessionId),
        refURL_cancel: order.cancelUrl.replaceAll('{SESSION_ID}', sessionId),
        refURL_callback: order.callbackUrl,
        send_failure_callback: true,
      })
      const url = firstText([data], ['payment_page_link'])
      const pageRequestUid = firstText([data], ['page_request_uid'])
      if (!url || !pageRequestUid) throw new Error('PayPlus generateLink answered without a page link')
      return { sessionId, providerCheckoutId: pageRequestUid, url }
    },

    // A generated page that was never recorded is never matched to an order: nothing to close.
    async abandonCheckout(): Promise<void> {},

    async verifyCallback(headers: Headers, rawBody: string): Promise<PaymentEvent> {
      const hash = headers.get('hash')
      if (!hash) throw new InvalidSignatureError('no hash header')
      if (headers.get('user-agent') !== 'PayPlus') throw new InvalidSignatureError('user-agent is not PayPlus')
      const expected = await hmacBase64(requireEnv('PAYPLUS_SECRET_KEY'), rawBody)
      if (!sameText(expected, hash.trim())) throw new InvalidSignatureError('hash does not sign the body')
      let body: Json
      try {
        body = JSON.parse(rawBody) as Json
      } catch {
        throw new InvalidSignatureError('signed body is not JSON')
      }
      const event = transactionEvent(
        [objectAt(body, 'transaction'), objectAt(body, 'data'), objectAt(objectAt(body, 'data'), 'card_information')],
        null,
      )
      return withIpnDetails(event)
    },

    async checkoutStatus(checkout: StoredCheckout): Promise<PaymentEvent> {
      if (!checkout.providerCheckoutId) return { type: 'pending', sessionId: checkout.sessionId }
      const data = await call('PaymentPages/ipn', { payment_request_uid: checkout.providerCheckoutId })
      const event = transactionEvent(ipnSources(data), checkout.sessionId)
      return event.type === 'ignored' || event.type === 'expired' || event.sessionId === checkout.sessionId
        ? event
        : { type: 'ignored', reason: 'ipn answered about another order' }
    },

    async refund(checkout: StoredCheckout, idempotencyKey: string, earlierAttempt): Promise<RefundResult> {
      if (!checkout.transactionId) {
        return { outcome: 'not_refunded', reason: `order ${checkout.sessionId} has no PayPlus transaction` }
      }
      try {
        if (earlierAttempt === 'unknown') {
          const earlier = await refundSentWith(idempotencyKey)
          if (earlier.outcome !== 'none') return earlier
        }
        return await sendRefund(checkout, checkout.transactionId, idempotencyKey)
      } catch (error) {
        if (error instanceof NoAnswerError) return { outcome: 'unknown', reason: error.message }
        throw error
      }
    },
  }
}
