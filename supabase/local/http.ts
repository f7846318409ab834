/** Node's http server speaking Web Request/Response, so every service is a plain fetch handler. */
import { createHash } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'

export type FetchHandler = (req: Request) => Promise<Response>

const BODYLESS = new Set(['GET', 'HEAD'])

/** Largest request body a server reads, by path; bigger bodies are answered 413 without being buffered. */
export type BodyLimit = (pathname: string) => number

export const DEFAULT_BODY_LIMIT = 1024 * 1024

class BodyTooLarge extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`)
  }
}

/**
 * A body over the limit is read to its end and dropped (a client still sending would otherwise
 * see its connection reset instead of the 413); one declared too large is not read at all and
 * Node discards it after the answer.
 */
async function readBody(req: http.IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'])
  if (Number.isFinite(declared) && declared > limit) throw new BodyTooLarge(limit)
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req) {
    size += (chunk as Buffer).length
    if (size <= limit) chunks.push(chunk as Buffer)
  }
  if (size > limit) throw new BodyTooLarge(limit)
  return Buffer.concat(chunks)
}

/** The socket's address as clients and functions see it; IPv4-mapped IPv6 is written as IPv4. */
function clientAddress(req: http.IncomingMessage): string {
  const address = req.socket.remoteAddress ?? ''
  return address.startsWith('::ffff:') ? address.slice(7) : address
}

async function toWebRequest(req: http.IncomingMessage, origin: string, bodyLimit: BodyLimit): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v))
    else if (value !== undefined) headers.set(name, value)
  }
  // Whatever the client claims, the client is the socket's peer: rate limits key on this. As
  // hosted Supabase's edge (Cloudflare) does, CF-Connecting-IP is set and the peer is appended
  // to any X-Forwarded-For the client sent.
  const address = clientAddress(req)
  const forwarded = headers.get('x-forwarded-for')
  headers.set('x-forwarded-for', forwarded ? `${forwarded}, ${address}` : address)
  headers.set('cf-connecting-ip', address)
  headers.set('x-real-ip', address)
  const method = req.method ?? 'GET'
  const url = new URL(req.url ?? '/', origin)
  const body = BODYLESS.has(method) ? undefined : new Uint8Array(await readBody(req, bodyLimit(url.pathname)))
  return new Request(url, { method, headers, body })
}

const HTML_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src 'self' data: blob: http: https:; " +
  "connect-src 'self'; frame-src 'self'; base-uri 'self'; frame-ancestors 'self'"

/** The page's own inline scripts run (by hash); nothing else does. */
function htmlContentSecurityPolicy(html: string): string {
  const hashes = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    (match) => `'sha256-${createHash('sha256').update(match[1]!).digest('base64')}'`,
  )
  return hashes.length ? `${HTML_POLICY}; script-src ${hashes.join(' ')}` : HTML_POLICY
}

async function sendWebResponse(res: http.ServerResponse, response: Response, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {}
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return
    headers[name] = value
  })
  headers['x-content-type-options'] = 'nosniff'
  headers['referrer-policy'] ??= 'strict-origin-when-cross-origin'
  const isHtml = /^text\/html/i.test(response.headers.get('content-type') ?? '')
  if (isHtml && !headers['content-security-policy'] && response.body) {
    const html = await response.text()
    headers['content-security-policy'] = htmlContentSecurityPolicy(html)
    res.writeHead(response.status, headers)
    res.end(method === 'HEAD' ? undefined : html)
    return
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length) headers['set-cookie'] = cookies
  const body = method === 'HEAD' || !response.body ? undefined : Buffer.from(await response.arrayBuffer())
  res.writeHead(response.status, headers)
  res.end(body)
}

export interface RunningServer {
  url: string
  close(): Promise<void>
}

export function listen(
  host: string,
  port: number,
  handler: FetchHandler,
  bodyLimit: BodyLimit = () => DEFAULT_BODY_LIMIT,
): Promise<RunningServer> {
  const origin = `http://${host}:${port}`
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const response = await handler(await toWebRequest(req, origin, bodyLimit))
        await sendWebResponse(res, response, req.method ?? 'GET')
      } catch (error) {
        if (error instanceof BodyTooLarge) {
          const body = { code: 'PGRST413', statusCode: 413, error: 'Payload Too Large', message: error.message }
          res.writeHead(413, {
            'content-type': 'application/json; charset=utf-8',
            'x-content-type-options': 'nosniff',
            'access-control-allow-origin': req.headers.origin ?? '*',
          })
          res.end(JSON.stringify(body))
          return
        }
        console.error('[stack] unhandled error', error)
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ message: 'Internal server error' }))
      }
    })()
  })
  server.keepAliveTimeout = 5000
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo
      resolve({
        url: `http://${host}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done())
            server.closeAllConnections()
          }),
      })
    })
  })
}

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const merged = new Headers(headers)
  if (!merged.has('content-type')) merged.set('content-type', 'application/json; charset=utf-8')
  return new Response(JSON.stringify(body), { status, headers: merged })
}

// ------------------------------------------------------------------------------------ CORS

const ALLOWED_HEADERS =
  'authorization, apikey, x-client-info, content-type, accept, accept-profile, content-profile, prefer, range, ' +
  'range-unit, x-supabase-api-version, x-upsert, cache-control, x-metadata, x-retry-count, x-region, ' +
  'traceparent, tracestate, baggage'

const EXPOSED_HEADERS =
  'Content-Range, Content-Location, Preference-Applied, Location, X-Supabase-Api-Version, x-sb-error-code, ' +
  'X-Total-Count, Link, ETag, Content-Disposition, x-relay-error, sb-error-code, Content-Length, Content-Type'

export function corsPreflight(req: Request): Response {
  return new Response(null, {
    status: 204,
    headers: {
      'access-control-allow-origin': req.headers.get('origin') ?? '*',
      'access-control-allow-methods': 'GET,POST,PUT,PATCH,DELETE,HEAD,OPTIONS',
      'access-control-allow-headers': req.headers.get('access-control-request-headers') ?? ALLOWED_HEADERS,
      'access-control-max-age': '86400',
      vary: 'Origin',
    },
  })
}

export function withCors(req: Request, response: Response): Response {
  const headers = new Headers(response.headers)
  headers.set('access-control-allow-origin', req.headers.get('origin') ?? '*')
  headers.set('access-control-expose-headers', EXPOSED_HEADERS)
  headers.append('vary', 'Origin')
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers })
}
