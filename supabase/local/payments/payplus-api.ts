/**
 * The part of PayPlus's REST API the edge functions use (`/api/v1.0/*`), as its documentation
 * describes it: PaymentPages/generateLink (a hosted page for one payment), PaymentPages/ipn (how a
 * page ended), Transactions/RefundByTransactionUID. Requests carry the `api-key` and `secret-key`
 * headers (PAYPLUS_API_KEY / PAYPLUS_SECRET_KEY of the functions' secrets); answers are
 * `{results: {status, code, description}, data}` with amounts in shekels.
 */
import { randomUUID } from 'node:crypto'
import { readFunctionSecrets } from '../functions/env.ts'
import { json } from '../http.ts'
import { createRouter } from '../router.ts'
import type { PayplusPage, PayplusTransaction, SandboxStore } from './store.ts'

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

/** The transaction of a page as PaymentPages/ipn answers it (flat fields, amounts in shekels). */
function ipnData(page: PayplusPage, transaction: PayplusTransaction): Record<string, unknown> {
  return {
    transaction_uid: transaction.uid,
    page_request_uid: page.uid,
    number: transaction.number,
    approval_number: transaction.approvalNumber,
    status_code: '000',
    amount: shekels(transaction.amountAgorot),
    currency: transaction.currency,
    more_info: transaction.moreInfo,
    method: transaction.method,
    four_digits: transaction.fourDigits,
    invoice_original_url: transaction.invoiceUrl,
    date: transaction.date,
  }
}

function ipn(store: SandboxStore, body: Record<string, unknown>): Response {
  const uid = typeof body.payment_request_uid === 'string' ? body.payment_request_uid : ''
  const page = store.payplusPage(uid)
  if (!page) throw new PayplusApiError(404, 'payment_request_uid not found')
  if (!page.transaction) throw new PayplusApiError(404, 'no transaction for this payment request')
  return success('operation has been success', ipnData(page, page.transaction))
}

function refundByTransactionUid(store: SandboxStore, body: Record<string, unknown>): Response {
  const uid = typeof body.transaction_uid === 'string' ? body.transaction_uid : ''
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
  const refund = { uid: randomUUID(), transactionUid: uid, amountAgorot, date: new Date().toISOString() }
  store.addPayplusRefund(refund)
  return success('refund has been done', {
    transaction: {
      uid: refund.uid,
      type: 'Refund',
      related_transaction_uid: uid,
      amount: shekels(amountAgorot),
      status_code: '000',
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
