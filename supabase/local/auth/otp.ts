/** E-mail OTPs and their stored hashes: hex(sha224(email + otp)), as GoTrue computes them. */
import { createHash, randomBytes, randomInt } from 'node:crypto'

export const PKCE_PREFIX = 'pkce_'

export function generateOtp(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0')
}

export function tokenHash(email: string, otp: string): string {
  return createHash('sha224')
    .update(email + otp)
    .digest('hex')
}

export function withoutFlowPrefix(token: string): string {
  return token.startsWith(PKCE_PREFIX) ? token.slice(PKCE_PREFIX.length) : token
}

export function randomToken(bytes = 18): string {
  return randomBytes(bytes).toString('base64url')
}
