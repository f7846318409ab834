/**
 * The project's keys and who the caller of a request is, as a hosted project mid-migration has them:
 * user access tokens signed with an asymmetric key (ES256, with `kid`, published as JWKS), the
 * publishable and secret API keys in the `apikey` header, and, while allowed, the legacy anon /
 * service_role JWT keys and HS256 tokens of the shared secret.
 */
import { importJWK, SignJWT, errors, jwtVerify, type JWK, type JWTPayload } from 'jose'
import { JWT_SECRET, PUBLISHABLE_KEY, SECRET_KEY } from './config.ts'
import type { RequestRole } from './db.ts'
import { stackSecrets, type StackSecrets } from './stack-secrets.ts'

export type JwtClaims = JWTPayload & Record<string, unknown>

/** What a stack accepts besides its own asymmetric key and new API keys. */
export interface KeyPolicy {
  legacyApiKeys: boolean
}

interface SigningKey {
  kid: string
  privateKey: CryptoKey | Uint8Array
  publicKey: CryptoKey | Uint8Array
}

/** `GET /auth/v1/.well-known/jwks.json` and the functions' SUPABASE_JWKS: the signing key's public half. */
export function publicJwks(): { keys: JWK[] } {
  const { kty, crv, x, y, kid, alg } = stackSecrets().signingKey
  return { keys: [{ kty, crv, x, y, kid, alg, use: 'sig', key_ops: ['verify'] }] }
}

const signingKeys = new WeakMap<StackSecrets, Promise<SigningKey>>()

/** The stack's ES256 key (made with its data folder, see stack-secrets.ts), imported once per folder. */
function loadSigningKey(): Promise<SigningKey> {
  const secrets = stackSecrets()
  let key = signingKeys.get(secrets)
  if (!key) {
    key = (async () => ({
      kid: secrets.signingKey.kid,
      privateKey: await importJWK({ ...secrets.signingKey, key_ops: ['sign'] }, 'ES256'),
      publicKey: await importJWK(publicJwks().keys[0]!, 'ES256'),
    }))()
    signingKeys.set(secrets, key)
  }
  return key
}

/** A user access token (or any token the stack issues), signed with the project's ES256 key. */
export async function signJwt(claims: JwtClaims, expiresInSeconds?: number): Promise<string> {
  const key = await loadSigningKey()
  const now = Math.floor(Date.now() / 1000)
  const jwt = new SignJWT({ iat: now, ...claims }).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: key.kid })
  if (expiresInSeconds !== undefined) jwt.setExpirationTime(now + expiresInSeconds)
  return jwt.sign(key.privateKey)
}

const legacySecret = new TextEncoder().encode(JWT_SECRET)

