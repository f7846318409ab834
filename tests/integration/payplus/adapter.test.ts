/**
 * The edge functions' PayPlus adapter against PayPlus's own request and answer shapes
 * (tests/fixtures/payplus, each naming its source): generateLink sends only documented fields with
 * expiry_datetime; each callback kind records the right method, amount, card and tax document;
 * a refund is done only when PayPlus approved the refund transaction; a refund whose answer never
 * came is not sent again before PaymentPages/ipn is asked, so a timed-out refund followed by a retry
 * refunds once. PayPlus is played by a fetch stub that answers the fixtures; no stack is needed.
 */
import { createHmac } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { PaymentProvider, StoredCheckout } from '../../../supabase/functions/_shared/payments/provider.ts'

const FIXTURES = path.join(import.meta.dirname, '..', '..', 'fixtures', 'payplus')
const SECRET = 'fixture-secret-key'
const ENV: Record<string, string> = {
  PAYPLUS_API_URL: 'https://restapidev.payplus.co.il/api/v1.0',
  PAYPLUS_API_KEY: 'fixture-api-key',
  PAYPLUS_SECRET_KEY: SECRET,
  PAYPLUS_PAYMENT_PAGE_UID: '11111111-2222-3333-4444-555555555555',
}

interface Fixture {
  source: string
  body: Record<string, unknown>
}

function read<T>(name: string): T {
  return JSON.parse(fs.readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as T
}

function fixture(name: string): Fixture {
  return read<Fixture>(name)
}

const ipnRequests = read<{ by_page: Record<string, unknown>; by_more_info: Record<string, unknown> }>('ipn.request')

interface Sent {
  path: string
  body: Record<string, unknown>
  headers: Headers
}

type Answer = Record<string, unknown> | 'timeout'

/** Plays PayPlus: each request to `path` gets the next answer queued for it. */
function payplus(answers: Record<string, Answer[]>): Sent[] {
  const sent: Sent[] = []
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const endpoint = url.replace(`${ENV.PAYPLUS_API_URL}/`, '')
    sent.push({ path: endpoint, body: JSON.parse(String(init.body)), headers: new Headers(init.headers) })
    const answer = answers[endpoint]?.shift()
    if (!answer) throw new Error(`unexpected PayPlus call ${endpoint}`)
    if (answer === 'timeout') throw new DOMException('The signal has been aborted', 'TimeoutError')
    return new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })
  })
  return sent
}

function signedHeaders(raw: string): Headers {
  return new Headers({
    hash: createHmac('sha256', SECRET).update(raw).digest('base64'),
    'user-agent': 'PayPlus',
  })
}

let provider: PaymentProvider

beforeAll(async () => {
  vi.stubGlobal('Deno', { env: { get: (name: string) => ENV[name] } })
  const { payplusProvider } = await import('../../../supabase/functions/_shared/payments/payplus.ts')
  provider = payplusProvider()
})

afterEach(() => {
  vi.unstubAllGlobals()
  vi.stubGlobal('Deno', { env: { get: (name: string) => ENV[name] } })
})

const paidCheckout: StoredCheckout = {
  sessionId: 'pp_00000000-0000-4000-8000-000000000001',
  providerCheckoutId: '0e8789bf-9eaf-4a07-9c16-0a348a4fd5d9',
  transactionId: '7a1c2b3d-0000-4000-8000-00000000c001',
  amountAgorot: 14900,
  currency: 'ils',
}
const REFUND_KEY = 'cancel-gift-00000000-0000-4000-8000-0000000000a1'

