import { tAccounts } from '@/domains/accounts/strings/accounts'

/** The auth server's error code (supabase-js AuthError), when it has one. */
function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** Hebrew for a failed sign-up or sign-in on the join screen, in the account screens' words. */
export function accountErrorMessage(error: unknown, mode: 'signUp' | 'logIn'): string {
  const code = codeOf(error)
  if (code === 'invalid_credentials') return tAccounts('login.errors.invalidCredentials')
  if (code === 'email_not_confirmed') return tAccounts('login.errors.emailNotConfirmed')
  if (code === 'user_already_exists' || code === 'email_exists') return tAccounts('register.errors.emailTaken')
  if (code === 'weak_password') return tAccounts('register.errors.weakPassword')
  if (code?.startsWith('over_')) return tAccounts('login.errors.tooManyAttempts')
  return mode === 'signUp' ? tAccounts('register.errors.generic') : tAccounts('login.errors.generic')
}
