/**
 * `/v1/*`: the part of Stripe's API the edge functions use, for the official `stripe` SDK pointed
 * here with `{ host, port, protocol: 'http' }`. A Bearer (or Basic) `sk_test_*` key is required;
 * POSTs with an `Idempotency-Key` replay their first answer, as Stripe does.
 */
import { json } from '../http.ts'
import { StripeApiError } from './errors.ts'
import { parseStripeForm, type FormObject } from './form.ts'
import { stripeId } from './ids.ts'
import {
  createRefund,
  createSession,
  expireSession,
  lineItemsList,
  requirePaymentIntent,
  requireSession,
} from './sessions.ts'
import type { SandboxStore } from './store.ts'

/** Used when a request carries no Stripe-Version (the stripe@23 SDK always sends one). */
const DEFAULT_API_VERSION = '2026-10-28.endive'

export interface StripeApiContext {
  store: SandboxStore
  paymentsUrl: string
}

function secretKey(req: Request): string | undefined {
  const header = req.headers.get('authorization') ?? ''
  const bearer = /^Bearer\s+(.+)$/i.exec(header)?.[1]
  if (bearer) return bearer.trim()
  const basic = /^Basic\s+(.+)$/i.exec(header)?.[1]
  return basic ? Buffer.from(basic, 'base64').toString('utf8').split(':')[0] : undefined
}

function authenticate(req: Request): void {
  const key = secretKey(req)
  if (!key) {
    throw new StripeApiError(
      401,
      'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth.',
    )
  }
  if (!key.startsWith('sk_test_')) {
    throw new StripeApiError(
      401,
      `Invalid API Key provided: ${key.slice(0, 8)}****. The payment sandbox accepts sk_test_* keys only.`,
      'api_key_invalid',
    )
  }
}

type Route = (params: FormObject, match: RegExpExecArray, req: Request) => unknown

function routes(context: StripeApiContext): Array<[string, RegExp, Route]> {
  const { store, paymentsUrl } = context
  const apiVersion = (req: Request) => req.headers.get('stripe-version') ?? DEFAULT_API_VERSION
  return [
    [
      'POST',
      /^\/v1\/checkout\/sessions$/,
      (params, _m, req) => createSession(store, params, paymentsUrl, apiVersion(req)).session,
    ],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)$/, (_p, m) => requireSession(store, m[1]!).session],
    ['GET', /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/, (_p, m) => lineItemsList(requireSession(store, m[1]!))],
    ['POST', /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/, (_p, m) => expireSession(store, m[1]!).session],
    ['GET', /^\/v1\/payment_intents\/([^/]+)$/, (_p, m) => requirePaymentIntent(store, m[1]!).intent],
    ['POST', /^\/v1\/refunds$/, (params) => createRefund(store, params)],
    [
      'GET',
      /^\/v1\/refunds$/,
      (params) => {
        const intent = typeof params.payment_intent === 'string' ? params.payment_intent : undefined
        const data = store.refunds(intent).reverse()
        return { object: 'list', data, has_more: false, url: '/v1/refunds' }
      },
    ],
    [
      'GET',
      /^\/v1\/refunds\/([^/]+)$/,
      (_p, m) => {
        const refund = store.refund(m[1]!)
        if (!refund) throw new StripeApiError(404, `No such refund: '${m[1]}'`, 'resource_missing', 'id')
        return refund
      },
    ],
  ]
}

async function paramsOf(req: Request, url: URL): Promise<FormObject> {
  if (req.method === 'GET') return parseStripeForm(url.search.slice(1))
  return parseStripeForm(await req.text())
}

async function dispatch(req: Request, url: URL, context: StripeApiContext): Promise<{ status: number; body: unknown }> {
  try {
    authenticate(req)
    for (const [method, pattern, route] of routes(context)) {
      const match = pattern.exec(url.pathname)
      if (match && method === req.method) return { status: 200, body: route(await paramsOf(req, url), match, req) }
    }
    throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`)
  } catch (error) {
    if (!(error instanceof StripeApiError)) throw error
    return { status: error.status, body: error.body() }
  }
}

export async function handleStripeApi(req: Request, url: URL, context: StripeApiContext): Promise<Response> {
  const idempotencyKey = req.method === 'POST' ? req.headers.get('idempotency-key') : null
  const cacheKey = idempotencyKey ? `${req.method} ${url.pathname} ${idempotencyKey}` : undefined
  const cached = cacheKey ? context.store.cachedResponse(cacheKey) : undefined
  const result = cached ?? (await dispatch(req, url, context))
  if (cacheKey && !cached && result.status < 500) context.store.cacheResponse(cacheKey, result)
  const headers: Record<string, string> = { 'request-id': stripeId('req', 14) }
  if (idempotencyKey) headers['idempotency-key'] = idempotencyKey
  if (cached) headers['idempotent-replayed'] = 'true'
  return json(result.body, result.status, headers)
}
