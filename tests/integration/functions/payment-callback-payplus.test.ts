/**
 * payment-callback with PAYMENT_PROVIDER=payplus (the default): only callbacks whose raw body is
 * signed with PAYPLUS_SECRET_KEY (HMAC-SHA256, base64, `hash` header, user-agent PayPlus) are
 * believed. A paid order is recorded once with how it was paid; forged, replayed, amount- or
 * currency-changed and unknown-order callbacks write nothing; a declined card leaves the order
 * unpaid and payable again; the buyer gets a Hebrew confirmation e-mail.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readFunctionSecrets } from '../../../supabase/local/functions/env.ts'
import { DECLINED_CARD, payplusSignature } from '../../../supabase/local/payments/payplus-checkout.ts'
import {
  createBook,
  isFramed,
  linksIn,
  signedInUser,
  sql,
  testEnv,
  waitForMail,
} from '../../../supabase/local/testing/index.ts'
import {
  adminLogActions,
  couponUses,
  createCoupon,
  deliveriesFor,
  invoke,
  payOnSandbox,
  paymentProvider,
  paymentSession,
  startCheckout,
  type Delivery,
} from './support.ts'

const callbackUrl = `${testEnv.apiUrl}/functions/v1/payment-callback`
const secret = readFunctionSecrets().PAYPLUS_SECRET_KEY!

async function postCallback(
  payload: string,
  headers: Record<string, string | null>,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const sent: Record<string, string> = { 'content-type': 'application/json' }
  for (const [name, value] of Object.entries(headers)) if (value !== null) sent[name] = value
  const response = await fetch(callbackUrl, { method: 'POST', headers: sent, body: payload })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function signed(payload: string, key = secret): Record<string, string> {
  return { hash: payplusSignature(payload, key), 'user-agent': 'PayPlus' }
}

interface SessionDetails {
  status: string
  provider: string | null
  provider_checkout_id: string | null
  transaction_id: string | null
  payment_method: string | null
  card_last4: string | null
  tax_document_url: string | null
}

async function details(sessionId: string): Promise<SessionDetails> {
  const [row] = await sql<SessionDetails>(
    `select "status", "provider", "provider_checkout_id", "transaction_id", "payment_method", "card_last4", "tax_document_url"
       from "public"."payment_sessions" where "session_id" = $1`,
    [sessionId],
  )
  return row!
}

/** A paid callback as PayPlus would send it about `sessionId`'s page, with `changes` to its transaction. */
async function paidCallback(sessionId: string, changes: Record<string, unknown> = {}): Promise<string> {
  const { provider_checkout_id: page } = await details(sessionId)
  const session = await paymentSession(sessionId)
  return JSON.stringify({
    transaction_type: 'Charge',
    transaction: {
      uid: randomUUID(),
      payment_page_request_uid: page,
      status_code: '000',
      amount: session!.amount_agorot / 100,
      currency: 'ILS',
      more_info: sessionId,
      ...changes,
    },
    data: { card_information: { four_digits: '1234' } },
  })
}

