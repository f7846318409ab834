/**
 * supabase-js clients and raw SQL for the integration and e2e tests, pointed at the stack that
 * scripts/with-stack.ts started (its URLs arrive through the environment).
 */
import { randomUUID } from 'node:crypto'
import http from 'node:http'
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import ws from 'ws'
import type { Database } from '../../../contracts/database.ts'
import { PUBLISHABLE_KEY, SECRET_KEY } from '../config.ts'

export type Client = SupabaseClient<Database>

export const testEnv = {
  apiUrl: process.env.SUPABASE_URL ?? 'http://127.0.0.1:55321',
  /** Where `sql` goes: the stack itself, also when the browser reaches it through a proxy that can be cut. */
  sqlUrl: process.env.TEST_SQL_URL ?? process.env.SUPABASE_URL ?? 'http://127.0.0.1:55321',
  mailboxUrl: process.env.MAILBOX_URL ?? 'http://127.0.0.1:55324',
  paymentsUrl: process.env.PAYMENTS_URL ?? 'http://127.0.0.1:55326',
  siteUrl: process.env.SITE_URL ?? 'http://127.0.0.1:5174',
  /** The publishable key (role anon). */
  anonKey: PUBLISHABLE_KEY,
  /** The secret key (role service_role). */
  serviceRoleKey: SECRET_KEY,
  /**
   * The stack runs on a database shaped like hosted Supabase (check.sh --keep): `postgres` is not a
   * superuser and owns nothing in auth and storage.
   */
  hostedPlatform: process.env.STACK_HOSTED_PLATFORM === 'true',
}

// supabase-js throws in createClient on Node < 22 without a WebSocket implementation.
const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: ws as unknown as typeof WebSocket },
}

/** The publishable key alone (role anon), typed with the app's schema. */
export function anonClient(): Client {
  return createClient<Database>(testEnv.apiUrl, testEnv.anonKey, clientOptions)
}

/** The secret key (role service_role: bypasses RLS), typed with the app's schema. */
export function serviceClient(): Client {
  return createClient<Database>(testEnv.apiUrl, testEnv.serviceRoleKey, clientOptions)
}

/**
 * A client that sends `Authorization: Bearer <token>` (or only the publishable key), optionally from a
 * loopback address of its own (see fetchFrom). Untyped, for the stack's own tests of tables of
 * their own; users.ts gives the app's schema to its users.
 */
export function clientWithToken(token?: string, address?: string): SupabaseClient {
  return createClient(testEnv.apiUrl, testEnv.anonKey, {
    ...clientOptions,
    global: {
      headers: token ? { Authorization: `Bearer ${token}` } : {},
      ...(address ? { fetch: fetchFrom(address) } : {}),
    },
  })
}

/** A client with its own in-memory storage, for auth flows that need PKCE or a persisted session. */
export function pkceClient(): SupabaseClient {
  const memory = new Map<string, string>()
  return createClient(testEnv.apiUrl, testEnv.anonKey, {
    auth: {
      flowType: 'pkce',
      autoRefreshToken: false,
      detectSessionInUrl: false,
      persistSession: true,
      storage: {
        getItem: (key) => memory.get(key) ?? null,
        setItem: (key, value) => void memory.set(key, value),
        removeItem: (key) => void memory.delete(key),
      },
    },
    realtime: { transport: ws as unknown as typeof WebSocket },
  })
}

/** A short unique suffix for names, e-mail addresses and codes. */
export function unique(): string {
  return `${Date.now().toString(36)}${randomUUID().slice(0, 8)}`
}

/**
 * Runs SQL as the database owner through the stack's `/pg/query` endpoint (service role only,
 * like Supabase's pg-meta). For fixtures and catalogue checks; never used by the app.
 */
export async function sql<T = Record<string, unknown>>(query: string, params: unknown[] = []): Promise<T[]> {
  const response = await fetch(`${testEnv.sqlUrl}/pg/query`, {
    method: 'POST',
    headers: {
      apikey: testEnv.serviceRoleKey,
      authorization: `Bearer ${testEnv.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ query, params }),
  })
  const body = (await response.json()) as T[] | { message: string }
  if (!response.ok) throw new Error(`SQL failed: ${(body as { message: string }).message}`)
  return body as T[]
}

export interface PlainResponse {
  status: number
  headers: http.IncomingHttpHeaders
  body: string
  json<T = Record<string, unknown>>(): T
}

/**
 * A request from a chosen loopback address (127.0.0.2, 127.0.0.3 …), so a test can act as
 * several clients: the gateway keys its limits on the socket's address.
 */
export function requestFrom(
  localAddress: string,
  url: string,
  init: { method?: string; headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<PlainResponse> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: init.method ?? 'GET',
        // Node sends a DELETE's body neither chunked nor with a length unless told its length.
        headers:
          init.body === undefined
            ? init.headers
            : { ...init.headers, 'content-length': String(Buffer.byteLength(init.body)) },
        localAddress,
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () => {
          const body = Buffer.concat(chunks).toString('utf8')
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body, json: <T>() => JSON.parse(body) as T })
        })
        res.on('error', reject)
      },
    )
    request.on('error', reject)
    request.end(init.body)
  })
}

let addressCounter = 0
/** A loopback client address no other test uses (the whole 127/8 reaches the stack). */
export function uniqueAddress(): string {
  addressCounter += 1
  return `127.${1 + (process.pid % 250)}.${1 + (Math.floor(addressCounter / 250) % 250)}.${1 + (addressCounter % 250)}`
}

/**
 * A fetch for supabase-js that sends every request from one loopback address, so a test user is a
 * client of its own and per-address limits do not add up across the whole suite.
 */
function fetchFrom(localAddress: string): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init)
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined
    const answer = await requestFrom(localAddress, request.url, {
      method: request.method,
      headers: Object.fromEntries(request.headers.entries()),
      body,
    })
    const headers = new Headers()
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value)
    }
    const emptyBody = answer.status === 204 || answer.status === 304 || request.method === 'HEAD'
    return new Response(emptyBody ? null : answer.body, { status: answer.status, headers })
  }
}
