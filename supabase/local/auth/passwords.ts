/** bcrypt hashes in auth.users.encrypted_password, as GoTrue stores them (cost 10). */
import bcrypt from 'bcryptjs'
import { weakPasswordError } from './errors.ts'

const BCRYPT_COST = 10

export function hashPassword(password: string): Promise<string> {
  return bcrypt.hash(password, BCRYPT_COST)
}

/** Also accepts pgcrypto's `crypt(…, gen_salt('bf'))` hashes ($2a$), which seeds use. */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  if (!hash) return false
  try {
    return await bcrypt.compare(password, hash)
  } catch {
    return false
  }
}

export function isWeakPassword(password: string, minLength: number): boolean {
  return [...password].length < minLength
}

export function assertStrongPassword(password: string, minLength: number): void {
  if (isWeakPassword(password, minLength)) throw weakPasswordError(minLength)
}
