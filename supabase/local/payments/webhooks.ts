/**
 * Webhook events as Stripe sends them: a JSON event POSTed with
 * `Stripe-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<payload>" keyed by the
 * endpoint's signing secret>`, which `stripe.webhooks.constructEventAsync` verifies. Every
 * attempt is recorded (GET /deliveries) so developers and tests can inspect it.
 */
import { createHmac } from 'node:crypto'
import { nowSeconds, stripeId } from './ids.ts'
import type { Delivery, SandboxStore } from './store.ts'

const DELIVERY_TIMEOUT_MS = 15_000

export function stripeSignatureHeader(payload: string, secret: string, timestamp = nowSeconds()): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')
  return `t=${timestamp},v1=${signature}`
}

export interface EventToDeliver {
  type: string
  object: Record<string, unknown>
  apiVersion: string
}

export interface DeliveryTarget {
  url: string
  /** STRIPE_WEBHOOK_SECRET; without it the event is recorded as undeliverable. */
  secret: string | undefined
}

function buildEvent(event: EventToDeliver): { id: string; payload: string } {
  const id = stripeId('evt')
  const body = {
    id,
    object: 'event',
    api_version: event.apiVersion,
    created: nowSeconds(),
    data: { object: event.object },
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: event.type,
  }
  return { id, payload: JSON.stringify(body, null, 2) }
}

/** POSTs a signed body to an endpoint and records how it answered. */
export async function post(url: string, payload: string, headers: Record<string, string>) {
  try {
    const response = await fetch(url, {
      method: 'POST',
      headers,
      body: payload,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    })
    const responseBody = (await response.text()).slice(0, 2000)
    const error = response.ok ? null : `endpoint answered HTTP ${response.status}`
    return { status: response.status, error, responseBody }
  } catch (error) {
    return {
      status: null,
      error: `endpoint unreachable: ${error instanceof Error ? error.message : String(error)}`,
      responseBody: null,
    }
  }
}

export async function deliverEvent(
  store: SandboxStore,
  target: DeliveryTarget,
  event: EventToDeliver,
): Promise<Delivery> {
  const { id: eventId, payload } = buildEvent(event)
  const headers: Record<string, string> = {
    'content-type': 'application/json; charset=utf-8',
    'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
  }
  const base = {
    id: stripeId('wd'),
    eventId,
    type: event.type,
    url: target.url,
    payload,
    deliveredAt: new Date().toISOString(),
  }
  let delivery: Delivery
  if (!target.secret) {
    delivery = {
      ...base,
      headers,
      status: null,
      error: 'STRIPE_WEBHOOK_SECRET is not set (supabase/functions/.env)',
      responseBody: null,
    }
  } else {
    headers['stripe-signature'] = stripeSignatureHeader(payload, target.secret)
    delivery = { ...base, headers, ...(await post(target.url, payload, headers)) }
  }
  store.addDelivery(delivery)
  return delivery
}
