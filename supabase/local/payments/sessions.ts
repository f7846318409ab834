/**
 * Checkout sessions, payment intents and refunds: Stripe's objects and state changes, with the
 * validation Stripe applies to the parameters the app sends (price_data line items only).
 */
import { StripeApiError, invalidParameter, missingParameter, noSuchObject } from './errors.ts'
import type { FormObject, FormValue } from './form.ts'
import { nowSeconds, stripeId } from './ids.ts'
import type { LineItem, PaymentIntentRecord, SandboxStore, SessionRecord } from './store.ts'

const SESSION_LIFETIME_SECONDS = 24 * 60 * 60

function text(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined
}

function objectOf(value: FormValue | undefined): FormObject {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {}
}

function integer(value: FormValue | undefined, param: string, min: number): number {
  const parsed = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN
  if (!Number.isSafeInteger(parsed))
    throw invalidParameter(param, `Invalid integer: ${String(value ?? '')}`, 'parameter_invalid_integer')
  if (parsed < min) throw invalidParameter(param, `This value must be greater than or equal to ${min}.`)
  return parsed
}

function httpUrl(value: FormValue | undefined, param: string, required: boolean): string | null {
  const url = text(value)
  if (!url) {
    if (required) throw missingParameter(param)
    return null
  }
  if (!/^https?:\/\//i.test(url)) throw invalidParameter(param, 'Not a valid URL', 'url_invalid')
  return url
}

function metadataOf(value: FormValue | undefined): Record<string, string> {
  const metadata: Record<string, string> = {}
  for (const [key, entry] of Object.entries(objectOf(value))) {
    if (typeof entry !== 'string') throw invalidParameter(`metadata[${key}]`, 'Metadata values must be strings.')
    if (entry !== '') metadata[key] = entry
  }
  return metadata
}

function lineItemsOf(value: FormValue | undefined): LineItem[] {
  if (!Array.isArray(value) || value.length === 0) throw missingParameter('line_items')
  return value.map((raw, index) => {
    const item = objectOf(raw)
    const param = `line_items[${index}]`
    if (text(item.price)) throw noSuchObject('price', text(item.price)!, `${param}[price]`)
    const priceData = objectOf(item.price_data)
    const currency = text(priceData.currency)?.toLowerCase()
    if (!currency) throw missingParameter(`${param}[price_data][currency]`)
    const name = text(objectOf(priceData.product_data).name)
    if (!name) throw missingParameter(`${param}[price_data][product_data][name]`)
    return {
      id: stripeId('li', 24),
      name,
      currency,
      unitAmount: integer(priceData.unit_amount, `${param}[price_data][unit_amount]`, 0),
      quantity: integer(item.quantity ?? '1', `${param}[quantity]`, 1),
    }
  })
}

export function createSession(
  store: SandboxStore,
  params: FormObject,
  paymentsUrl: string,
  apiVersion: string,
): SessionRecord {
  const mode = text(params.mode)
  if (!mode) throw missingParameter('mode')
  if (mode !== 'payment') throw invalidParameter('mode', `This sandbox supports only mode=payment (got ${mode}).`)
  const lineItems = lineItemsOf(params.line_items)
  const currency = lineItems[0]!.currency
  if (lineItems.some((item) => item.currency !== currency)) {
    throw invalidParameter('line_items', 'All line items must use the same currency.')
  }
  const amount = lineItems.reduce((sum, item) => sum + item.unitAmount * item.quantity, 0)
  const created = nowSeconds()
  const id = stripeId('cs_test', 58)
  const paymentMethodTypes = Array.isArray(params.payment_method_types)
    ? params.payment_method_types.filter((entry): entry is string => typeof entry === 'string')
    : ['card']
  const record: SessionRecord = {
    apiVersion,
    lineItems,
    session: {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: httpUrl(params.cancel_url, 'cancel_url', false),
      client_reference_id: text(params.client_reference_id) ?? null,
      created,
      currency,
      customer: null,
      customer_details: null,
      customer_email: text(params.customer_email) ?? null,
      expires_at: text(params.expires_at)
        ? integer(params.expires_at, 'expires_at', created)
        : created + SESSION_LIFETIME_SECONDS,
      livemode: false,
      locale: text(params.locale) ?? null,
      metadata: metadataOf(params.metadata),
      mode,
      payment_intent: null,
      payment_method_types: paymentMethodTypes,
      payment_status: 'unpaid',
      status: 'open',
      success_url: httpUrl(params.success_url, 'success_url', true),
      total_details: { amount_discount: 0, amount_shipping: 0, amount_tax: 0 },
      url: `${paymentsUrl}/checkout/${id}`,
    },
  }
  store.putSession(record)
  return record
}

export function requireSession(store: SandboxStore, id: string): SessionRecord {
  const record = store.session(id)
  if (!record) throw noSuchObject('checkout.session', id)
  return record
}

function assertOpen(record: SessionRecord): void {
  const { session } = record
  if (session.status === 'open' && Number(session.expires_at) < nowSeconds()) {
    session.status = 'expired'
  }
  if (session.status !== 'open') {
    throw new StripeApiError(400, `This Checkout Session is ${session.status}.`, 'checkout_session_not_open')
  }
}

/** What "pay" on the hosted page does: a succeeded payment intent and a complete, paid session. */
export function completeSession(store: SandboxStore, id: string): SessionRecord {
  const record = requireSession(store, id)
  assertOpen(record)
  const { session } = record
  const intentId = stripeId('pi')
  const amount = Number(session.amount_total)
  const intent: PaymentIntentRecord = {
    amountRefunded: 0,
    intent: {
      id: intentId,
      object: 'payment_intent',
      amount,
      amount_capturable: 0,
      amount_received: amount,
      created: nowSeconds(),
      currency: String(session.currency),
      customer: null,
      description: null,
      latest_charge: stripeId('ch'),
      livemode: false,
      metadata: {},
      payment_method_types: session.payment_method_types,
      receipt_email: session.customer_email,
      status: 'succeeded',
    },
  }
  store.putPaymentIntent(intent)
  session.status = 'complete'
  session.payment_status = amount === 0 ? 'no_payment_required' : 'paid'
  session.payment_intent = intentId
  session.customer_details = {
    address: null,
    email: session.customer_email,
    name: null,
    phone: null,
    tax_exempt: 'none',
    tax_ids: [],
  }
  store.putSession(record)
  return record
}

export function expireSession(store: SandboxStore, id: string): SessionRecord {
  const record = requireSession(store, id)
  assertOpen(record)
  record.session.status = 'expired'
  store.putSession(record)
  return record
}

export function lineItemsList(record: SessionRecord): Record<string, unknown> {
  return {
    object: 'list',
    data: record.lineItems.map((item) => ({
      id: item.id,
      object: 'item',
      amount_discount: 0,
      amount_subtotal: item.unitAmount * item.quantity,
      amount_tax: 0,
      amount_total: item.unitAmount * item.quantity,
      currency: item.currency,
      description: item.name,
      quantity: item.quantity,
      price: { object: 'price', currency: item.currency, unit_amount: item.unitAmount, type: 'one_time' },
    })),
    has_more: false,
    url: `/v1/checkout/sessions/${String(record.session.id)}/line_items`,
  }
}

export function requirePaymentIntent(store: SandboxStore, id: string, param = 'id'): PaymentIntentRecord {
  const record = store.paymentIntent(id)
  if (!record) throw noSuchObject('payment_intent', id, param)
  return record
}

export function createRefund(store: SandboxStore, params: FormObject): Record<string, unknown> {
  const intentId = text(params.payment_intent)
  if (!intentId) throw missingParameter('payment_intent')
  const record = requirePaymentIntent(store, intentId, 'payment_intent')
  const { intent } = record
  const remaining = intent.amount - record.amountRefunded
  if (remaining <= 0) {
    throw new StripeApiError(
      400,
      `Charge ${String(intent.latest_charge)} has already been refunded.`,
      'charge_already_refunded',
    )
  }
  const amount = params.amount === undefined ? remaining : integer(params.amount, 'amount', 1)
  if (amount > remaining) {
    throw invalidParameter(
      'amount',
      `Refund amount (${amount}) is greater than unrefunded amount on charge (${remaining})`,
      'amount_too_large',
    )
  }
  record.amountRefunded += amount
  store.putPaymentIntent(record)
  const refund = {
    id: stripeId('re'),
    object: 'refund',
    amount,
    charge: intent.latest_charge,
    created: nowSeconds(),
    currency: intent.currency,
    metadata: metadataOf(params.metadata),
    payment_intent: intent.id,
    reason: text(params.reason) ?? null,
    status: 'succeeded',
  }
  store.putRefund(refund.id, refund)
  return refund
}
