/** Who is calling: the signed-in user behind a bearer token, or the service role for admin routes. */
import type { Queryable } from '../db.ts'
import { bearerToken, JwtError, verifyJwt, type JwtClaims } from '../jwt.ts'
import { forbidden, unauthorized } from './errors.ts'
import { findSession } from './sessions.ts'
import { findUserById, type UserRow } from './users.ts'

export interface AuthenticatedUser {
  user: UserRow
  claims: JwtClaims
  sessionId?: string
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

async function verifiedClaims(req: Request): Promise<JwtClaims> {
  const token = bearerToken(req)
  if (!token) throw unauthorized('no_authorization', 'This endpoint requires a valid Bearer token')
  try {
    return await verifyJwt(token)
  } catch (error) {
    if (!(error instanceof JwtError)) throw error
    const detail = error.reason === 'expired' ? 'token has invalid claims: token is expired' : 'signature is invalid'
    throw forbidden('bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`)
  }
}

export async function requireUser(q: Queryable, req: Request): Promise<AuthenticatedUser> {
  const claims = await verifiedClaims(req)
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

export async function requireServiceRole(req: Request): Promise<void> {
  const claims = await verifiedClaims(req)
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') {
    throw forbidden('not_admin', 'User not allowed')
  }
}
