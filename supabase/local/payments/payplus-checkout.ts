/**
 * What the buyer does on the sandbox's PayPlus page, and the callback PayPlus sends about it: the
 * test card (or Apple Pay / Google Pay) pays, the Bit button pays by Bit, the decline card is
 * refused. Each outcome is POSTed to the page's refURL_callback, signed as PayPlus signs it: the
 * raw JSON body's HMAC-SHA256 under PAYPLUS_SECRET_KEY, base64, in the `hash` header, with
 * `user-agent: PayPlus` (a decline only when the page asked for send_failure_callback). The body
 * has PayPlus's callback shape (tests/fixtures/payplus/callback.*.json): no method field; Bit and
 * the wallets named in transaction.alternative_method_name; card details in data.card_information
 * only when a card paid; the tax document is not in it (PaymentPages/ipn answers it).
 */
import { createHmac, randomInt, randomUUID } from 'node:crypto'
import { readFunctionSecrets } from '../functions/env.ts'
import { stripeId } from './ids.ts'
import { alternativeMethodName, shekels } from './payplus-api.ts'
import type { Delivery, PayplusPage, PayplusTransaction, SandboxStore } from './store.ts'
import { post } from './webhooks.ts'

export const TEST_CARD = '4580 4580 4580 4580'
export const DECLINED_CARD = '4000 0000 0000 0002'
/** PayPlus's status code of an approved transaction, and the one the sandbox gives a declined card. */
const APPROVED = '000'
const DECLINED = '006'

export type PayplusMethod = PayplusTransaction['method']

export function payplusSignature(payload: string, secret: string): string {
  return createHmac('sha256', secret).update(payload).digest('base64')
}

function digits(value: string): string {
  return value.replace(/\D/g, '')
}

function isDeclined(method: PayplusMethod, cardNumber: string): boolean {
  return method === 'credit-card' && digits(cardNumber) === digits(DECLINED_CARD)
}

export function validCardNumber(cardNumber: string): boolean {
  return /^\d{13,19}$/.test(digits(cardNumber))
}

function newTransaction(
  page: PayplusPage,
  method: PayplusMethod,
  cardNumber: string,
  paymentsUrl: string,
): PayplusTransaction {
  const card = digits(cardNumber)
  return {
    uid: randomUUID(),
    number: `PP-${randomInt(10_000_000, 99_999_999)}`,
    approvalNumber: String(randomInt(1_000_000, 9_999_999)),
    pageUid: page.uid,
    moreInfo: String(page.request.more_info ?? ''),
    amountAgorot: page.amountAgorot,
    currency: 'ILS',
    method,
    fourDigits: method === 'bit' ? null : method === 'credit-card' ? card.slice(-4) : '4242',
    invoiceUrl: page.request.initial_invoice === true ? `${paymentsUrl}/payplus/documents/${page.uid}` : null,
    date: new Date().toISOString(),
    refundedAgorot: 0,
  }
}

function callbackBody(
  page: PayplusPage,
  transaction: PayplusTransaction | null,
  method: PayplusMethod,
  status: string,
  cardNumber: string,
) {
  const customer = (page.request.customer ?? {}) as Record<string, unknown>
  const alternative = transaction ? alternativeMethodName(transaction) : method === 'credit-card' ? null : method
  const fourDigits = transaction ? transaction.fourDigits : digits(cardNumber).slice(-4) || null
  return {
    transaction_type: 'Charge',
    transaction: {
      uid: transaction?.uid ?? randomUUID(),
      payment_page_request_uid: page.uid,
      number: transaction?.number ?? `PP-${randomInt(10_000_000, 99_999_999)}`,
      type: 'Charge',
      date: new Date().toISOString(),
      status_code: status,
      amount: shekels(page.amountAgorot),
      currency: 'ILS',
      ...(transaction ? { approval_number: transaction.approvalNumber } : {}),
      more_info: String(page.request.more_info ?? ''),
      ...(alternative ? { alternative_method_name: alternative } : {}),
    },
    data: {
      customer_email: customer.email ?? null,
      ...(fourDigits ? { card_information: { four_digits: fourDigits } } : {}),
    },
  }
}

async function deliverCallback(store: SandboxStore, page: PayplusPage, body: unknown, type: string): Promise<Delivery> {
  const payload = JSON.stringify(body)
  const secret = readFunctionSecrets().PAYPLUS_SECRET_KEY
  const headers: Record<string, string> = { 'content-type': 'application/json', 'user-agent': 'PayPlus' }
  const url = String(page.request.refURL_callback)
  const base = { id: stripeId('pp_cb'), eventId: page.uid, type, url, payload, deliveredAt: new Date().toISOString() }
  let delivery: Delivery
  if (!secret) {
    const error = 'PAYPLUS_SECRET_KEY is not set (supabase/functions/.env)'
    delivery = { ...base, headers, status: null, error, responseBody: null }
  } else {
    const signed = { ...headers, hash: payplusSignature(payload, secret) }
    delivery = { ...base, headers: signed, ...(await post(url, payload, signed)) }
  }
  store.addDelivery(delivery)
  return delivery
}

export interface PageOutcome {
  page: PayplusPage
  delivery: Delivery | null
  redirect: string
  approved: boolean
}

/** The buyer paid (or tried to) on page `page` with `method`. */
export async function payOnPage(
  store: SandboxStore,
  page: PayplusPage,
  method: PayplusMethod,
  cardNumber: string,
  paymentsUrl: string,
): Promise<PageOutcome> {
  if (isDeclined(method, cardNumber)) {
    page.declines += 1
    store.putPayplusPage(page)
    const delivery =
      page.request.send_failure_callback === true
        ? await deliverCallback(
            store,
            page,
            callbackBody(page, null, method, DECLINED, cardNumber),
            'payplus.callback.declined',
          )
        : null
    const failure = String(page.request.refURL_failure ?? page.request.refURL_cancel ?? page.request.refURL_success)
    return { page, delivery, redirect: failure, approved: false }
  }
  page.transaction = newTransaction(page, method, cardNumber, paymentsUrl)
  store.putPayplusPage(page)
  const delivery = await deliverCallback(
    store,
    page,
    callbackBody(page, page.transaction, method, APPROVED, cardNumber),
    'payplus.callback',
  )
  return { page, delivery, redirect: String(page.request.refURL_success), approved: true }
}
