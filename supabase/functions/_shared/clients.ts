/**
 * supabase-js for the functions: the service-role client (bypasses RLS; every write here is
 * checked by the function first) and the caller, resolved from the request's Authorization.
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { requireEnv } from './env.ts'
import { HttpError } from './http.ts'
import { messages } from './messages.ts'

export type ServiceClient = SupabaseClient

export function serviceClient(): ServiceClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_SERVICE_ROLE_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  })
}

/**
 * supabase-js as the caller (their access token, under RLS): for database functions that decide by
 * auth.uid() themselves, such as the owner's and invitee's transfer calls.
 */
export function callerClient(req: Request): SupabaseClient {
  return createClient(requireEnv('SUPABASE_URL'), requireEnv('SUPABASE_ANON_KEY'), {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    global: { headers: { Authorization: req.headers.get('Authorization') ?? '' } },
  })
}

export interface Caller {
  id: string
  /** Lower-cased and confirmed: ownership of books is by this address. */
  email: string
  fullName: string | null
}

function bearerToken(req: Request): string | null {
  const match = /^Bearer\s+(.+)$/i.exec(req.headers.get('Authorization') ?? '')
  return match ? match[1]!.trim() : null
}

/**
 * The signed-in user who called, with a confirmed e-mail. 401 without a user session (the anon
 * key alone is not a user), 403 while the e-mail is unconfirmed.
 */
export async function requireCaller(req: Request, service: ServiceClient): Promise<Caller> {
  const token = bearerToken(req)
  if (!token || token === Deno.env.get('SUPABASE_ANON_KEY')) {
    throw new HttpError(401, messages.loginRequired, 'login_required')
  }
  const { data, error } = await service.auth.getUser(token)
  const user = data.user
  if (error || !user?.email) throw new HttpError(401, messages.loginRequired, 'login_required')
  if (!user.email_confirmed_at) throw new HttpError(403, messages.emailNotConfirmed, 'email_not_confirmed')
  const fullName = typeof user.user_metadata?.full_name === 'string' ? user.user_metadata.full_name.trim() : ''
  return { id: user.id, email: user.email.toLowerCase(), fullName: fullName || null }
}
