/**
 * CORS for edge functions. The platform adds no CORS headers: every function answers the browser's
 * preflight itself and puts these headers on every response, errors included (otherwise
 * supabase-js in a browser reports a FunctionsFetchError instead of the real error).
 */

/** The same headers as `corsHeaders` from `@supabase/supabase-js/cors`. */
export const corsHeaders: Record<string, string> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-retry-count',
  'Access-Control-Allow-Methods': 'GET, POST, PUT, PATCH, DELETE, OPTIONS',
}

/** The answer to an OPTIONS preflight, or null for any other request. */
export function preflightResponse(req: Request): Response | null {
  return req.method === 'OPTIONS' ? new Response('ok', { headers: corsHeaders }) : null
}
