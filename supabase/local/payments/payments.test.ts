import { randomUUID } from 'node:crypto'
import Stripe from 'stripe'
import { describe, expect, it } from 'vitest'
import { readFunctionSecrets } from '../functions/env.ts'
import { testEnv } from '../testing/clients.ts'

const sandbox = new URL(testEnv.paymentsUrl)
const stripe = new Stripe('sk_test_payments_test', {
  host: sandbox.hostname,
  port: Number(sandbox.port),
  protocol: 'http',
  maxNetworkRetries: 0,
})
const webhookSecret = readFunctionSecrets().STRIPE_WEBHOOK_SECRET!

interface Delivery {
  eventId: string
  type: string
  url: string
  payload: string
  headers: Record<string, string>
  status: number | null
  error: string | null
}

function createSession(bookId = randomUUID(), overrides: Partial<Stripe.Checkout.SessionCreateParams> = {}) {
  return stripe.checkout.sessions.create({
    mode: 'payment',
    line_items: [
      {
        price_data: { currency: 'ils', unit_amount: 14900, product_data: { name: 'ספר זיכרון · חבילת פרו' } },
        quantity: 1,
      },
    ],
    customer_email: 'buyer@example.test',
    client_reference_id: bookId,
    metadata: { book_id: bookId, plan: 'pro' },
    success_url: `${testEnv.siteUrl}/payment-success?session_id={CHECKOUT_SESSION_ID}`,
    cancel_url: `${testEnv.siteUrl}/payment?cancelled=1`,
    ...overrides,
  })
}

async function payAsJson(sessionId: string) {
  const response = await fetch(`${testEnv.paymentsUrl}/checkout/${sessionId}/pay`, {
    method: 'POST',
    headers: { accept: 'application/json' },
  })
  return {
    status: response.status,
    body: (await response.json()) as { session: Stripe.Checkout.Session; delivery: Delivery },
  }
}

async function deliveries(): Promise<Delivery[]> {
  return (await fetch(`${testEnv.paymentsUrl}/deliveries`)).json() as Promise<Delivery[]>
}

