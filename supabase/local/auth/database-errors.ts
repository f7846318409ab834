/** PostgreSQL errors raised while GoTrue writes auth.users (often an app trigger failing). */
import { AuthApiError } from './errors.ts'

/** A concurrent request registered the same e-mail (not an app trigger's own unique violation). */
function isDuplicateEmail(error: unknown): boolean {
  const pgError = error as { code?: unknown; constraint?: unknown } | null
  return pgError?.code === '23505' && pgError.constraint === 'users_email_partial_key'
}

/** Runs a user insert; a database failure becomes GoTrue's 500 with the given message. */
export async function savingUser<T>(
  message: string,
  onDuplicate: () => AuthApiError,
  work: () => Promise<T>,
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof AuthApiError) throw error
    if (isDuplicateEmail(error)) throw onDuplicate()
    console.error(`[auth] ${message}:`, (error as Error).message)
    throw new AuthApiError(500, 'unexpected_failure', message)
  }
}
