/** Who is calling: the signed-in user behind a bearer token, or the service role for admin routes. */
import type { Queryable } from '../db.ts'
import { bearerToken, isNewApiKey, JwtError, resolveCaller, verifyJwt, type JwtClaims, type KeyPolicy } from '../jwt.ts'
import { forbidden, unauthorized } from './errors.ts'
import { findSession } from './sessions.ts'
import { findUserById, type UserRow } from './users.ts'

export interface AuthenticatedUser {
  user: UserRow
  claims: JwtClaims
  sessionId?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

function badJwt(error: unknown): never {
  if (!(error instanceof JwtError)) throw error
  const detail = error.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid'
  throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`)
}

/** A user's access token: a JWT of this project (never an API key) in `Authorization: Bearer`. */
async function verifiedClaims(req: Request, keys: KeyPolicy): Promise<JwtClaims> {
  const token = bearerToken(req)
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token')
  if (isNewApiKey(token)) throw forbidden('bad_jwt', 'invalid JWT: an API key is not a user session')
  return verifyJwt(token, keys).catch(badJwt)
}

/** An `apikey` header, when sent, must be one of this project's keys (hosted answers 401 otherwise). */
export async function requireKnownApiKey(req: Request, keys: KeyPolicy): Promise<void> {
  if (!req.headers.get('apikey')) return
  const probe = new Request(req.url, { headers: { apikey: req.headers.get('apikey')! } })
  await resolveCaller(probe, keys).catch((error: unknown) => {
    if (error instanceof JwtError) throw unauthorized('invalid_api_key', error.message)
    throw error
  })
}

export async function requireUser(q: Queryable, req: Request, keys: KeyPolicy): Promise<AuthenticatedUser> {
  const claims = await verifiedClaims(req, keys)
  if (typeof claims.sub !== 'string' || !claims.sub) throw forbidden('bad_jwt', 'invalid claim: missing sub claim')
  const sessionId = claims.session_id
  if (sessionId !== undefined && (typeof sessionId !== 'string' || !UUID.test(sessionId))) {
    throw forbidden('bad_jwt', 'invalid claim: session_id claim must be a UUID')
  }
  const user = await findUserById(q, claims.sub)
  if (!user) throw forbidden('user_not_found', 'User from sub claim in JWT does not exist')
  if (sessionId && !(await findSession(q, sessionId))) {
    throw forbidden('session_not_found', 'Session from session_id claim in JWT does not exist')
  }
  return { user, claims, sessionId }
}

/** The secret key (or the legacy service_role key, while allowed), as supabase-js's admin API sends it. */
export async function requireServiceRole(req: Request, keys: KeyPolicy): Promise<void> {
  if (!bearerToken(req) && !req.headers.get('apikey'))
    throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token')
  const caller = await resolveCaller(req, keys).catch(badJwt)
  if (caller.role !== 'service_role') throw forbidden('not_admin', 'User not allowed')
}
