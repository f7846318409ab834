/**
 * Used only by the local stack's integration tests (supabase/local/functions/*.test.ts): echoes
 * the request and the caller, and can fail on purpose. `?status=418` answers that status with a
 * JSON error body; `?throw=1` throws out of the handler (the runtime must answer 500 and keep
 * serving). It lives outside supabase/functions so that `supabase functions deploy` never ships it;
 * the local stack serves it beside the project's functions.
 */
import { serviceClient, verifiedUserClaims } from '../../../../functions/_shared/clients/clients.ts'
import { preflightResponse } from '../../../../functions/_shared/http/cors.ts'
import { clientAddress, errorResponse, jsonResponse } from '../../../../functions/_shared/http/http.ts'

async function callerId(req: Request): Promise<string | null> {
  return (await verifiedUserClaims(req, serviceClient()))?.sub ?? null
}

async function readBody(req: Request): Promise<unknown> {
  const text = await req.text()
  if (!text) return null
  return req.headers.get('Content-Type')?.includes('application/json') ? JSON.parse(text) : text
}

Deno.serve(async (req) => {
  const preflight = preflightResponse(req)
  if (preflight) return preflight
  const url = new URL(req.url)
  if (url.searchParams.get('throw') === '1') throw new Error('stack-selftest threw on purpose')
  const status = Number(url.searchParams.get('status') ?? '200')
  if (status >= 400) return errorResponse('שגיאה מבוקשת לבדיקה', status, 'requested_error')
  return jsonResponse({
    method: req.method,
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    body: await readBody(req),
    userId: await callerId(req),
    pid: Deno.pid,
    clientHeaders: {
      'x-forwarded-for': req.headers.get('x-forwarded-for'),
      'x-real-ip': req.headers.get('x-real-ip'),
      'cf-connecting-ip': req.headers.get('cf-connecting-ip'),
    },
    client: clientAddress(req),
    env: {
      supabaseUrl: Deno.env.get('SUPABASE_URL') ?? null,
      hasSecretKey: Boolean(Deno.env.get('SUPABASE_SECRET_KEYS')),
      siteUrl: Deno.env.get('SITE_URL') ?? null,
      stripeApiPort: Deno.env.get('STRIPE_API_PORT') ?? null,
      stripeKeyIsTest: (Deno.env.get('STRIPE_SECRET_KEY') ?? '').startsWith('sk_test_'),
    },
  })
})
