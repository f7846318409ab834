/**
 * What the functions gateway answers by itself: JWT refusals, unknown functions,
 * failures of the runtime, and the CORS preflight fallback. All carry CORS headers so a browser
 * sees a FunctionsHttpError, never a FunctionsFetchError. `x-relay-error` is never set.
 */

/** supabase-js's `corsHeaders` (`@supabase/supabase-js/cors`). */
const SUPABASE_CORS_HEADERS: Record<string, string> = {
  'access-control-allow-origin': '*',
  'access-control-allow-headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
  'access-control-allow-methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
}

function jsonWithCors(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...SUPABASE_CORS_HEADERS, 'content-type': 'application/json', ...headers },
  })
}

export const missingAuthorization = () =>
  jsonWithCors({ code: 401, message: 'Missing authorization header' }, 401, {
    'sb-error-code': 'UNAUTHORIZED_NO_AUTH_HEADER',
  })

export const invalidJwt = () =>
  jsonWithCors({ code: 401, message: 'Invalid JWT' }, 401, { 'sb-error-code': 'UNAUTHORIZED_INVALID_JWT_FORMAT' })

export const functionNotFound = () =>
  jsonWithCors({ code: 'NOT_FOUND', message: 'Requested function was not found' }, 404, {
    'sb-error-code': 'NOT_FOUND',
  })

export const runtimeFailure = (message: string) => jsonWithCors({ error: message }, 500)

/**
 * Answers a preflight the function did not answer with CORS headers itself. More lenient than
 * production, where such a preflight fails in the browser: the stack logs a warning each time.
 */
export function preflightFallback(): Response {
  return new Response('ok', { status: 200, headers: SUPABASE_CORS_HEADERS })
}