/** An HS256 token of the legacy shared secret (the legacy keys, old sessions; tests). */
export async function signLegacyJwt(claims: JwtClaims, expiresInSeconds?: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  const jwt = new SignJWT({ iat: now, ...claims }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
  if (expiresInSeconds !== undefined) jwt.setExpirationTime(now + expiresInSeconds)
  return jwt.sign(legacySecret)
}

export class JwtError extends Error {
  constructor(
    readonly reason: 'expired' | 'invalid' | 'api_key',
    message: string,
  ) {
    super(message)
  }
}

function headerAlgorithm(token: string): string | undefined {
  try {
    const header = JSON.parse(Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8')) as { alg?: unknown }
    return typeof header.alg === 'string' ? header.alg : undefined
  } catch {
    return undefined
  }
}

/**
 * A JWT signed by the project's ES256 key, or (legacy keys on) by the HS256 secret. Any other key,
 * an expired token or an HS256 token with legacy keys off throws JwtError.
 */
export async function verifyJwt(token: string, policy: KeyPolicy): Promise<JwtClaims> {
  const legacy = headerAlgorithm(token) === 'HS256'
  if (legacy && !policy.legacyApiKeys) throw new JwtError('invalid', 'invalid JWT: legacy JWT keys are disabled')
  return legacy ? verifyWith(token, legacySecret, 'HS256') : verifyWith(token, await publicKey(), 'ES256')
}

async function publicKey(): Promise<CryptoKey | Uint8Array> {
  return (await loadSigningKey()).publicKey
}

async function verifyWith(token: string, key: CryptoKey | Uint8Array, algorithm: string): Promise<JwtClaims> {
  try {
    return (await jwtVerify(token, key, { algorithms: [algorithm] })).payload as JwtClaims
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtError('expired', 'JWT expired')
    throw new JwtError('invalid', 'invalid JWT: unable to parse or verify signature')
  }
}

const internalSecret = () => new TextEncoder().encode(stackSecrets().internalTokenSecret)

/**
 * The stack's own short-lived tokens (signed storage URLs): HS256 of the secret this stack made for
 * itself, never the well-known legacy secret, so nobody who read the repository can forge one.
 */
export async function signInternalToken(claims: JwtClaims, expiresInSeconds: number): Promise<string> {
  const now = Math.floor(Date.now() / 1000)
  return new SignJWT({ iat: now, ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setExpirationTime(now + expiresInSeconds)
    .sign(internalSecret())
}

export async function verifyInternalToken(token: string): Promise<JwtClaims> {
  return verifyWith(token, internalSecret(), 'HS256')
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

/** An opaque API key of the new kind (`sb_publishable_…`, `sb_secret_…`): never a JWT. */
export function isNewApiKey(value: string): boolean {
  return value.startsWith('sb_')
}

/** The role the `apikey` header gives; undefined without one. Throws for an unknown key. */
async function apiKeyRole(apikey: string | undefined, policy: KeyPolicy): Promise<RequestRole | undefined> {
  if (!apikey) return undefined
  if (apikey === PUBLISHABLE_KEY) return 'anon'
  if (apikey === SECRET_KEY) return 'service_role'
  if (isNewApiKey(apikey)) throw new JwtError('api_key', 'Invalid API key')
  if (!policy.legacyApiKeys) throw new JwtError('api_key', 'Legacy API keys are disabled')
  const role = (await verifyJwt(apikey, policy)).role
  if (role === 'anon' || role === 'service_role') return role
  throw new JwtError('api_key', 'Invalid API key')
}

function callerOfClaims(claims: JwtClaims, token: string): Caller {
  const role = KNOWN_ROLES.find((known) => known === claims.role)
  if (!role) throw new JwtError('invalid', `role "${String(claims.role)}" does not exist`)
  const userId = role === 'authenticated' && typeof claims.sub === 'string' ? claims.sub : undefined
  return { role, claims, token, userId }
}

/**
 * The caller of a request. `apikey` names the client (publishable: anon, secret: service_role, a
 * legacy JWT key while allowed); `Authorization: Bearer` is a JWT of this project, or one of its
 * new API keys beside an `apikey` header (supabase-js repeats its key there when nobody is signed
 * in), which then counts as that key. A new key in Authorization without an `apikey` header is
 * refused, as hosted refuses a request without an API key; an unknown key anywhere too. With
 * neither header the caller is anonymous. Throws JwtError.
 */
export async function resolveCaller(req: Request, policy: KeyPolicy): Promise<Caller> {
  const apikey = req.headers.get('apikey')?.trim() || undefined
  const keyRole = await apiKeyRole(apikey, policy)
  const bearer = bearerToken(req)
  if (bearer && isNewApiKey(bearer)) {
    if (!apikey)
      throw new JwtError('api_key', 'No API key found in request: an API key goes in apikey, not Authorization')
    const role = (await apiKeyRole(bearer, policy))!
    return { role, claims: { role }, token: bearer }
  }
  if (bearer) return callerOfClaims(await verifyJwt(bearer, policy), bearer)
  const role = keyRole ?? 'anon'
  return { role, claims: { role }, token: apikey ?? '' }
}
