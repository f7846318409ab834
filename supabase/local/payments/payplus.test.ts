import { describe, expect, it } from 'vitest'
import { readFunctionSecrets } from '../functions/env.ts'
import { testEnv } from '../testing/clients.ts'
import { pageExpired } from './payplus-api.ts'
import { DECLINED_CARD, payplusSignature, TEST_CARD } from './payplus-checkout.ts'
import type { PayplusPage } from './store.ts'

const secrets = readFunctionSecrets()
const keys = { 'api-key': secrets.PAYPLUS_API_KEY!, 'secret-key': secrets.PAYPLUS_SECRET_KEY! }

interface PayplusAnswer {
  results: Record<string, unknown>
  data: Record<string, unknown> & { transaction?: Record<string, unknown> }
}

async function api(path: string, body: unknown, headers: Record<string, string> = keys) {
  const response = await fetch(`${testEnv.paymentsUrl}/api/v1.0/${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as PayplusAnswer }
}

function page(overrides: Record<string, unknown> = {}) {
  return {
    payment_page_uid: secrets.PAYPLUS_PAYMENT_PAGE_UID,
    amount: 99,
    currency_code: 'ILS',
    more_info: 'pp_sandbox_test',
    refURL_success: `${testEnv.siteUrl}/done`,
    refURL_failure: `${testEnv.siteUrl}/failed`,
    // Nobody listens here: the sandbox records the callback as undeliverable.
    refURL_callback: 'http://127.0.0.1:9/callback',
    send_failure_callback: true,
    ...overrides,
  }
}

async function pay(pageUid: string, card: string) {
  const response = await fetch(`${testEnv.paymentsUrl}/payplus/${pageUid}/pay`, {
    method: 'POST',
    headers: { accept: 'application/json', 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ method: 'credit-card', card_number: card }).toString(),
  })
  return (await response.json()) as {
    approved: boolean
    redirect: string
    delivery: { payload: string; headers: Record<string, string> }
  }
}

describe('payment sandbox: PayPlus', () => {
  it('refuses calls without the terminal’s keys and pages of another terminal or currency', async () => {
    expect((await api('PaymentPages/generateLink', page(), {})).status).toBe(401)
    expect((await api('PaymentPages/generateLink', page(), { ...keys, 'secret-key': 'wrong' })).status).toBe(401)
    expect((await api('PaymentPages/generateLink', page({ payment_page_uid: 'other' }))).status).toBe(422)
    expect((await api('PaymentPages/generateLink', page({ currency_code: 'USD' }))).status).toBe(422)
    expect((await api('PaymentPages/generateLink', page({ amount: -5 }))).status).toBe(422)
  })

  it('pays a page, signs the callback with the secret key, answers ipn, and refunds no more than was paid', async () => {
    const link = await api('PaymentPages/generateLink', page())
    expect(link.body.results).toMatchObject({ status: 'success' })
    const uid = link.body.data.page_request_uid as string
    expect(link.body.data.payment_page_link).toBe(`${testEnv.paymentsUrl}/payplus/${uid}`)
    expect((await api('PaymentPages/ipn', { payment_request_uid: uid })).status).toBe(404)

    const declined = await pay(uid, DECLINED_CARD)
    expect(declined).toMatchObject({ approved: false, redirect: `${testEnv.siteUrl}/failed` })
    expect(JSON.parse(declined.delivery.payload).transaction.status_code).not.toBe('000')

    const paid = await pay(uid, TEST_CARD)
    expect(paid).toMatchObject({ approved: true, redirect: `${testEnv.siteUrl}/done` })
    expect(paid.delivery.headers).toMatchObject({
      'user-agent': 'PayPlus',
      hash: payplusSignature(paid.delivery.payload, secrets.PAYPLUS_SECRET_KEY!),
    })
    const ipn = await api('PaymentPages/ipn', { payment_request_uid: uid })
    expect(ipn.body.data).toMatchObject({
      status_code: '000',
      amount: 99,
      currency: 'ILS',
      more_info: 'pp_sandbox_test',
      four_digits: '4580',
    })

    const transaction = ipn.body.data.transaction_uid as string
    expect(
      (await api('Transactions/RefundByTransactionUID', { transaction_uid: transaction, amount: 100 })).status,
    ).toBe(422)
    const refund = await api('Transactions/RefundByTransactionUID', {
      transaction_uid: transaction,
      amount: 99,
      more_info: 'refund_sandbox_test',
    })
    expect(refund.body).toMatchObject({ results: { status: 'success' } })
    expect(refund.body.data.transaction).toMatchObject({ type: 'Refund', status_code: '000', amount: 99 })
    const found = await api('PaymentPages/ipn', { more_info: 'refund_sandbox_test' })
    expect(found.body.data).toMatchObject({
      type: 'Refund',
      status_code: '000',
      transaction_uid: refund.body.data.transaction!.uid,
    })
    expect((await api('Transactions/RefundByTransactionUID', { transaction_uid: transaction, amount: 1 })).status).toBe(
      422,
    )
    const refunds = (await (
      await fetch(`${testEnv.paymentsUrl}/payplus/refunds?transaction_uid=${transaction}`)
    ).json()) as unknown[]
    expect(refunds).toHaveLength(1)
  })

  it('keeps a page payable for its expiry_datetime minutes, 30 when none was asked', () => {
    const created = Date.parse('2026-11-29T10:00:00Z')
    const page = (request: Record<string, unknown>): PayplusPage => ({
      uid: 'page',
      link: 'link',
      request,
      amountAgorot: 100,
      createdAt: new Date(created).toISOString(),
      transaction: null,
      declines: 0,
    })
    const minute = 60_000
    expect(pageExpired(page({ expiry_datetime: '10' }), created + 9 * minute)).toBe(false)
    expect(pageExpired(page({ expiry_datetime: '10' }), created + 11 * minute)).toBe(true)
    expect(pageExpired(page({}), created + 29 * minute)).toBe(false)
    expect(pageExpired(page({}), created + 31 * minute)).toBe(true)
  })
})
