/**
 * Signed URL tokens: HS256 JWTs signed with the stack's own secret, `{url: "<bucket>/<key>", iat, exp}`
 * for downloads and `{url, owner, upsert}` for signed uploads, as Supabase storage issues them.
 */
import { JwtError, signInternalToken, verifyInternalToken, type JwtClaims } from '../jwt.ts'
import { StorageErrors } from './errors.ts'

/** Supabase's signed upload URLs are valid for two hours. */
const SIGNED_UPLOAD_SECONDS = 2 * 60 * 60

export function signDownloadToken(objectKey: string, expiresInSeconds: number): Promise<string> {
  return signInternalToken({ url: objectKey }, expiresInSeconds)
}

export function signUploadToken(objectKey: string, owner: string | null, upsert: boolean): Promise<string> {
  return signInternalToken({ url: objectKey, owner: owner ?? undefined, upsert }, SIGNED_UPLOAD_SECONDS)
}

/** Verifies a token for this object key; InvalidJWT when bad/expired, InvalidSignature when for another object. */
export async function verifyObjectToken(token: string | null, objectKey: string): Promise<JwtClaims> {
  if (!token) throw StorageErrors.invalidJwt('jwt must be provided')
  let claims: JwtClaims
  try {
    claims = await verifyInternalToken(token)
  } catch (error) {
    if (error instanceof JwtError && error.reason === 'expired') throw StorageErrors.invalidJwt('jwt expired')
    throw StorageErrors.invalidJwt(token.split('.').length === 3 ? 'invalid signature' : 'jwt malformed')
  }
  if (claims.url !== objectKey) throw StorageErrors.invalidSignature()
  return claims
}
