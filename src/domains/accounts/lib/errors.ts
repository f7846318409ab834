import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { isNetworkError } from '@/lib/retry'

/*
 * Every auth failure the account screens can meet, turned into its Hebrew text.
 * supabase-js reports the server's error code (GoTrue's `code`); older or proxied servers may drop
 * it, so the well-known English messages are recognised too.
 */

/** Outcomes the account api functions detect themselves (not errors of the auth server). */
export type AccountFailure = 'email_taken'

export class AccountError extends Error {
  readonly code: AccountFailure

  constructor(code: AccountFailure) {
    super(code)
    this.name = 'AccountError'
    this.code = code
  }
}

const codesByMessage: [RegExp, string][] = [
  [/invalid login credentials/i, 'invalid_credentials'],
  [/email not confirmed/i, 'email_not_confirmed'],
  [/user already registered|already been registered/i, 'user_already_exists'],
  [/password should be/i, 'weak_password'],
  [/should be different from the old password/i, 'same_password'],
  [/rate limit|only request this after/i, 'over_request_rate_limit'],
  [/auth session missing/i, 'session_not_found'],
]

/** The auth error's code, e.g. `invalid_credentials`; undefined for errors that carry none. */
export function authErrorCode(error: unknown): string | undefined {
  if (typeof error !== 'object' || error === null) return undefined
  const { code, status, name, message } = error as Record<string, unknown>
  if (typeof code === 'string' && code) return code
  if (name === 'AuthWeakPasswordError') return 'weak_password'
  if (name === 'AuthSessionMissingError') return 'session_not_found'
  if (status === 429) return 'over_request_rate_limit'
  if (typeof message === 'string') return codesByMessage.find(([pattern]) => pattern.test(message))?.[1]
  return undefined
}

const rateLimitCodes = new Set(['over_request_rate_limit', 'over_email_send_rate_limit', 'over_sms_send_rate_limit'])
const invalidEmailCodes = new Set(['email_address_invalid', 'email_address_not_authorized'])
const missingSessionCodes = new Set([
  'session_not_found',
  'session_expired',
  'no_authorization',
  'bad_jwt',
  'user_not_found',
])

function isInvalidEmail(error: unknown, code: string | undefined): boolean {
  if (code && invalidEmailCodes.has(code)) return true
  const message = (error as { message?: unknown } | null)?.message
  return code === 'validation_failed' && typeof message === 'string' && /email/i.test(message)
}

export function registerErrorMessage(error: unknown): string {
  if (error instanceof AccountError) return t('register.errors.emailTaken')
  const code = authErrorCode(error)
  if (code === 'user_already_exists' || code === 'email_exists') return t('register.errors.emailTaken')
  if (code === 'weak_password') return t('register.errors.weakPassword')
  if (code === 'invalid_credentials') return t('register.errors.invalidCredentials')
  if (code === 'signup_disabled') return t('register.errors.signupDisabled')
  if (code && rateLimitCodes.has(code)) return t('common.rateLimited')
  if (isInvalidEmail(error, code)) return t('common.invalidEmail')
  if (isNetworkError(error)) return t('common.networkError')
  return t('register.errors.generic')
}

export function loginErrorMessage(error: unknown): string {
  const code = authErrorCode(error)
  if (code === 'invalid_credentials') return t('login.errors.invalidCredentials')
  if (code === 'email_not_confirmed') return t('login.errors.emailNotConfirmed')
  if (code && rateLimitCodes.has(code)) return t('login.errors.tooManyAttempts')
  if (isNetworkError(error)) return t('common.networkError')
  return t('login.errors.generic')
}

export function signupCodeErrorMessage(error: unknown): string {
  const code = authErrorCode(error)
  if (code && rateLimitCodes.has(code)) return t('common.rateLimited')
  if (isNetworkError(error)) return t('common.networkError')
  return t('emailConfirmation.code.invalid')
}

export function isEmailNotConfirmed(error: unknown): boolean {
  return authErrorCode(error) === 'email_not_confirmed'
}

export function passwordResetRequestErrorMessage(error: unknown): string {
  const code = authErrorCode(error)
  if (code && rateLimitCodes.has(code)) return t('common.rateLimited')
  if (isInvalidEmail(error, code)) return t('common.invalidEmail')
  if (isNetworkError(error)) return t('common.networkError')
  return t('resetPassword.failed')
}

export function passwordUpdateErrorMessage(error: unknown): string {
  const code = authErrorCode(error)
  if (code === 'weak_password') return t('updatePassword.errors.weakPassword')
  if (code === 'same_password') return t('updatePassword.errors.samePassword')
  if (code && missingSessionCodes.has(code)) return t('updatePassword.errors.authFailed')
  if (isNetworkError(error)) return t('common.networkError')
  return t('updatePassword.errors.generic')
}

/** True when the update failed because the recovery session is gone (the link must be asked again). */
export function isMissingSession(error: unknown): boolean {
  const code = authErrorCode(error)
  return code !== undefined && missingSessionCodes.has(code)
}
