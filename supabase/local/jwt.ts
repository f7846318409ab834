/** HS256 JWTs signed with the project secret (jose), and who the caller of a request is. */
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose'
import { JWT_SECRET } from './config.ts'
import type { RequestRole } from './db.ts'

const secretKey = new TextEncoder().encode(JWT_SECRET)

export type JwtClaims = JWTPayload & Record<string, unknown>

export async function signJwt(claims: JwtClaims, expiresInSeconds?: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const jwt = new SignJWT({ iat: now, ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  if (expiresInSeconds !== undefined) jwt.setExpirationTime(now + expiresInSeconds)
  return jwt.sign(secretKey)
}

export class JwtError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid',
    message: string,
  ) {
    super(message)
  }
}

export async function verifyJwt(token: string): Promise<JwtClaims> {
  try {
    const { payload } = await jwtVerify(token, secretKey, { algorithms: ['HS256'] })
    return payload as JwtClaims
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired')
    throw new JwtError('invalid', 'invalid JWT: unable to parse or verify signature')
  }
}

export interface Caller {
  role: RequestRole
  claims: JwtClaims
  /** The bearer token that proved it (a user's access token or an API key). */
  token: string
  /** The signed-in user's id, when the token belongs to a user. */
  userId?: string
}

const KNOWN_ROLES: readonly RequestRole[] = ['anon', 'authenticated', 'service_role']

export function bearerToken(req: Request): string | undefined {
  const header = req.headers.get('authorization')
  const match = header?.match(/^Bearer\s+(.+)$/i)
  return match?.[1]?.trim() || undefined
}

/**
 * The caller of a request, from `Authorization: Bearer` (else the `apikey` header), verified.
 * With neither, the caller is anonymous. Throws JwtError for a bad or expired token.
 */
export async function resolveCaller(req: Request): Promise<Caller> {
  const token = bearerToken(req) ?? req.headers.get('apikey') ?? undefined
  if (!token) return { role: 'anon', claims: { role: 'anon' }, token: '' }
  const claims = await verifyJwt(token)
  const role = KNOWN_ROLES.find((known) => known === claims.role)
  if (!role) throw new JwtError('invalid', `role "${String(claims.role)}" does not exist`)
  const userId = role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : undefined
  return { role, claims, token, userId }
}
