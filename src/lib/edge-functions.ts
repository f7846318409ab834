import type { AnswerTo, BodyOf, FunctionName } from '@contracts/index.ts'
import { fetchOrNetworkFailure } from './network-failure'
import { apiBase } from './public-rpc'
import { functionRefusal, toRefusal } from './refusal'
import { withNetworkRetry } from './retry'
import { getSupabase } from './supabase'

/** Every key any body of the function knows. */
type KnownKeys<Body> = Body extends unknown ? keyof Body : never

/** The body as given, with each key no body of the function knows typed never, so tsc refuses it. */
type OnlyKnownKeys<Body, Accepted> = Body & Record<Exclude<keyof Body, KnownKeys<Accepted>>, never>

/** supabase-js's FunctionsHttpError (a non-2xx answer), told by name so supabase-js stays in its own chunk. */
function httpErrorResponse(error: unknown): Response | null {
  if (!(error instanceof Error) || error.name !== 'FunctionsHttpError') return null
  const context = (error as Error & { context?: unknown }).context
  return context instanceof Response ? context : null
}

/** How a call may be stopped: a query's TanStack `signal` aborts the request when nobody needs its answer. */
interface CallOptions {
  signal?: AbortSignal
}

/**
 * Calls edge function `name` with a JSON body as the signed-in user (or anonymously) and returns
 * its JSON answer; body and answer are typed by the function's contract (contracts/<name>.ts).
 * A refusal throws a Refusal; a network failure is retried (src/lib/retry.ts), an abort is not.
 */
export async function invokeEdgeFunction<Name extends FunctionName, const Body extends BodyOf<Name>>(
  name: Name,
  body: OnlyKnownKeys<Body, BodyOf<Name>>,
  { signal }: CallOptions = {},
): Promise<AnswerTo<Name, Body>> {
  const supabase = await getSupabase()
  return withNetworkRetry(async () => {
    const { data, error } = await supabase.functions.invoke<AnswerTo<Name, Body>>(name, { body, signal })
    const response = httpErrorResponse(error)
    if (error && response) throw functionRefusal(response.status, await response.json().catch(() => null))
    if (error) throw toRefusal(error)
    return data as AnswerTo<Name, Body>
  })
}

/**
 * Calls a function anyone may call and which ignores who calls (its JWT check is off) with a plain
 * POST and the anon key, without supabase-js: a visitor's first screen (a family code in the link)
 * need not wait for the client to load. Typing, refusals and retries as invokeEdgeFunction.
 */
export async function invokePublicFunction<Name extends FunctionName, const Body extends BodyOf<Name>>(
  name: Name,
  body: OnlyKnownKeys<Body, BodyOf<Name>>,
  { signal }: CallOptions = {},
): Promise<AnswerTo<Name, Body>> {
  const { url, key } = apiBase()
  return withNetworkRetry(async () => {
    const response = await fetchOrNetworkFailure(`${url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
      signal,
    }).catch((error: unknown) => {
      throw toRefusal(error)
    })
    const answer: unknown = await response.json().catch(() => null)
    if (!response.ok) throw functionRefusal(response.status, answer)
    return answer as AnswerTo<Name, Body>
  })
}
