/**
 * The one payment-provider interface. Checkout, the callback, the late-payment check and refunds
 * go through it; only the files of this folder know a provider by name. Amounts are in agorot
 * (the currency's minor unit) everywhere outside a provider.
 */

export type ProviderName = 'payplus' | 'stripe'

export interface CheckoutOrder {
  /** Our id of this order; a provider without ids of its own (PayPlus) uses it as the checkout's id. */
  reference: string
  /** The product line the payment page shows, in Hebrew. */
  description: string
  amountAgorot: number
  /** ISO 4217, lower case, from the price table ('ils'). */
  currency: string
  buyer: { userId: string; name: string; email: string }
  /** Where the buyer returns after paying / giving up; `{SESSION_ID}` becomes the checkout's id. */
  successUrl: string
  cancelUrl: string
  /** Where a provider that has one sends a declined payment (PayPlus refURL_failure). */
  failureUrl: string
  /** The callback address (PayPlus asks for it with every page; Stripe's is set in its dashboard). */
  callbackUrl: string
  metadata: Record<string, string>
}

export interface CreatedCheckout {
  /** Our payment_sessions id of the checkout. */
  sessionId: string
  /** The provider's own id of the checkout when it differs (PayPlus page_request_uid). */
  providerCheckoutId: string | null
  /** The hosted payment page. */
  url: string
}

export type PaymentMethod = 'card' | 'bit' | 'apple_pay' | 'google_pay' | 'other'

export interface PaidEvent {
  type: 'paid'
  sessionId: string
  providerCheckoutId: string | null
  transactionId: string
  amountAgorot: number
  currency: string
  method: PaymentMethod
  cardLast4: string | null
  taxDocumentUrl: string | null
}

/** A verified callback or status answer in one shape, whichever provider sent it. */
export type PaymentEvent =
  | PaidEvent
  | { type: 'failed'; sessionId: string; providerCheckoutId: string | null; transactionId: string | null }
  | { type: 'expired'; sessionId: string }
  | { type: 'pending'; sessionId: string }
  | { type: 'ignored'; reason: string }

/** What a provider needs of a stored checkout to ask about it or refund it. */
export interface StoredCheckout {
  sessionId: string
  providerCheckoutId: string | null
  transactionId: string | null
  amountAgorot: number
  currency: string
}

/**
 * What a provider said about a refund: done (its id); not done (the provider answered and refunded
 * nothing, so it may be asked again); or unknown (no answer came: the refund may have been made, so
 * it must not be sent again before the provider is asked what became of it).
 */
export type RefundResult =
  | { outcome: 'refunded'; refundId: string }
  | { outcome: 'not_refunded'; reason: string }
  | { outcome: 'unknown'; reason: string }

/** Thrown by `verifyCallback` when the request is not signed by the provider. */
export class InvalidSignatureError extends Error {
  constructor(reason: string) {
    super(reason)
    this.name = 'InvalidSignatureError'
  }
}

export interface PaymentProvider {
  readonly name: ProviderName
  createCheckout(order: CheckoutOrder): Promise<CreatedCheckout>
  /** Closes a checkout we could not record, so it cannot be paid (best effort). */
  abandonCheckout(checkout: CreatedCheckout): Promise<void>
  /** The callback as one event; throws InvalidSignatureError unless `rawBody` is signed by the provider. */
  verifyCallback(headers: Headers, rawBody: string): Promise<PaymentEvent>
  /** Asks the provider itself how a checkout ended (its callback may be late). */
  checkoutStatus(checkout: StoredCheckout): Promise<PaymentEvent>
  /**
   * Refunds the whole payment; `idempotencyKey` is the same for every attempt of one refund. When
   * an earlier attempt's outcome is unknown, the provider is first asked whether that refund was
   * made, and the refund is sent only when it was not.
   */
  refund(checkout: StoredCheckout, idempotencyKey: string, earlierAttempt: 'none' | 'unknown'): Promise<RefundResult>
}

export function agorotFromShekels(amount: unknown): number {
  const value = typeof amount === 'string' ? Number(amount) : amount
  return typeof value === 'number' && Number.isFinite(value) ? Math.round(value * 100) : Number.NaN
}