describe('PayPlus adapter against PayPlus’s own shapes', () => {
  it('asks generateLink with the documented fields only, expiry_datetime included, and reads its answer', async () => {
    const expected = fixture('generate-link.request').body
    const sent = payplus({ 'PaymentPages/generateLink': [fixture('generate-link.answer').body] })
    const created = await provider.createCheckout({
      reference: '00000000-0000-4000-8000-000000000001',
      description: 'ספר זיכרון דיגיטלי, חבילת פרו',
      amountAgorot: 14900,
      currency: 'ils',
      buyer: { userId: 'u1', name: 'דנה כהן', email: 'dana@example.com' },
      successUrl: 'https://zochrim.example/create-book?session_id={SESSION_ID}&paid=true',
      failureUrl: 'https://zochrim.example/payment-failed?session_id={SESSION_ID}',
      cancelUrl: 'https://zochrim.example/pricing?canceled=true',
      callbackUrl: 'https://project.supabase.co/functions/v1/payment-callback',
      metadata: {},
    })
    expect(sent).toHaveLength(1)
    expect(sent[0]!.body).toEqual(expected)
    expect(sent[0]!.headers.get('api-key')).toBe('fixture-api-key')
    expect(sent[0]!.headers.get('secret-key')).toBe(SECRET)
    expect(created).toEqual({
      sessionId: 'pp_00000000-0000-4000-8000-000000000001',
      providerCheckoutId: '0e8789bf-9eaf-4a07-9c16-0a348a4fd5d9',
      url: 'https://payments.payplus.co.il/0e8789bf-9eaf-4a07-9c16-0a348a4fd5d9',
    })
  })

  it.each([
    ['callback.card', 'ipn.card.answer', { method: 'card', cardLast4: '4580' }],
    ['callback.bit', 'ipn.bit.answer', { method: 'bit', cardLast4: null }],
    ['callback.apple-pay', null, { method: 'apple_pay', cardLast4: '4242' }],
    ['callback.google-pay', null, { method: 'google_pay', cardLast4: '1111' }],
  ] as const)('records %s with its method, amount and card', async (callback, ipn, expected) => {
    const body = fixture(callback).body
    const raw = JSON.stringify(body)
    const ipnAnswer = ipn
      ? fixture(ipn).body
      : { results: { status: 'error', code: 1, description: 'not found' }, data: {} }
    const sent = payplus({ 'PaymentPages/ipn': [ipnAnswer] })
    const event = await provider.verifyCallback(signedHeaders(raw), raw)
    const transaction = body.transaction as Record<string, unknown>
    expect(event).toMatchObject({
      type: 'paid',
      sessionId: 'pp_00000000-0000-4000-8000-000000000001',
      providerCheckoutId: '0e8789bf-9eaf-4a07-9c16-0a348a4fd5d9',
      transactionId: transaction.uid,
      amountAgorot: 14900,
      currency: 'ils',
      ...expected,
    })
    expect(sent.map((call) => call.body)).toEqual([{ transaction_uid: transaction.uid }])
  })

  it('takes the tax document from the PaymentPages/ipn answer, where PayPlus puts it', async () => {
    const raw = JSON.stringify(fixture('callback.card').body)
    payplus({ 'PaymentPages/ipn': [fixture('ipn.card.answer').body] })
    expect(await provider.verifyCallback(signedHeaders(raw), raw)).toMatchObject({
      taxDocumentUrl: 'https://invoices.payplus.example/original/7a1c2b3d',
    })
  })

  it('records a Bit callback as Bit even when PaymentPages/ipn cannot be reached', async () => {
    const raw = JSON.stringify(fixture('callback.bit').body)
    payplus({ 'PaymentPages/ipn': ['timeout'] })
    expect(await provider.verifyCallback(signedHeaders(raw), raw)).toMatchObject({
      type: 'paid',
      method: 'bit',
      cardLast4: null,
      taxDocumentUrl: null,
    })
  })

  it('reads a declined callback as a failed payment, asking nothing more', async () => {
    const raw = JSON.stringify(fixture('callback.declined').body)
    const sent = payplus({})
    expect(await provider.verifyCallback(signedHeaders(raw), raw)).toEqual({
      type: 'failed',
      sessionId: 'pp_00000000-0000-4000-8000-000000000001',
      providerCheckoutId: '0e8789bf-9eaf-4a07-9c16-0a348a4fd5d9',
      transactionId: '7a1c2b3d-0000-4000-8000-00000000d001',
    })
    expect(sent).toHaveLength(0)
  })

  it('reads a paid page from PaymentPages/ipn with its method and tax document', async () => {
    const sent = payplus({ 'PaymentPages/ipn': [fixture('ipn.bit.answer').body] })
    expect(await provider.checkoutStatus({ ...paidCheckout, transactionId: null })).toMatchObject({
      type: 'paid',
      transactionId: '7a1c2b3d-0000-4000-8000-00000000b001',
      method: 'bit',
      amountAgorot: 14900,
      taxDocumentUrl: 'https://invoices.payplus.example/original/7a1c2b3e',
    })
    expect(sent[0]!.body).toEqual(ipnRequests.by_page)
  })

  it('sends the refund as PayPlus’s client does and counts it done only when PayPlus approved it', async () => {
    const sent = payplus({ 'Transactions/RefundByTransactionUID': [fixture('refund.done.answer').body] })
    expect(await provider.refund(paidCheckout, REFUND_KEY, 'none')).toEqual({
      outcome: 'refunded',
      refundId: '7a1c2b3d-0000-4000-8000-00000000e001',
    })
    expect(sent.map((call) => call.body)).toEqual([fixture('refund.request').body])
  })

  it('does not count a declined or refused refund as a refund', async () => {
    payplus({
      'Transactions/RefundByTransactionUID': [
        fixture('refund.declined.answer').body,
        fixture('refund.already-refunded.answer').body,
      ],
    })
    expect(await provider.refund(paidCheckout, REFUND_KEY, 'none')).toMatchObject({ outcome: 'not_refunded' })
    expect(await provider.refund(paidCheckout, REFUND_KEY, 'none')).toMatchObject({ outcome: 'not_refunded' })
  })

  it('refunds once when a refund times out and is tried again: the retry asks PayPlus first', async () => {
    const sent = payplus({
      'Transactions/RefundByTransactionUID': ['timeout'],
      'PaymentPages/ipn': [fixture('ipn.refund.answer').body],
    })
    expect(await provider.refund(paidCheckout, REFUND_KEY, 'none')).toMatchObject({ outcome: 'unknown' })
    expect(await provider.refund(paidCheckout, REFUND_KEY, 'unknown')).toEqual({
      outcome: 'refunded',
      refundId: '7a1c2b3d-0000-4000-8000-00000000e001',
    })
    expect(sent.map((call) => call.path)).toEqual(['Transactions/RefundByTransactionUID', 'PaymentPages/ipn'])
    expect(sent[1]!.body).toEqual(ipnRequests.by_more_info)
  })

  it('sends the refund after a lost answer only when PayPlus has no refund with its key', async () => {
    const sent = payplus({
      'PaymentPages/ipn': [fixture('ipn.not-found.answer').body],
      'Transactions/RefundByTransactionUID': [fixture('refund.done.answer').body],
    })
    expect(await provider.refund(paidCheckout, REFUND_KEY, 'unknown')).toMatchObject({ outcome: 'refunded' })
    expect(sent.map((call) => call.path)).toEqual(['PaymentPages/ipn', 'Transactions/RefundByTransactionUID'])
  })

  it('sends nothing while PayPlus cannot say what became of the earlier refund', async () => {
    const sent = payplus({ 'PaymentPages/ipn': ['timeout'] })
    expect(await provider.refund(paidCheckout, REFUND_KEY, 'unknown')).toMatchObject({ outcome: 'unknown' })
    expect(sent.map((call) => call.path)).toEqual(['PaymentPages/ipn'])
  })
})
