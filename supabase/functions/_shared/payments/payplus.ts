/**
 * PayPlus behind the payment-provider interface: a hosted payment page (cards, Bit, Apple Pay,
 * Google Pay, in Hebrew, in shekels with VAT included, one payment) from PaymentPages/generateLink;
 * the callback to refURL_callback, whose raw body is signed with HMAC-SHA256 under the secret key,
 * base64, in the `hash` header (user-agent `PayPlus`); PaymentPages/ipn to ask how a page ended; and
 * Transactions/RefundByTransactionUID. Credentials travel in the `api-key` / `secret-key` headers.
 * PAYPLUS_API_URL chooses production, PayPlus's staging host or the local sandbox.
 */
import { requireEnv } from '../env.ts'
import {
  agorotFromShekels,
  InvalidSignatureError,
  type CheckoutOrder,
  type CreatedCheckout,
  type PaymentEvent,
  type PaymentMethod,
  type PaymentProvider,
  type StoredCheckout,
} from './provider.ts'

const PRODUCTION_API = 'https://restapi.payplus.co.il/api/v1.0'
const REQUEST_TIMEOUT_MS = 15_000
/** PayPlus's status code of an approved transaction. */
const APPROVED = '000'

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

async function call(path: string, body: Json): Promise<Json> {
  const response = await fetch(`${apiUrl()}/${path}`, {
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
  const answer = (await response.json().catch(() => ({}))) as Json
  const results = objectAt(answer, 'results')
  if (!response.ok || results.status !== 'success') {
    throw new Error(`PayPlus ${path}: HTTP ${response.status} ${String(results.description ?? '')}`.trim())
  }
  return objectAt(answer, 'data')
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

/** The transaction a callback or an ipn answer describes, as one event. */
function transactionEvent(sources: Json[], fallbackSessionId: string | null): PaymentEvent {
  const sessionId = firstText(sources, ['more_info']) ?? fallbackSessionId
  if (!sessionId) return { type: 'ignored', reason: 'no more_info' }
  const providerCheckoutId = firstText(sources, ['payment_page_request_uid', 'page_request_uid', 'payment_request_uid'])
  const transactionId = firstText(sources, ['uid', 'transaction_uid'])
  const status = firstText(sources, ['status_code'])
  if (status === null) return { type: 'pending', sessionId }
  if (status !== APPROVED || !transactionId) return { type: 'failed', sessionId, providerCheckoutId, transactionId }
  const method = firstText(sources, ['method', 'payment_method', 'charge_method_name']) ?? 'credit-card'
  return {
    type: 'paid',
    sessionId,
    providerCheckoutId,
    transactionId,
    amountAgorot: agorotFromShekels(firstText(sources, ['amount'])),
    currency: (firstText(sources, ['currency', 'currency_code']) ?? '').toLowerCase(),
    method: METHODS[method] ?? 'other',
    cardLast4: firstText(sources, ['four_digits'])?.match(/^\d{4}$/)?.[0] ?? null,
    taxDocumentUrl:
      firstText(sources, ['invoice_original_url', 'original_url'])?.match(/^https?:\/\/\S+$/)?.[0] ?? null,
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
        payments: 1,
        max_payments: 1,
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
      return transactionEvent(
        [
          objectAt(body, 'transaction'),
          objectAt(body, 'data'),
          objectAt(body, 'invoice'),
          objectAt(objectAt(body, 'data'), 'card_information'),
        ],
        null,
      )
    },

    async checkoutStatus(checkout: StoredCheckout): Promise<PaymentEvent> {
      if (!checkout.providerCheckoutId) return { type: 'pending', sessionId: checkout.sessionId }
      const data = await call('PaymentPages/ipn', { payment_request_uid: checkout.providerCheckoutId })
      const event = transactionEvent(
        [objectAt(data, 'transaction'), data, objectAt(data, 'card_information'), objectAt(data, 'invoice')],
        checkout.sessionId,
      )
      return event.type === 'ignored' || event.type === 'expired' || event.sessionId === checkout.sessionId
        ? event
        : { type: 'ignored', reason: 'ipn answered about another order' }
    },

    async refund(checkout: StoredCheckout, idempotencyKey: string): Promise<{ refundId: string }> {
      if (!checkout.transactionId) throw new Error(`order ${checkout.sessionId} has no PayPlus transaction`)
      const data = await call('Transactions/RefundByTransactionUID', {
        transaction_uid: checkout.transactionId,
        amount: shekels(checkout.amountAgorot),
        more_info: idempotencyKey,
      })
      const refundId = firstText([objectAt(data, 'transaction'), data], ['uid', 'transaction_uid'])
      if (!refundId) throw new Error('PayPlus refund answered without a transaction uid')
      return { refundId }
    },
  }
}
