/**
 * The payment sandbox on :54326: a Stripe API subset for the `stripe` SDK (`/v1/*`), the hosted
 * checkout page a session's `url` opens (`/checkout/{id}`, pay / cancel), the webhook it sends on
 * pay (`checkout.session.completed`, signed with STRIPE_WEBHOOK_SECRET, to the app's webhook path
 * or PAYMENTS_WEBHOOK_URL), and every delivery as JSON at `/deliveries`.
 */
import path from 'node:path'
import { readFunctionSecrets } from '../functions/env.ts'
import { json, listen } from '../http.ts'
import type { Stack, StackServer } from '../types.ts'
import { StripeApiError } from './errors.ts'
import { checkoutPage, htmlResponse, overviewPage, undeliveredWebhookPage } from './pages.ts'
import { completeSession, requireSession } from './sessions.ts'
import { SandboxStore, type SessionRecord } from './store.ts'
import { handleStripeApi } from './stripe-api.ts'
import { deliverEvent } from './webhooks.ts'

function redirectTarget(template: unknown, sessionId: string): string | null {
  return typeof template === 'string' ? template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId) : null
}

function redirect(location: string): Response {
  return new Response(null, { status: 303, headers: { location } })
}

function wantsJson(req: Request): boolean {
  return /json/i.test(req.headers.get('accept') ?? '') || /json/i.test(req.headers.get('content-type') ?? '')
}

export async function startPaymentSandbox(stack: Stack): Promise<StackServer> {
  const store = new SandboxStore(path.join(stack.config.dataDir, 'payments-sandbox.json'))
  const webhookUrl = process.env.PAYMENTS_WEBHOOK_URL || `${stack.urls.api}${stack.app.paymentsWebhookPath}`

  async function pay(req: Request, id: string): Promise<Response> {
    let record: SessionRecord
    try {
      record = completeSession(store, id)
    } catch (error) {
      if (!(error instanceof StripeApiError) || wantsJson(req)) throw error
      const existing = store.session(id)
      return existing
        ? htmlResponse(checkoutPage(existing, redirectTarget(existing.session.success_url, id)), 409)
        : htmlResponse('', 404)
    }
    const delivery = await deliverEvent(
      store,
      { url: webhookUrl, secret: readFunctionSecrets().STRIPE_WEBHOOK_SECRET },
      { type: 'checkout.session.completed', object: record.session, apiVersion: record.apiVersion },
    )
    stack.log(`payments: ${id} paid; webhook ${delivery.eventId} → ${delivery.error ?? `HTTP ${delivery.status}`}`)
    const successUrl = redirectTarget(record.session.success_url, id)!
    if (wantsJson(req)) return json({ session: record.session, delivery, redirect: successUrl })
    return delivery.error ? htmlResponse(undeliveredWebhookPage(delivery, successUrl)) : redirect(successUrl)
  }

  function cancel(req: Request, id: string): Response {
    const { session } = requireSession(store, id)
    const target = redirectTarget(session.cancel_url, id) ?? redirectTarget(session.success_url, id)!
    return wantsJson(req) ? json({ session, redirect: target }) : redirect(target)
  }

  async function route(req: Request, url: URL): Promise<Response> {
    if (url.pathname.startsWith('/v1/')) return handleStripeApi(req, url, { store, paymentsUrl: stack.urls.payments })
    if (req.method === 'GET' && url.pathname === '/')
      return htmlResponse(overviewPage(store.sessions(), store.deliveries()))
    if (req.method === 'GET' && url.pathname === '/deliveries') return json(store.deliveries())
    const match = /^\/checkout\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname)
    if (!match) return json({ error: { type: 'invalid_request_error', message: 'Not found' } }, 404)
    const id = decodeURIComponent(match[1]!)
    if (req.method === 'GET' && !match[2]) {
      const record = requireSession(store, id)
      return htmlResponse(checkoutPage(record, redirectTarget(record.session.success_url, id)))
    }
    if (req.method === 'POST' && match[2] === 'pay') return pay(req, id)
    if (req.method === 'POST' && match[2] === 'cancel') return cancel(req, id)
    return json({ error: { type: 'invalid_request_error', message: 'Method not allowed' } }, 405)
  }

  const server = await listen(stack.config.host, stack.config.paymentsPort, async (req) => {
    const url = new URL(req.url)
    try {
      return await route(req, url)
    } catch (error) {
      if (error instanceof StripeApiError) return error.toResponse()
      throw error
    }
  })
  return { name: 'payments', url: server.url, stop: () => server.close() }
}
