/** The API gateway on :54321: routes /auth/v1, /rest/v1, /storage/v1, /functions/v1 and /health. */
import { corsPreflight, DEFAULT_BODY_LIMIT, json, withCors, type FetchHandler } from './http.ts'
import { createRouter } from './router.ts'
import { bearerToken } from './jwt.ts'
import { SECRET_KEY } from './config.ts'
import type { Stack, StackService } from './types.ts'

export function createGateway(stack: Stack, services: StackService[], isReady: () => boolean): FetchHandler {
  const route = createRouter<StackService | 'health'>([
    ['/health', { '*': 'health' }],
    ...services.map((service) => [`${service.prefix}/*subpath`, { '*': service }] as const),
  ])
  return async (incoming) => {
    const url = new URL(incoming.url)
    const req = keyFromQuery(incoming, url)
    const match = route(req.method, url.pathname)
    if (match.kind !== 'handler') {
      return withCors(req, json({ code: 404, message: 'no route matched with those values' }, 404))
    }
    const service = match.handler
    if (service === 'health') {
      return isReady() ? json({ status: 'ok', database: stack.db.kind }) : json({ status: 'starting' }, 503)
    }
    if (req.method === 'OPTIONS' && !service.ownsCors) return corsPreflight(req)
    if (req.method !== 'OPTIONS' && needsApiKey(url.pathname) && !req.headers.get('apikey')) {
      return withCors(req, noApiKey())
    }
    if (req.method !== 'OPTIONS' && secretKeyFromBrowser(req)) return withCors(req, secretKeyInBrowser())
    const subpath = `/${match.params.subpath ?? ''}`
    const response = await service.handle(req, { stack, url, subpath })
    return service.ownsCors ? response : withCors(req, response)
  }
}

/**
 * Hosted's API gateway lets no request reach REST or auth without an API key (`apikey` header or
 * `?apikey=`), whatever else it carries, except the auth routes a browser opens from a link
 * (e-mail confirmation, OAuth) and the public signing keys. Storage and functions sit behind no key
 * check: storage decides itself (a public object's address needs no key), and each function
 * decides who calls it (verify_jwt off: payment callbacks arrive with no key).
 */
const KEYED_APIS = ['/rest/v1', '/auth/v1']
const KEYLESS_AUTH_ROUTES = [
  '/auth/v1/verify',
  '/auth/v1/callback',
  '/auth/v1/authorize',
  '/auth/v1/.well-known/jwks.json',
]

const under = (pathname: string, prefix: string) => pathname === prefix || pathname.startsWith(`${prefix}/`)

function needsApiKey(pathname: string): boolean {
  return KEYED_APIS.some((api) => under(pathname, api)) && !KEYLESS_AUTH_ROUTES.some((route) => under(pathname, route))
}

/** The hosted gateway's answer, word for word. */
const noApiKey = () =>
  json({ message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' }, 401)

/**
 * Hosted's gateway refuses the secret key from a browser, which it tells by the User-Agent every
 * browser sends (it begins `Mozilla/`), in `apikey` or as the bearer, on every API: whoever holds
 * the key in a page has leaked it. Servers, functions and scripts send their own User-Agent.
 */
function secretKeyFromBrowser(req: Request): boolean {
  const carriesSecretKey = req.headers.get('apikey')?.trim() === SECRET_KEY || bearerToken(req) === SECRET_KEY
  return carriesSecretKey && /^Mozilla\//.test(req.headers.get('user-agent') ?? '')
}

/** The hosted gateway's answer, word for word, with its error code header. */
const secretKeyInBrowser = () =>
  json(
    {
      message: 'Forbidden use of secret API key in browser',
      hint: 'Secret API keys can only be used in a protected environment and should never be used in a browser. Delete this secret API key immediately!',
    },
    401,
    { 'sb-error-code': 'UNAUTHORIZED_INVALID_API_KEY_TYPE' },
  )

const MB = 1024 * 1024

/** Request size limits per API, like the hosted gateway's: storage takes files up to its global 50 MB. */
export function gatewayBodyLimit(pathname: string): number {
  if (pathname.startsWith('/storage/v1/')) return 50 * MB + 64 * 1024
  if (pathname.startsWith('/functions/v1/')) return 20 * MB
  if (pathname.startsWith('/rest/v1/')) return 10 * MB
  return DEFAULT_BODY_LIMIT
}

/**
 * Like the hosted API gateway, the key may come as `?apikey=` (a GET with no custom header needs no
 * CORS preflight): it counts as the `apikey` header and the services behind never see it.
 */
function keyFromQuery(req: Request, url: URL): Request {
  const key = url.searchParams.get('apikey')
  if (key === null) return req
  url.searchParams.delete('apikey')
  const headers = new Headers(req.headers)
  if (!headers.has('apikey')) headers.set('apikey', key)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(url, {
    method: req.method,
    headers,
    body: hasBody ? req.body : undefined,
    signal: req.signal,
    ...(hasBody ? { duplex: 'half' } : {}),
  } as RequestInit)
}
