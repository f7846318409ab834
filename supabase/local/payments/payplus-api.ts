/**
 * The part of PayPlus's REST API the edge functions use (`/api/v1.0/*`), in the shapes PayPlus's
 * own clients send and read (tests/fixtures/payplus names the source of each):
 * PaymentPages/generateLink (a hosted page for one payment, payable for expiry_datetime minutes),
 * PaymentPages/ipn (a transaction by payment_request_uid, transaction_uid or more_info, its fields
 * flat in `data`, with method / alternative_method_name and invoice_original_url), and
 * Transactions/RefundByTransactionUID (the refund transaction in `data.transaction`, approved when
 * its status_code is 000). Requests carry the `api-key` and `secret-key` headers
 * (PAYPLUS_API_KEY / PAYPLUS_SECRET_KEY of the functions' secrets); answers are
 * `{results: {status, code, description}, data}` with amounts in shekels.
 */
import { randomInt, randomUUID } from 'node:crypto'
import { readFunctionSecrets } from '../functions/env.ts'
import { json } from '../http.ts'
import { createRouter } from '../router.ts'
import type { PayplusPage, PayplusRefund, PayplusTransaction, SandboxStore } from './store.ts'

class PayplusApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message)
  }

  toResponse(): Response {
    return json({ results: { status: 'error', code: this.status, description: this.message }, data: {} }, this.status)
  }
}

function success(description: string, data: Record<string, unknown>): Response {
  return json({ results: { status: 'success', code: 0, description }, data })
}

export function shekels(agorot: number): number {
  return Math.round(agorot) / 100
}

function authenticate(req: Request): void {
  const secrets = readFunctionSecrets()
  const apiKey = req.headers.get('api-key')
  const secretKey = req.headers.get('secret-key')
  if (!apiKey || !secretKey) throw new PayplusApiError(401, 'api-key and secret-key headers are required')
  if (apiKey !== secrets.PAYPLUS_API_KEY || secretKey !== secrets.PAYPLUS_SECRET_KEY) {
    throw new PayplusApiError(401, 'wrong api-key or secret-key')
  }
}

async function bodyOf(req: Request): Promise<Record<string, unknown>> {
  const body = (await req.json().catch(() => null)) as unknown
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new PayplusApiError(400, 'body must be JSON')
  return body as Record<string, unknown>
}

function requiredUrl(body: Record<string, unknown>, field: string): string {
  const value = body[field]
  if (typeof value !== 'string' || !/^https?:\/\//i.test(value))
    throw new PayplusApiError(422, `${field} must be a URL`)
  return value
}

function agorotOf(value: unknown, field: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw new PayplusApiError(422, `${field} must be a positive number`)
  }
  return Math.round(value * 100)
}

function generateLink(store: SandboxStore, body: Record<string, unknown>, paymentsUrl: string): Response {
  if (body.payment_page_uid !== readFunctionSecrets().PAYPLUS_PAYMENT_PAGE_UID) {
    throw new PayplusApiError(422, 'payment_page_uid is not a page of this terminal')
  }
  const amountAgorot = agorotOf(body.amount, 'amount')
  if (String(body.currency_code ?? 'ILS').toUpperCase() !== 'ILS')
    throw new PayplusApiError(422, 'currency_code must be ILS')
  for (const field of ['refURL_success', 'refURL_callback']) requiredUrl(body, field)
  const uid = randomUUID()
  const page: PayplusPage = {
    uid,
    link: `${paymentsUrl}/payplus/${uid}`,
    request: body,
    amountAgorot,
    createdAt: new Date().toISOString(),
    transaction: null,
    declines: 0,
  }
  store.putPayplusPage(page)
  return success('payment page link has been generated', { page_request_uid: uid, payment_page_link: page.link })
}

/** The minutes a page stays payable: generateLink's expiry_datetime, else PayPlus's default 30. */
function pageMinutes(page: PayplusPage): number {
  const minutes = Number(page.request.expiry_datetime ?? 30)
  return Number.isFinite(minutes) && minutes > 0 ? minutes : 30
}

export function pageExpired(page: PayplusPage, now = Date.now()): boolean {
  return now > Date.parse(page.createdAt) + pageMinutes(page) * 60_000
}

/** A card payment is `credit-card`; Bit and the wallets are named by alternative_method_name. */
export function alternativeMethodName(transaction: PayplusTransaction): string | null {
  return transaction.method === 'credit-card' ? null : transaction.method
}

/** A charge as PaymentPages/ipn answers it: flat fields, amounts in shekels. */
function chargeData(page: PayplusPage, transaction: PayplusTransaction): Record<string, unknown> {
  const alternative = alternativeMethodName(transaction)
  return {
    type: 'Charge',
    method: transaction.method === 'bit' ? 'bit' : 'credit-card',
    ...(alternative ? { alternative_method_name: alternative } : {}),
    transaction_uid: transaction.uid,
    page_request_uid: page.uid,
    number: transaction.number,
    approval_num: transaction.approvalNumber,
    status_code: '000',
    amount: shekels(transaction.amountAgorot),
    currency: transaction.currency,
    more_info: transaction.moreInfo,
    ...(transaction.fourDigits ? { four_digits: transaction.fourDigits } : {}),
    ...(transaction.invoiceUrl ? { invoice_original_url: transaction.invoiceUrl } : {}),
  }
}

