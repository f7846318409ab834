/**
 * supabase-js for the functions: the secret-key client (bypasses RLS; every write here is checked
 * by the function first) and the caller, whose access token each function verifies itself against
 * the project's JWKS (verify_jwt is off for every function in supabase/config.toml).
 */
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import { projectJwks, publishableKey, secretKey } from './api-keys.ts'
import { requireEnv } from './env.ts'
import { HttpError } from '../http/http.ts'
import type { Database } from '../../../../contracts/database.ts'
import { messages } from '../../../../contracts/messages.ts'

/** supabase-js typed with the generated schema: a renamed column fails `deno check`. */
export type ServiceClient = SupabaseClient<Database>

const SERVER_AUTH = { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }

export function serviceClient(): ServiceClient {
  return createClient<Database>(requireEnv('SUPABASE_URL'), secretKey(), { auth: SERVER_AUTH })
}

/** supabase-js as an anonymous visitor (the publishable key, no user): what anyone may read. */
export function publicClient(): ServiceClient {
  return createClient<Database>(requireEnv('SUPABASE_URL'), publishableKey(), { auth: SERVER_AUTH })
}

/**
 * supabase-js as the caller (their access token, under RLS): for database functions that decide by
 * auth.uid() themselves, such as the owner's and invitee's transfer calls.
 */
export function callerClient(req: Request): ServiceClient {
  const token = bearerJwt(req)
  return createClient<Database>(requireEnv('SUPABASE_URL'), publishableKey(), {
    auth: SERVER_AUTH,
    global: { headers: token ? { Authorization: `Bearer ${token}` } : {} },
  })
}

/**
 * The bearer token when it has the shape of a JWT. An API key is never a user: supabase-js repeats
 * the publishable key as the bearer when nobody is signed in, and hosted refuses a key there.
 */
function bearerJwt(req: Request): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(req.headers.get('Authorization') ?? '')?.[1]
  return token && token.split('.').length === 3 ? token : null
}

export interface VerifiedClaims {
  sub: string
  email: string | null
}

/** The issuer of this project's access tokens, as its auth server writes it: `<project URL>/auth/v1`. */
function projectIssuer(): string {
  return `${requireEnv('SUPABASE_URL').replace(/\/+$/, '')}/auth/v1`
}

/**
 * The claims of a user's access token, verified with supabase-js's getClaims: signature against
 * the project's JWKS (SUPABASE_JWKS, else fetched from /auth/v1/.well-known/jwks.json), expiry, then
 * the issuer (this project's auth server) and role `authenticated`. null for no token, an API key,
 * another key's signature, an algorithm the JWKS check does not take (getClaims throws a plain Error
 * for one), another issuer or an expired token: the caller answers 401, never 500.
 */
export async function verifiedUserClaims(req: Request, service: ServiceClient): Promise<VerifiedClaims | null> {
  const token = bearerJwt(req)
  if (!token) return null
  const jwks = projectJwks()
  const claims = await service.auth.getClaims(token, jwks ? { jwks } : undefined).then(
    ({ data, error }) => (error ? undefined : data?.claims),
    () => undefined,
  )
  if (!claims || claims.iss !== projectIssuer()) return null
  if (claims.role !== 'authenticated' || typeof claims.sub !== 'string') return null
  return { sub: claims.sub, email: typeof claims.email === 'string' ? claims.email : null }
}

export interface Caller {
  id: string
  /** Lower-cased and confirmed: ownership of books is by this address. */
  email: string
  fullName: string | null
}

/**
 * The signed-in user who called, with a confirmed e-mail. 401 without a verified user token (an
 * API key alone is not a user), 403 while the e-mail is unconfirmed.
 */
export async function requireCaller(req: Request, service: ServiceClient): Promise<Caller> {
  const claims = await verifiedUserClaims(req, service)
  if (!claims) throw new HttpError(401, messages.loginRequired, 'login_required')
  const { data, error } = await service.auth.admin.getUserById(claims.sub)
  const user = data.user
  if (error || !user?.email) throw new HttpError(401, messages.loginRequired, 'login_required')
  if (!user.email_confirmed_at) throw new HttpError(403, messages.emailNotConfirmed, 'email_not_confirmed')
  const fullName = typeof user.user_metadata?.full_name === 'string' ? user.user_metadata.full_name.trim() : ''
  return { id: user.id, email: user.email.toLowerCase(), fullName: fullName || null }
}
