import { env } from '../config/env'
import { fetchOrNetworkFailure } from './network-failure'

/** A refusal of the database, in PostgREST's terms (what supabase-js would report). */
export interface PublicRpcError {
  message: string
  code: string | null
  hint: string | null
}

/** The API's address and the publishable key this build talks to. */
export function apiBase(): { url: string; key: string } {
  return { url: env.VITE_SUPABASE_URL.replace(/\/$/, ''), key: env.VITE_SUPABASE_PUBLISHABLE_KEY }
}

async function getPublic(
  path: string,
  query: Record<string, string | null | undefined>,
  signal?: AbortSignal,
): Promise<unknown> {
  const { url, key } = apiBase()
  const address = new URL(`${url}/rest/v1/${path}`)
  for (const [param, value] of Object.entries(query)) {
    if (value != null) address.searchParams.set(param, value)
  }
  address.searchParams.set('apikey', key)
  return answerOf(await fetchOrNetworkFailure(address, { credentials: 'omit', signal }), path)
}

async function answerOf(response: Response, path: string): Promise<unknown> {
  const body = (await response.json().catch(() => null)) as unknown
  if (!response.ok) {
    const refusal = (body ?? {}) as Partial<PublicRpcError>
    throw {
      message: refusal.message ?? `${path} answered ${response.status}`,
      code: refusal.code ?? String(response.status),
      hint: refusal.hint ?? null,
    } satisfies PublicRpcError
  }
  return body
}

/**
 * Calls a database function as an anonymous visitor even when someone is signed in on this browser:
 * a POST with the publishable key and no session, for functions whose argument is the credential
 * (a reminder link's token). Rejects like getPublicRpc.
 */
export async function postPublicRpc<Value>(name: string, params: Record<string, unknown>): Promise<Value> {
  const { url, key } = apiBase()
  const response = await fetchOrNetworkFailure(`${url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    credentials: 'omit',
    headers: { apikey: key, 'content-type': 'application/json' },
    body: JSON.stringify(params),
  })
  return answerOf(response, `rpc/${name}`) as Promise<Value>
}

/**
 * Calls a read-only (STABLE) database function as an anonymous visitor, without supabase-js: a GET
 * with the key in the query string and no custom header, which browsers send without a CORS
 * preflight. For the pages a relative opens from a link, before anything else has loaded.
 * Rejects with a PublicRpcError when the database refuses, with a TypeError when the network fails.
 */
export function getPublicRpc<Row>(
  name: string,
  params: Record<string, string | null | undefined>,
  { select, signal }: { select?: string; signal?: AbortSignal } = {},
): Promise<Row[]> {
  return getPublic(`rpc/${name}`, { ...params, select }, signal).then((body) =>
    Array.isArray(body) ? (body as Row[]) : [],
  )
}

/** The same, for a function that returns one value (a number, a JSON object) rather than rows. */
export function getPublicRpcValue<Value>(
  name: string,
  params: Record<string, string | null | undefined>,
  signal?: AbortSignal,
): Promise<Value> {
  return getPublic(`rpc/${name}`, params, signal) as Promise<Value>
}

/** Reads the rows of a table every visitor may read (its grants and policies say so), the same way. */
export function getPublicRows<Row>(table: string, select: string, signal?: AbortSignal): Promise<Row[]> {
  return getPublic(table, { select }, signal).then((body) => (Array.isArray(body) ? (body as Row[]) : []))
}