describe('payment sandbox (Stripe API subset)', () => {
  it('creates and retrieves checkout sessions through the stripe SDK', async () => {
    const bookId = randomUUID()
    const session = await createSession(bookId)
    expect(session.id).toMatch(/^cs_test_/)
    expect(session).toMatchObject({
      object: 'checkout.session',
      amount_total: 14900,
      currency: 'ils',
      status: 'open',
      payment_status: 'unpaid',
      payment_intent: null,
      customer_email: 'buyer@example.test',
      client_reference_id: bookId,
      metadata: { book_id: bookId, plan: 'pro' },
      livemode: false,
      url: `${testEnv.paymentsUrl}/checkout/${session.id}`,
    })
    const retrieved = await stripe.checkout.sessions.retrieve(session.id)
    expect(retrieved).toEqual(session)
    const items = await stripe.checkout.sessions.listLineItems(session.id)
    expect(items.data[0]).toMatchObject({ description: 'ספר זיכרון · חבילת פרו', quantity: 1, amount_total: 14900 })
  })

  it('answers Stripe-shaped errors', async () => {
    await expect(stripe.checkout.sessions.retrieve('cs_test_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
    })
    await expect(createSession(randomUUID(), { line_items: [] })).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 400,
      param: 'line_items',
    })
    const live = new Stripe('sk_live_nope', {
      host: sandbox.hostname,
      port: Number(sandbox.port),
      protocol: 'http',
      maxNetworkRetries: 0,
    })
    await expect(live.paymentIntents.retrieve('pi_x')).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    })
  })

  it('replays a POST with the same Idempotency-Key', async () => {
    const key = randomUUID()
    const params: Stripe.Checkout.SessionCreateParams = {
      mode: 'payment',
      line_items: [
        { price_data: { currency: 'ils', unit_amount: 9900, product_data: { name: 'בסיסי' } }, quantity: 1 },
      ],
      success_url: `${testEnv.siteUrl}/ok`,
    }
    const first = await stripe.checkout.sessions.create(params, { idempotencyKey: key })
    const second = await stripe.checkout.sessions.create(params, { idempotencyKey: key })
    expect(second.id).toBe(first.id)
  })

  it('shows a Hebrew RTL checkout page with the product, the amount in shekels, pay and cancel', async () => {
    const session = await createSession()
    const response = await fetch(session.url!)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toContain('text/html')
    const html = await response.text()
    expect(html).toContain('dir="rtl"')
    expect(html).toContain('ספר זיכרון · חבילת פרו')
    expect(html).toContain('149.00')
    expect(html).toContain('₪')
    expect(html).toContain('לתשלום')
    expect(html).toContain('ביטול')
    expect(html).toContain('סביבת בדיקה')
  })

  it('pays: completes the session and sends checkout.session.completed signed so the SDK verifies it', async () => {
    const session = await createSession()
    const { status, body } = await payAsJson(session.id)
    expect(status).toBe(200)
    expect(body.session).toMatchObject({ id: session.id, status: 'complete', payment_status: 'paid' })
    expect(body.session.payment_intent).toMatch(/^pi_/)
    expect(body.delivery.url).toMatch(/\/functions\/v1\/payment-callback$/)

    const recorded = (await deliveries()).find((delivery) => delivery.eventId === body.delivery.eventId)!
    expect(recorded).toBeDefined()
    const event = await stripe.webhooks.constructEventAsync(
      recorded.payload,
      recorded.headers['stripe-signature']!,
      webhookSecret,
    )
    expect(event).toMatchObject({ id: body.delivery.eventId, type: 'checkout.session.completed', livemode: false })
    expect(event.api_version).toBeTruthy()
    const paid = event.data.object as Stripe.Checkout.Session
    expect(paid).toMatchObject({ id: session.id, payment_status: 'paid', metadata: session.metadata })

    await expect(
      stripe.webhooks.constructEventAsync(
        recorded.payload.replace('"paid"', '"unpaid"'),
        recorded.headers['stripe-signature']!,
        webhookSecret,
      ),
    ).rejects.toThrow()
    await expect(
      stripe.webhooks.constructEventAsync(recorded.payload, recorded.headers['stripe-signature']!, 'whsec_other'),
    ).rejects.toThrow()

    const retrieved = await stripe.checkout.sessions.retrieve(session.id)
    expect(retrieved.status).toBe('complete')
    const intent = await stripe.paymentIntents.retrieve(retrieved.payment_intent as string)
    expect(intent).toMatchObject({ status: 'succeeded', amount: 14900, amount_received: 14900, currency: 'ils' })

    const again = await payAsJson(session.id)
    expect(again.status).toBe(400)
  })

  it('pays from the page: redirects to success_url with the session id, or shows why the webhook failed', async () => {
    const session = await createSession()
    const response = await fetch(`${testEnv.paymentsUrl}/checkout/${session.id}/pay`, {
      method: 'POST',
      redirect: 'manual',
    })
    const delivery = (await deliveries()).filter((entry) => entry.payload.includes(session.id)).at(-1)!
    expect(delivery.type).toBe('checkout.session.completed')
    if (delivery.error) {
      expect(response.status).toBe(200)
      expect(await response.text()).toContain('התשלום אושר')
    } else {
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe(`${testEnv.siteUrl}/payment-success?session_id=${session.id}`)
    }
    expect((await stripe.checkout.sessions.retrieve(session.id)).payment_status).toBe('paid')
  })

  it('cancel redirects to cancel_url and leaves the session open', async () => {
    const session = await createSession()
    const response = await fetch(`${testEnv.paymentsUrl}/checkout/${session.id}/cancel`, {
      method: 'POST',
      redirect: 'manual',
    })
    expect(response.status).toBe(303)
    expect(response.headers.get('location')).toBe(`${testEnv.siteUrl}/payment?cancelled=1`)
    expect((await stripe.checkout.sessions.retrieve(session.id)).status).toBe('open')
  })

  it('refunds a paid payment intent, partially and then the rest, and refuses more', async () => {
    const session = await createSession()
    const { body } = await payAsJson(session.id)
    const paymentIntent = body.session.payment_intent as string
    const partial = await stripe.refunds.create({ payment_intent: paymentIntent, amount: 4900 })
    expect(partial).toMatchObject({
      object: 'refund',
      status: 'succeeded',
      amount: 4900,
      payment_intent: paymentIntent,
    })
    expect(partial.id).toMatch(/^re_/)
    const rest = await stripe.refunds.create({ payment_intent: paymentIntent })
    expect(rest.amount).toBe(10000)
    await expect(stripe.refunds.create({ payment_intent: paymentIntent })).rejects.toMatchObject({
      statusCode: 400,
      code: 'charge_already_refunded',
    })
    await expect(stripe.refunds.create({ payment_intent: 'pi_unknown' })).rejects.toMatchObject({ statusCode: 404 })
  })
})
