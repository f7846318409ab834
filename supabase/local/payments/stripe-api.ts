/**
 * `/v1/*`: the part of Stripe's API the edge functions use, for the official `stripe` SDK pointed
 * here with `{ host, port, protocol: 'http' }`. A Bearer (or Basic) `sk_test_*` key is required;
 * POSTs with an `Idempotency-Key` replay their first answer, as Stripe does.
 */
import { json } from '../http.ts'
import { createRouter } from '../router.ts'
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

/** An API call: its form parameters, the path's `:id` and the request → the answer's JSON. */
type Endpoint = (call: { form: FormObject; id: string; req: Request; context: StripeApiContext }) => unknown

const apiVersion = (req: Request) => req.headers.get('stripe-version') ?? DEFAULT_API_VERSION
const sessionOf = ({ context, id }: { context: StripeApiContext; id: string }) => requireSession(context.store, id)

const route = createRouter<Endpoint>([
  [
    '/v1/checkout/sessions',
    {
      POST: ({ form, req, context }) =>
        createSession(context.store, form, context.paymentsUrl, apiVersion(req)).session,
    },
  ],
  ['/v1/checkout/sessions/:id', { GET: (call) => sessionOf(call).session }],
  ['/v1/checkout/sessions/:id/line_items', { GET: (call) => lineItemsList(sessionOf(call)) }],
  ['/v1/checkout/sessions/:id/expire', { POST: ({ context, id }) => expireSession(context.store, id).session }],
  ['/v1/payment_intents/:id', { GET: ({ context, id }) => requirePaymentIntent(context.store, id).intent }],
  [
    '/v1/refunds',
    {
      POST: ({ form, context }) => createRefund(context.store, form),
      GET: ({ form, context }) => {
        const intent = typeof form.payment_intent === 'string' ? form.payment_intent : undefined
        const data = context.store.refunds(intent).reverse()
        return { object: 'list', data, has_more: false, url: '/v1/refunds' }
      },
    },
  ],
  [
    '/v1/refunds/:id',
    {
      GET: ({ context, id }) => {
        const refund = context.store.refund(id)
        if (!refund) throw new StripeApiError(404, `No such refund: '${id}'`, 'resource_missing', 'id')
        return refund
      },
    },
  ],
])

async function paramsOf(req: Request, url: URL): Promise<FormObject> {
  if (req.method === 'GET') return parseStripeForm(url.search.slice(1))
  return parseStripeForm(await req.text())
}

async function dispatch(req: Request, url: URL, context: StripeApiContext): Promise<{ status: number; body: unknown }> {
  try {
    authenticate(req)
    const match = route(req.method, url.pathname)
    if (match.kind !== 'handler')
      throw new StripeApiError(404, `Unrecognized request URL (${req.method}: ${url.pathname}).`)
    const form = await paramsOf(req, url)
    return { status: 200, body: match.handler({ form, id: match.params.id ?? '', req, context }) }
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
