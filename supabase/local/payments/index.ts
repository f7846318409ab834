/**
 * The payment sandbox on :54326, playing both providers. PayPlus: its REST API subset
 * (`/api/v1.0/*`), the Hebrew payment page a generateLink answer leads to (`/payplus/{uid}`: test
 * card, Bit, Apple Pay, Google Pay, a declined card), the signed callback to the page's
 * refURL_callback, refunds, and tax documents (`/payplus/documents/{uid}`). Stripe: an API subset
 * for the `stripe` SDK (`/v1/*`), the hosted checkout page (`/checkout/{id}`, pay / cancel), the
 * webhook it sends on pay (signed with STRIPE_WEBHOOK_SECRET, to the app's callback path or
 * PAYMENTS_WEBHOOK_URL). An overview of payments, refunds and callbacks at `/`, every delivery as
 * JSON at `/deliveries`.
 */
import path from 'node:path'
import { readFunctionSecrets } from '../functions/env.ts'
import { json, listen } from '../http.ts'
import type { Stack, StackServer } from '../types.ts'
import { StripeApiError } from './errors.ts'
import { checkoutPage, htmlResponse, overviewPage, undeliveredWebhookPage } from './pages.ts'
import { completeSession, requireSession } from './sessions.ts'
import { SandboxStore, type SessionRecord } from './store.ts'
import { handlePayplusApi } from './payplus-api.ts'
import { payOnPage, validCardNumber, type PayplusMethod } from './payplus-checkout.ts'
import { payplusCheckoutPage, payplusDocumentPage, payplusOverviewRows } from './payplus-pages.ts'
import { handleStripeApi } from './stripe-api.ts'
import { deliverEvent } from './webhooks.ts'

function redirectTarget(template: unknown, sessionId: string): string | null {
  return typeof template === 'string' ? template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId) : null
}

const PAYPLUS_METHODS: PayplusMethod[] = ['credit-card', 'bit', 'apple-pay', 'google-pay']

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

  async function payPayplus(req: Request, uid: string): Promise<Response> {
    const page = store.payplusPage(uid)
    if (!page) return htmlResponse('', 404)
    const form = new URLSearchParams(await req.text())
    const method = (PAYPLUS_METHODS.find((entry) => entry === form.get('method')) ?? 'credit-card') as PayplusMethod
    const card = form.get('card_number') ?? ''
    if (page.transaction)
      return wantsJson(req) ? json({ error: 'already paid' }, 409) : redirect(String(page.request.refURL_success))
    if (method === 'credit-card' && !validCardNumber(card)) {
      return htmlResponse(payplusCheckoutPage(page, 'מספר הכרטיס אינו תקין'), 422)
    }
    const outcome = await payOnPage(store, page, method, card, stack.urls.payments)
    stack.log(
      `payments: PayPlus page ${uid} ${outcome.approved ? 'paid' : 'declined'}; callback → ${outcome.delivery?.error ?? outcome.delivery?.status ?? 'none'}`,
    )
    if (wantsJson(req)) return json(outcome)
    if (outcome.approved && outcome.delivery?.error)
      return htmlResponse(undeliveredWebhookPage(outcome.delivery, outcome.redirect))
    return redirect(outcome.redirect)
  }

  async function routePayplus(req: Request, url: URL): Promise<Response | null> {
    if (req.method === 'GET' && url.pathname === '/payplus/refunds') {
      const transaction = url.searchParams.get('transaction_uid')
      return json(store.payplusRefunds().filter((refund) => !transaction || refund.transactionUid === transaction))
    }
    const document = /^\/payplus\/documents\/([^/]+)$/.exec(url.pathname)
    if (document && req.method === 'GET') {
      const page = store.payplusPage(decodeURIComponent(document[1]!))
      return page?.transaction ? htmlResponse(payplusDocumentPage(page)) : htmlResponse('', 404)
    }
    const match = /^\/payplus\/([^/]+)(?:\/(pay|cancel))?$/.exec(url.pathname)
    if (!match) return null
    const uid = decodeURIComponent(match[1]!)
    const page = store.payplusPage(uid)
    if (!page) return htmlResponse('', 404)
    if (req.method === 'GET' && !match[2]) return wantsJson(req) ? json(page) : htmlResponse(payplusCheckoutPage(page))
    if (req.method === 'POST' && match[2] === 'pay') return payPayplus(req, uid)
    if (req.method === 'POST' && match[2] === 'cancel') {
      const target = String(page.request.refURL_cancel ?? page.request.refURL_success)
      return wantsJson(req) ? json({ redirect: target }) : redirect(target)
    }
    return json({ error: 'Method not allowed' }, 405)
  }

  async function route(req: Request, url: URL): Promise<Response> {
    if (url.pathname.startsWith('/v1/')) return handleStripeApi(req, url, { store, paymentsUrl: stack.urls.payments })
    if (url.pathname.startsWith('/api/v1.0/')) return handlePayplusApi(req, url, store, stack.urls.payments)
    if (url.pathname.startsWith('/payplus/')) {
      const answer = await routePayplus(req, url)
      if (answer) return answer
    }
    if (req.method === 'GET' && url.pathname === '/') {
      const payplus = payplusOverviewRows(store.payplusPages(), store.payplusRefunds(), store.deliveries())
      return htmlResponse(overviewPage(store.sessions(), store.deliveries(), payplus))
    }
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
