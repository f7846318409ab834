/**
 * payment-callback with PAYMENT_PROVIDER=stripe (the Stripe step of `npm test`): only events signed with STRIPE_WEBHOOK_SECRET are believed; a paid checkout
 * session is recorded once (a replayed event changes nothing), the coupon it was bought with is
 * used on payment, amounts that differ from the recorded session are not accepted as payment.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { readFunctionSecrets } from '../../../supabase/local/functions/env.ts'
import { stripeSignatureHeader } from '../../../supabase/local/payments/webhooks.ts'
import { signedInUser, testEnv } from '../../../supabase/local/testing/index.ts'
import {
  adminLogActions,
  couponUses,
  createCoupon,
  deliveriesFor,
  payOnSandbox,
  paymentProvider,
  paymentSession,
  startCheckout,
} from './support.ts'

const webhookUrl = `${testEnv.apiUrl}/functions/v1/payment-callback`
const secret = readFunctionSecrets().STRIPE_WEBHOOK_SECRET!

async function postEvent(
  payload: string,
  signature: string | null,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (signature) headers['stripe-signature'] = signature
  const response = await fetch(webhookUrl, { method: 'POST', headers, body: payload })
  return { status: response.status, body: (await response.json()) as Record<string, unknown> }
}

function event(type: string, session: Record<string, unknown>): string {
  return JSON.stringify({
    id: `evt_test_${randomUUID().replaceAll('-', '')}`,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    data: { object: { object: 'checkout.session', currency: 'ils', ...session } },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
  })
}

describe.skipIf(paymentProvider !== 'stripe')('payment-callback (Stripe)', () => {
  it('records the payment the sandbox reports after checkout, and uses the coupon then', async () => {
    const user = await signedInUser()
    const code = await createCoupon({ value: 50, maxUses: 5 })
    const checkout = await startCheckout(user, { planType: 'pro', appliedCoupon: code })
    expect((await paymentSession(checkout.session_id))!.status).toBe('created')

    const paid = await payOnSandbox(checkout.session_id)
    expect(paid.status).toBe(200)
    expect(paid.delivery).toMatchObject({ type: 'checkout.session.completed', status: 200, error: null })
    expect(JSON.parse(paid.delivery.responseBody!)).toMatchObject({ received: true, outcome: 'recorded' })
    expect(paid.redirect).toBe(`${testEnv.siteUrl}/create-book?session_id=${checkout.session_id}&plan=pro&paid=true`)

    const row = await paymentSession(checkout.session_id)
    expect(row).toMatchObject({ status: 'paid', amount_agorot: 7450, used_by_book: null })
    expect(row!.paid_at).not.toBeNull()
    expect(await couponUses(code)).toBe(1)
  })

  it('changes nothing when Stripe replays the same event', async () => {
    const user = await signedInUser()
    const code = await createCoupon({ value: 30, maxUses: 5 })
    const checkout = await startCheckout(user, { appliedCoupon: code })
    await payOnSandbox(checkout.session_id)
    const before = await paymentSession(checkout.session_id)
    const [delivery] = await deliveriesFor(checkout.session_id)

    const replay = await postEvent(delivery!.payload, delivery!.headers['stripe-signature']!)
    expect(replay).toMatchObject({ status: 200, body: { received: true, outcome: 'already_recorded' } })
    expect(await paymentSession(checkout.session_id)).toEqual(before)
    expect(await couponUses(code)).toBe(1)
  })

  it('refuses a forged event (payload changed after signing) with 400 and records nothing', async () => {
    const user = await signedInUser()
    const checkout = await startCheckout(user)
    const genuine = event('checkout.session.completed', {
      id: checkout.session_id,
      amount_total: 14900,
      payment_status: 'paid',
      status: 'complete',
    })
    const signature = stripeSignatureHeader(genuine, secret)
    const forged = genuine.replace('"amount_total":14900', '"amount_total":100')
    const result = await postEvent(forged, signature)
    expect(result).toEqual({ status: 400, body: { error: 'חתימת ההודעה אינה תקינה', code: 'invalid_signature' } })
    expect((await paymentSession(checkout.session_id))!.status).toBe('created')
  })

  it('refuses events signed with another secret, without a signature, or signed too long ago', async () => {
    const user = await signedInUser()
    const checkout = await startCheckout(user)
    const payload = event('checkout.session.completed', {
      id: checkout.session_id,
      amount_total: 14900,
      payment_status: 'paid',
      status: 'complete',
    })
    const attempts = [
      await postEvent(payload, stripeSignatureHeader(payload, 'whsec_not_the_real_secret')),
      await postEvent(payload, null),
      await postEvent(payload, stripeSignatureHeader(payload, secret, Math.floor(Date.now() / 1000) - 3600)),
      await postEvent(payload, 'garbage'),
    ]
    expect(attempts.map((attempt) => [attempt.status, attempt.body.code])).toEqual([
      [400, 'invalid_signature'],
      [400, 'invalid_signature'],
      [400, 'invalid_signature'],
      [400, 'invalid_signature'],
    ])
    expect((await paymentSession(checkout.session_id))!.status).toBe('created')
  })

  it('does not accept a paid amount different from the recorded session', async () => {
    const user = await signedInUser()
    const checkout = await startCheckout(user, { planType: 'full' })
    const payload = event('checkout.session.completed', {
      id: checkout.session_id,
      amount_total: 100,
      payment_status: 'paid',
      status: 'complete',
    })
    const result = await postEvent(payload, stripeSignatureHeader(payload, secret))
    expect(result).toMatchObject({ status: 200, body: { outcome: 'amount_mismatch' } })
    expect(await paymentSession(checkout.session_id)).toMatchObject({ status: 'failed', paid_at: null })
    expect(await adminLogActions(checkout.session_id)).toEqual(['SECURITY_PAYMENT_AMOUNT_MISMATCH'])
  })

  it('waits for payment when a completed session is still unpaid, and closes an expired one', async () => {
    const user = await signedInUser()
    const checkout = await startCheckout(user)
    const unpaid = event('checkout.session.completed', {
      id: checkout.session_id,
      amount_total: 14900,
      payment_status: 'unpaid',
      status: 'complete',
    })
    expect(await postEvent(unpaid, stripeSignatureHeader(unpaid, secret))).toMatchObject({
      status: 200,
      body: { outcome: 'awaiting_payment' },
    })
    expect((await paymentSession(checkout.session_id))!.status).toBe('created')

    const expired = event('checkout.session.expired', {
      id: checkout.session_id,
      amount_total: 14900,
      payment_status: 'unpaid',
      status: 'expired',
    })
    expect(await postEvent(expired, stripeSignatureHeader(expired, secret))).toMatchObject({
      status: 200,
      body: { outcome: 'expired' },
    })
    expect((await paymentSession(checkout.session_id))!.status).toBe('expired')
  })

  it('acknowledges signed events about unknown sessions and other event types without writing', async () => {
    const unknownId = `cs_test_unknown_${randomUUID().replaceAll('-', '')}`
    const payload = event('checkout.session.completed', {
      id: unknownId,
      amount_total: 9900,
      payment_status: 'paid',
      status: 'complete',
    })
    expect(await postEvent(payload, stripeSignatureHeader(payload, secret))).toMatchObject({
      status: 200,
      body: { outcome: 'unknown_session' },
    })
    expect(await paymentSession(unknownId)).toBeUndefined()

    const other = event('customer.created', { id: 'cus_test_1' })
    expect(await postEvent(other, stripeSignatureHeader(other, secret))).toMatchObject({
      status: 200,
      body: { outcome: 'ignored' },
    })
  })
})
