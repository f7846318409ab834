import { apiBase } from './public-rpc'
import { withNetworkRetry } from './retry'
import { getSupabase } from './supabase'

/**
 * A refusal from an edge function: its Hebrew `error` text (fit to show as is), its stable `code`
 * (e.g. coupon_expired) and the HTTP status. Functions answer every refusal as
 * `{ error, code }` (supabase/functions/_shared/http.ts).
 */
export class EdgeFunctionError extends Error {
  readonly status: number
  readonly code: string | undefined

  constructor(message: string, status: number, code?: string) {
    super(message)
    this.name = 'EdgeFunctionError'
    this.status = status
    this.code = code
  }
}

/** supabase-js's FunctionsHttpError (a non-2xx answer), told by name so supabase-js stays in its own chunk. */
function httpErrorResponse(error: unknown): Response | null {
  if (!(error instanceof Error) || error.name !== 'FunctionsHttpError') return null
  const context = (error as Error & { context?: unknown }).context
  return context instanceof Response ? context : null
}

async function refusalOf(error: Error, response: Response): Promise<EdgeFunctionError> {
  const body = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null
  const message = typeof body?.error === 'string' ? body.error : error.message
  return new EdgeFunctionError(message, response.status, typeof body?.code === 'string' ? body.code : undefined)
}

/**
 * Calls edge function `name` with a JSON body as the signed-in user (or anonymously) and returns
 * its JSON answer. A refusal throws EdgeFunctionError; a network failure is retried (src/lib/retry.ts).
 */
export async function invokeEdgeFunction<Answer>(name: string, body: Record<string, unknown>): Promise<Answer> {
  const supabase = await getSupabase()
  return withNetworkRetry(async () => {
    const { data, error } = await supabase.functions.invoke<Answer>(name, { body })
    const response = httpErrorResponse(error)
    if (error && response) throw await refusalOf(error, response)
    if (error) throw error
    return data as Answer
  })
}

/**
 * Calls a function anyone may call and which ignores who calls (its JWT check is off) with a plain
 * POST and the anon key, without supabase-js: a visitor's first screen (a family code in the link)
 * need not wait for the client to load. Refusals and retries as invokeEdgeFunction.
 */
export async function invokePublicFunction<Answer>(name: string, body: Record<string, unknown>): Promise<Answer> {
  const { url, key } = apiBase()
  return withNetworkRetry(async () => {
    const response = await fetch(`${url}/functions/v1/${name}`, {
      method: 'POST',
      headers: { apikey: key, authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'omit',
    })
    const answer = (await response.json().catch(() => null)) as { error?: unknown; code?: unknown } | null
    if (!response.ok) {
      const message = typeof answer?.error === 'string' ? answer.error : `${name} answered ${response.status}`
      throw new EdgeFunctionError(message, response.status, typeof answer?.code === 'string' ? answer.code : undefined)
    }
    return answer as Answer
  })
}

/** The refusal's code when `error` is one, e.g. to branch on `session_already_used`. */
export function edgeFunctionCode(error: unknown): string | undefined {
  return error instanceof EdgeFunctionError ? error.code : undefined
}
