/** The API gateway on :54321: routes /auth/v1, /rest/v1, /storage/v1, /functions/v1 and /health. */
import { corsPreflight, DEFAULT_BODY_LIMIT, json, withCors, type FetchHandler } from './http.ts'
import { createRouter } from './router.ts'
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
    const subpath = `/${match.params.subpath ?? ''}`
    const response = await service.handle(req, { stack, url, subpath })
    return service.ownsCors ? response : withCors(req, response)
  }
}

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
