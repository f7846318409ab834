/**
 * The payment sandbox on :54326, playing both providers. PayPlus: its REST API subset
 * (`/api/v1.0/*`), the Hebrew payment page a generateLink answer leads to (`/payplus/{uid}`: test
 * card, Bit, Apple Pay, Google Pay, a declined card), the signed callback to the page's
 * refURL_callback, refunds, and tax documents (`/payplus/documents/{uid}`); a page is payable for its
 * expiry_datetime minutes; POST `/payplus/faults {lose_next_refund_answer: true}` makes the next refund
 * happen with its answer lost (HTTP 504), as when PayPlus is slow to answer. Stripe: an API subset
 * for the `stripe` SDK (`/v1/*`), the hosted checkout page (`/checkout/{id}`, pay / cancel), the
 * webhook it sends on pay (signed with STRIPE_WEBHOOK_SECRET, to the app's callback path or
 * PAYMENTS_WEBHOOK_URL). An overview of payments, refunds and callbacks at `/`, every delivery as
 * JSON at `/deliveries`.
 */
import path from 'node:path'
import { readFunctionSecrets } from '../functions/env.ts'
import { json, listen } from '../http.ts'
import { createRouter, type RouteParams } from '../router.ts'
import type { Stack, StackServer } from '../types.ts'
import { StripeApiError } from './errors.ts'
import { checkoutPage, htmlResponse, overviewPage, undeliveredWebhookPage } from './pages.ts'
import { completeSession, requireSession } from './sessions.ts'
import { SandboxStore, type PayplusPage, type SessionRecord } from './store.ts'
import { handlePayplusApi, pageExpired } from './payplus-api.ts'
import { payOnPage, validCardNumber, type PayplusMethod } from './payplus-checkout.ts'
import { payplusCheckoutPage, payplusDocumentPage, payplusOverviewRows } from './payplus-pages.ts'
import { handleStripeApi } from './stripe-api.ts'
import { deliverEvent } from './webhooks.ts'

function redirectTarget(template: unknown, sessionId: string): string | null {
  return typeof template === 'string' ? template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId) : null
}

type Handler = (req: Request, url: URL, params: RouteParams) => Response | Promise<Response>

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
    if (pageExpired(page)) {
      return wantsJson(req)
        ? json({ error: 'page expired' }, 410)
        : htmlResponse(payplusCheckoutPage(page, 'תוקף דף התשלום פג. חזרו לאתר והתחילו את התשלום מחדש'), 410)
    }
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

  function cancelPayplus(req: Request, page: PayplusPage): Response {
    const target = String(page.request.refURL_cancel ?? page.request.refURL_success)
    return wantsJson(req) ? json({ redirect: target }) : redirect(target)
  }

  function showCheckout(id: string): Response {
    const record = requireSession(store, id)
    return htmlResponse(checkoutPage(record, redirectTarget(record.session.success_url, id)))
  }

  const checkoutMethodNotAllowed = () =>
    json({ error: { type: 'invalid_request_error', message: 'Method not allowed' } }, 405)

  /** A PayPlus page's own path: an unknown page is a 404 before its method is looked at. */
  const onPayplusPage =
    (handle: (req: Request, page: PayplusPage, uid: string) => Response | Promise<Response>): Handler =>
    (req, _url, params) => {
      const uid = decodeURIComponent(params.uid!)
      const page = store.payplusPage(uid)
      return page ? handle(req, page, uid) : htmlResponse('', 404)
    }
  const payplusMethodNotAllowed = onPayplusPage(() => json({ error: 'Method not allowed' }, 405))

  const route = createRouter<Handler>([
    ['/v1/*path', { '*': (req, url) => handleStripeApi(req, url, { store, paymentsUrl: stack.urls.payments }) }],
    ['/api/v1.0/*path', { '*': (req, url) => handlePayplusApi(req, url, store, stack.urls.payments) }],
    [
      '/payplus/refunds',
      {
        GET: (_req, url) => {
          const transaction = url.searchParams.get('transaction_uid')
          return json(store.payplusRefunds().filter((refund) => !transaction || refund.transactionUid === transaction))
        },
        '*': () => htmlResponse('', 404),
      },
    ],
    [
      '/payplus/faults',
      {
        POST: async (req) => {
          const body = (await req.json().catch(() => ({}))) as { lose_next_refund_answer?: unknown }
          store.loseNextPayplusRefundAnswer = body.lose_next_refund_answer === true
          return json({ lose_next_refund_answer: store.loseNextPayplusRefundAnswer })
        },
        '*': () => htmlResponse('', 404),
      },
    ],
    [
      '/payplus/documents/:uid',
      {
        GET: (_req, _url, { uid }) => {
          const page = store.payplusPage(decodeURIComponent(uid!))
          return page?.transaction ? htmlResponse(payplusDocumentPage(page)) : htmlResponse('', 404)
        },
      },
    ],
    [
      '/payplus/:uid',
      {
        GET: onPayplusPage((req, page) => (wantsJson(req) ? json(page) : htmlResponse(payplusCheckoutPage(page)))),
        '*': payplusMethodNotAllowed,
      },
    ],
    [
      '/payplus/:uid/pay',
      { POST: onPayplusPage((req, _page, uid) => payPayplus(req, uid)), '*': payplusMethodNotAllowed },
    ],
    ['/payplus/:uid/cancel', { POST: onPayplusPage(cancelPayplus), '*': payplusMethodNotAllowed }],
    [
      '/',
      {
        GET: () => {
          const payplus = payplusOverviewRows(store.payplusPages(), store.payplusRefunds(), store.deliveries())
          return htmlResponse(overviewPage(store.sessions(), store.deliveries(), payplus))
        },
      },
    ],
    ['/deliveries', { GET: () => json(store.deliveries()) }],
    [
      '/checkout/:id',
      { GET: (_req, _url, { id }) => showCheckout(decodeURIComponent(id!)), '*': checkoutMethodNotAllowed },
    ],
    [
      '/checkout/:id/pay',
      { POST: (req, _url, { id }) => pay(req, decodeURIComponent(id!)), '*': checkoutMethodNotAllowed },
    ],
    [
      '/checkout/:id/cancel',
      { POST: (req, _url, { id }) => cancel(req, decodeURIComponent(id!)), '*': checkoutMethodNotAllowed },
    ],
  ])

  async function serve(req: Request, url: URL): Promise<Response> {
    const match = route(req.method, url.pathname)
    if (match.kind === 'handler') return match.handler(req, url, match.params)
    return json({ error: { type: 'invalid_request_error', message: 'Not found' } }, 404)
  }

  const server = await listen(stack.config.host, stack.config.paymentsPort, async (req) => {
    const url = new URL(req.url)
    try {
      return await serve(req, url)
    } catch (error) {
      if (error instanceof StripeApiError) return error.toResponse()
      throw error
    }
  })
  return { name: 'payments', url: server.url, stop: () => server.close() }
}
