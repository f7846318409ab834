/** Node's http server speaking Web Request/Response, so every service is a plain fetch handler. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FetchHandler = (req: Request) => Promise<Response>;

const BODYLESS = new Set(['GET', 'HEAD']);

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function toWebRequest(req: http.IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) value.forEach((v) => headers.append(name, v));
    else if (value !== undefined) headers.set(name, value);
  }
  const method = req.method ?? 'GET';
  const body = BODYLESS.has(method) ? undefined : new Uint8Array(await readBody(req));
  return new Request(new URL(req.url ?? '/', origin), { method, headers, body });
}

async function sendWebResponse(res: http.ServerResponse, response: Response, method: string): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    if (name === 'set-cookie') return;
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) headers['set-cookie'] = cookies;
  const body = method === 'HEAD' || !response.body ? undefined : Buffer.from(await response.arrayBuffer());
  res.writeHead(response.status, headers);
  res.end(body);
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export function listen(host: string, port: number, handler: FetchHandler): Promise<RunningServer> {
  const origin = `http://${host}:${port}`;
  const server = http.createServer((req, res) => {
    void (async () => {
      try {
        const response = await handler(await toWebRequest(req, origin));
        await sendWebResponse(res, response, req.method ?? 'GET');
      } catch (error) {
        console.error('[stack] unhandled error', error);
        if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ message: 'Internal server error' }));
      }
    })();
  });
  server.keepAliveTimeout = 5000;
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      const address = server.address() as AddressInfo;
      resolve({
        url: `http://${host}:${address.port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}

export function json(body: unknown, status = 200, headers: HeadersInit = {}): Response {
  const merged = new Headers(headers);
  if (!merged.has('content-type')) merged.set('content-type', 'application/json; charset=utf-8');
  return new Response(JSON.stringify(body), { status, headers: merged });
}

// ------------------------------------------------------------------------------------ CORS

const ALLOWED_HEADERS =
  'authorization, apikey, x-client-info, content-type, accept, accept-profile, content-profile, prefer, range, ' +
  'range-unit, x-supabase-api-version, x-upsert, cache-control, x-metadata, x-retry-count, x-region, ' +
  'traceparent, tracestate, baggage';

const EXPOSED_HEADERS =
  'Content-Range, Content-Location, Preference-Applied, Location, X-Supabase-Api-Version, x-sb-error-code, ' +
  'X-Total-Count, Link, ETag, Content-Disposition, x-relay-error, sb-error-code, Content-Length, Content-Type';

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
  });
}

export function withCors(req: Request, response: Response): Response {
  const headers = new Headers(response.headers);
  headers.set('access-control-allow-origin', req.headers.get('origin') ?? '*');
  headers.set('access-control-expose-headers', EXPOSED_HEADERS);
  headers.append('vary', 'Origin');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