/** A refund as PaymentPages/ipn answers it. */
function refundData(refund: PayplusRefund): Record<string, unknown> {
  return {
    type: 'Refund',
    method: 'credit-card',
    transaction_uid: refund.uid,
    number: refund.number,
    status_code: '000',
    amount: shekels(refund.amountAgorot),
    currency: 'ILS',
    more_info: refund.moreInfo,
  }
}

function text(value: unknown): string {
  return typeof value === 'string' ? value : ''
}

/** The transaction asked about: by page, by transaction uid (charge or refund) or by more_info (the latest). */
function ipnTransaction(store: SandboxStore, body: Record<string, unknown>): Record<string, unknown> | null {
  const pageUid = text(body.payment_request_uid)
  if (pageUid) {
    const page = store.payplusPage(pageUid)
    return page?.transaction ? chargeData(page, page.transaction) : null
  }
  const transactionUid = text(body.transaction_uid)
  if (transactionUid) {
    const page = store.payplusPageOfTransaction(transactionUid)
    if (page?.transaction) return chargeData(page, page.transaction)
    const refund = store.payplusRefunds().find((entry) => entry.uid === transactionUid)
    return refund ? refundData(refund) : null
  }
  const moreInfo = text(body.more_info)
  if (!moreInfo) throw new PayplusApiError(422, 'payment_request_uid, transaction_uid or more_info is required')
  const refund = store.payplusRefunds().findLast((entry) => entry.moreInfo === moreInfo)
  if (refund) return refundData(refund)
  const page = store.payplusPages().findLast((entry) => entry.transaction?.moreInfo === moreInfo)
  return page?.transaction ? chargeData(page, page.transaction) : null
}

function ipn(store: SandboxStore, body: Record<string, unknown>): Response {
  const data = ipnTransaction(store, body)
  if (!data) throw new PayplusApiError(404, 'transaction not found')
  return success('operation has been success', data)
}

function refundByTransactionUid(store: SandboxStore, body: Record<string, unknown>): Response {
  const uid = text(body.transaction_uid)
  const page = store.payplusPageOfTransaction(uid)
  const transaction = page?.transaction
  if (!page || !transaction) throw new PayplusApiError(404, 'transaction_uid not found')
  const amountAgorot = agorotOf(body.amount, 'amount')
  const remaining = transaction.amountAgorot - transaction.refundedAgorot
  if (amountAgorot > remaining) {
    throw new PayplusApiError(
      422,
      `refund amount ${shekels(amountAgorot)} exceeds what is left to refund (${shekels(remaining)})`,
    )
  }
  transaction.refundedAgorot += amountAgorot
  store.putPayplusPage(page)
  const refund: PayplusRefund = {
    uid: randomUUID(),
    number: `PP-${randomInt(10_000_000, 99_999_999)}`,
    transactionUid: uid,
    amountAgorot,
    moreInfo: text(body.more_info),
    date: new Date().toISOString(),
  }
  store.addPayplusRefund(refund)
  if (store.loseNextPayplusRefundAnswer) {
    store.loseNextPayplusRefundAnswer = false
    return new Response('upstream request timeout', { status: 504, headers: { 'content-type': 'text/plain' } })
  }
  return success('operation has been success', {
    transaction: {
      uid: refund.uid,
      number: refund.number,
      type: 'Refund',
      status_code: '000',
      amount: shekels(amountAgorot),
      currency: 'ILS',
      more_info: refund.moreInfo,
    },
  })
}

type Endpoint = (store: SandboxStore, body: Record<string, unknown>, paymentsUrl: string) => Response

const route = createRouter<Endpoint>([
  ['/api/v1.0/PaymentPages/generateLink', { POST: generateLink }],
  ['/api/v1.0/PaymentPages/ipn', { POST: ipn }],
  ['/api/v1.0/Transactions/RefundByTransactionUID', { POST: refundByTransactionUid }],
])

/** Every endpoint is a POST with the keys and a JSON body; those are checked before the path. */
export async function handlePayplusApi(
  req: Request,
  url: URL,
  store: SandboxStore,
  paymentsUrl: string,
): Promise<Response> {
  try {
    if (req.method !== 'POST') throw new PayplusApiError(405, 'method not allowed')
    authenticate(req)
    const body = await bodyOf(req)
    const match = route(req.method, url.pathname)
    if (match.kind !== 'handler') throw new PayplusApiError(404, `no such endpoint: ${url.pathname}`)
    return match.handler(store, body, paymentsUrl)
  } catch (error) {
    if (error instanceof PayplusApiError) return error.toResponse()
    throw error
  }
}