describe.skipIf(paymentProvider !== 'payplus')('payment-callback (PayPlus)', () => {
  it('records a card payment from the signed callback, with the card ending, the tax document and an e-mail', async () => {
    const user = await signedInUser({ label: 'payplus-card' })
    const code = await createCoupon({ value: 50, maxUses: 5 })
    const checkout = await startCheckout(user, { planType: 'pro', appliedCoupon: code })
    expect(checkout.url).toMatch(new RegExp(`^${testEnv.paymentsUrl}/payplus/`))
    expect(await details(checkout.session_id)).toMatchObject({ status: 'created', provider: 'payplus' })

    const paid = await payOnSandbox(checkout.session_id)
    expect(paid.status).toBe(200)
    expect(paid.delivery).toMatchObject({ type: 'payplus.callback', status: 200, error: null })
    expect(paid.delivery.headers).toMatchObject({
      'user-agent': 'PayPlus',
      hash: payplusSignature(paid.delivery.payload, secret),
    })
    expect(JSON.parse(paid.delivery.responseBody!)).toMatchObject({
      received: true,
      provider: 'payplus',
      outcome: 'recorded',
    })
    expect(paid.redirect).toBe(`${testEnv.siteUrl}/create-book?session_id=${checkout.session_id}&plan=pro&paid=true`)

    expect(await paymentSession(checkout.session_id)).toMatchObject({ status: 'paid', amount_agorot: 7450 })
    const row = await details(checkout.session_id)
    expect(row).toMatchObject({ payment_method: 'card', card_last4: '4580' })
    expect(row.transaction_id).toMatch(/^[0-9a-f-]{36}$/)
    expect(row.tax_document_url).toBe(`${testEnv.paymentsUrl}/payplus/documents/${row.provider_checkout_id}`)
    expect(await couponUses(code)).toBe(1)

    const mail = await waitForMail(user.email, { subject: 'אישור תשלום' })
    expect(mail.Text).toContain('חבילת פרו')
    expect(mail.Text).toContain('74.50')
    expect(mail.Text).toContain('כרטיס אשראי המסתיים ב-4580')
    expect(mail.Text).toContain(row.transaction_id!)
    expect(mail.Text).toContain(row.tax_document_url!)
    expect(isFramed(mail)).toBe(true)
    expect(linksIn(mail)).toContain(`${testEnv.siteUrl}/dashboard`)
  })

  it('names the book a payment is for, with the honorific of its gender, and links to it', async () => {
    const user = await signedInUser({ label: 'payplus-book-receipt' })
    const book = await createBook({ ownerEmail: user.email, fullName: 'מרים לוי', payment: 'pending', plan: 'basic' })
    await sql(`update "public"."memory_books" set "deceased_gender" = 'female' where "id" = $1`, [book.id])
    const checkout = await startCheckout(user, { planType: 'basic', bookId: book.id })
    expect((await payOnSandbox(checkout.session_id)).status).toBe(200)
    const mail = await waitForMail(user.email, { subject: 'אישור תשלום' })
    expect(isFramed(mail)).toBe(true)
    expect(mail.Text).toContain('לזכר מרים לוי, זכרונה לברכה')
    expect(linksIn(mail)).toContain(`${testEnv.siteUrl}/view-book/${book.shortCode}`)
  })

  it('records a Bit payment as Bit, without a card', async () => {
    const user = await signedInUser({ label: 'payplus-bit' })
    const checkout = await startCheckout(user, { planType: 'basic' })
    const paid = await payOnSandbox(checkout.session_id, { method: 'bit' })
    expect(paid.status).toBe(200)
    const sent = JSON.parse(paid.delivery.payload) as { transaction: Record<string, unknown>; data: object }
    expect(sent.transaction).toMatchObject({ alternative_method_name: 'bit', status_code: '000' })
    expect(sent.transaction).not.toHaveProperty('method')
    expect(sent.data).not.toHaveProperty('card_information')
    expect(await details(checkout.session_id)).toMatchObject({
      status: 'paid',
      payment_method: 'bit',
      card_last4: null,
    })
    expect((await waitForMail(user.email, { subject: 'אישור תשלום' })).Text).toContain('אמצעי תשלום: Bit')
  })

  it('records an Apple Pay payment as Apple Pay, with the card ending PayPlus gives', async () => {
    const user = await signedInUser({ label: 'payplus-apple-pay' })
    const checkout = await startCheckout(user, { planType: 'basic' })
    const paid = await payOnSandbox(checkout.session_id, { method: 'apple-pay' })
    expect(JSON.parse(paid.delivery.payload).transaction).toMatchObject({ alternative_method_name: 'apple-pay' })
    expect(await details(checkout.session_id)).toMatchObject({
      status: 'paid',
      payment_method: 'apple_pay',
      card_last4: '4242',
    })
  })

  it('changes nothing when the same callback is replayed, or sent twice at the same moment', async () => {
    const user = await signedInUser({ label: 'payplus-replay' })
    const code = await createCoupon({ value: 30, maxUses: 5 })
    const checkout = await startCheckout(user, { appliedCoupon: code })
    const payload = await paidCallback(checkout.session_id)
    const answers = await Promise.all([postCallback(payload, signed(payload)), postCallback(payload, signed(payload))])
    expect(answers.map((answer) => answer.body.outcome).sort()).toEqual(['already_recorded', 'recorded'])
    const before = await details(checkout.session_id)

    const replay = await postCallback(payload, signed(payload))
    expect(replay).toMatchObject({ status: 200, body: { outcome: 'already_recorded' } })
    expect(await details(checkout.session_id)).toEqual(before)
    expect(await couponUses(code)).toBe(1)
  })

  it('refuses a forged, unsigned, wrongly signed or not-PayPlus callback with 400 and records nothing', async () => {
    const user = await signedInUser({ label: 'payplus-forged' })
    const checkout = await startCheckout(user)
    const genuine = await paidCallback(checkout.session_id)
    const forged = genuine.replace('"amount":149', '"amount":1')
    expect(forged).not.toBe(genuine)
    const attempts = [
      await postCallback(forged, signed(genuine)),
      await postCallback(genuine, { 'user-agent': 'PayPlus' }),
      await postCallback(genuine, signed(genuine, 'not-the-secret')),
      await postCallback(genuine, { ...signed(genuine), 'user-agent': 'curl/8' }),
      await postCallback(genuine, { hash: 'garbage', 'user-agent': 'PayPlus' }),
    ]
    expect(attempts.map((attempt) => [attempt.status, attempt.body.code])).toEqual(
      Array.from({ length: 5 }, () => [400, 'invalid_signature']),
    )
    expect(attempts[0]!.body.error).toBe('חתימת ההודעה אינה תקינה')
    expect(await details(checkout.session_id)).toMatchObject({ status: 'created', transaction_id: null })
  })

  it('does not take an amount or currency other than the order’s as payment', async () => {
    const user = await signedInUser({ label: 'payplus-amount' })
    const cheaper = await startCheckout(user, { planType: 'full' })
    const payload = await paidCallback(cheaper.session_id, { amount: 1 })
    expect(await postCallback(payload, signed(payload))).toMatchObject({
      status: 200,
      body: { outcome: 'amount_mismatch' },
    })
    expect(await paymentSession(cheaper.session_id)).toMatchObject({ status: 'failed', paid_at: null })
    expect(await adminLogActions(cheaper.session_id)).toEqual(['SECURITY_PAYMENT_AMOUNT_MISMATCH'])

    const dollars = await startCheckout(user, { planType: 'basic' })
    const inUsd = await paidCallback(dollars.session_id, { currency: 'USD' })
    expect(await postCallback(inUsd, signed(inUsd))).toMatchObject({ body: { outcome: 'amount_mismatch' } })
    expect(await paymentSession(dollars.session_id)).toMatchObject({ status: 'failed', paid_at: null })
  })

  it('writes nothing for an unknown order, another order’s page, or a transaction already used', async () => {
    const user = await signedInUser({ label: 'payplus-unknown' })
    const unknown = `pp_${randomUUID()}`
    const aboutUnknown = JSON.stringify({
      transaction: { uid: randomUUID(), status_code: '000', amount: 99, currency: 'ILS', more_info: unknown },
    })
    expect(await postCallback(aboutUnknown, signed(aboutUnknown))).toMatchObject({
      status: 200,
      body: { outcome: 'unknown_session' },
    })
    expect(await paymentSession(unknown)).toBeUndefined()

    const first = await startCheckout(user, { planType: 'basic' })
    const second = await startCheckout(user, { planType: 'pro' })
    const { provider_checkout_id: secondPage } = await details(second.session_id)
    const crossed = await paidCallback(first.session_id, { payment_page_request_uid: secondPage })
    expect(await postCallback(crossed, signed(crossed))).toMatchObject({ body: { outcome: 'unknown_session' } })
    expect(await details(first.session_id)).toMatchObject({ status: 'created' })

    await payOnSandbox(first.session_id)
    const { transaction_id: used } = await details(first.session_id)
    const reused = await paidCallback(second.session_id, { uid: used })
    expect(await postCallback(reused, signed(reused))).toMatchObject({ body: { outcome: 'transaction_reused' } })
    expect(await details(second.session_id)).toMatchObject({ status: 'created', transaction_id: null })
  })

  it('leaves a declined card’s order unpaid, sends the buyer back with failed=true, and a new checkout pays', async () => {
    const user = await signedInUser({ label: 'payplus-declined' })
    const checkout = await startCheckout(user, { planType: 'basic' })
    const declined = await payOnSandbox(checkout.session_id, { card: DECLINED_CARD })
    expect(declined.redirect).toBe(`${testEnv.siteUrl}/payment?plan=basic&type=for_me&failed=true`)
    expect((declined.delivery as Delivery).type).toBe('payplus.callback.declined')
    expect(JSON.parse(declined.delivery.responseBody!)).toMatchObject({ outcome: 'failed' })
    expect(await paymentSession(checkout.session_id)).toMatchObject({ status: 'failed', paid_at: null })
    const book = await invoke(user.client, 'create-memory-book', {
      session_id: checkout.session_id,
      full_name: 'אברהם כהן',
      creator_name: 'שרה כהן',
    })
    expect(book).toMatchObject({ status: 402 })

    const again = await startCheckout(user, { planType: 'basic' })
    expect((await payOnSandbox(again.session_id)).status).toBe(200)
    expect(await paymentSession(again.session_id)).toMatchObject({ status: 'paid' })
    expect((await deliveriesFor(checkout.session_id)).map((delivery) => delivery.type)).toEqual([
      'payplus.callback.declined',
    ])
  })
})
