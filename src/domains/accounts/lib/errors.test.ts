import { describe, expect, it } from 'vitest'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'
import {
  AccountError,
  authErrorCode,
  loginErrorMessage,
  passwordResetRequestErrorMessage,
  passwordUpdateErrorMessage,
  registerErrorMessage,
} from './errors'

/** The shapes supabase-js hands back (AuthApiError and friends carry code, status and message). */
const authError = (code: string | undefined, message = 'x', status = 400) => ({
  name: 'AuthApiError',
  code,
  message,
  status,
})
const networkFailure = { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 }

describe('authErrorCode', () => {
  it.each([
    ['the server code', authError('invalid_credentials'), 'invalid_credentials'],
    [
      'a weak-password error without code',
      { name: 'AuthWeakPasswordError', message: 'Password should be at least 8 characters.' },
      'weak_password',
    ],
    ['a missing session', { name: 'AuthSessionMissingError', message: 'Auth session missing!' }, 'session_not_found'],
    ['a 429 without code', { message: 'Too many', status: 429 }, 'over_request_rate_limit'],
    ['the legacy message only', { message: 'Invalid login credentials' }, 'invalid_credentials'],
    ['"Email not confirmed"', { message: 'Email not confirmed' }, 'email_not_confirmed'],
    ['"User already registered"', { message: 'User already registered' }, 'user_already_exists'],
    ['nothing known', { message: 'boom' }, undefined],
    ['not an object', 'boom', undefined],
  ])('%s', (_label, error, expected) => {
    expect(authErrorCode(error)).toBe(expected)
  })
})

describe('registerErrorMessage', () => {
  it.each([
    [
      'an e-mail registered and confirmed (no identities)',
      new AccountError('email_taken'),
      s.register.errors.emailTaken,
    ],
    [
      'user_already_exists',
      authError('user_already_exists', 'User already registered', 422),
      s.register.errors.emailTaken,
    ],
    [
      'email_exists',
      authError('email_exists', 'A user with this email address has already been registered', 422),
      s.register.errors.emailTaken,
    ],
    [
      'weak_password',
      authError('weak_password', 'Password should be at least 8 characters.', 422),
      s.register.errors.weakPassword,
    ],
    ['invalid_credentials', authError('invalid_credentials'), s.register.errors.invalidCredentials],
    [
      'an invalid e-mail',
      authError('validation_failed', 'Unable to validate email address: invalid format'),
      s.common.invalidEmail,
    ],
    [
      'email_address_invalid',
      authError('email_address_invalid', 'Email address "x" is invalid'),
      s.common.invalidEmail,
    ],
    [
      'the e-mail rate limit',
      authError('over_email_send_rate_limit', 'email rate limit exceeded', 429),
      s.common.rateLimited,
    ],
    [
      'the request rate limit',
      authError('over_request_rate_limit', 'Request rate limit reached', 429),
      s.common.rateLimited,
    ],
    ['signups disabled', authError('signup_disabled', 'Signups not allowed', 422), s.register.errors.signupDisabled],
    ['a network failure', networkFailure, s.common.networkError],
    ['an unknown failure', authError('unexpected_failure', '{}', 500), s.register.errors.generic],
    [
      'another validation failure',
      authError('validation_failed', 'Signup requires a valid password'),
      s.register.errors.generic,
    ],
  ])('%s → its text', (_label, error, expected) => {
    expect(registerErrorMessage(error)).toBe(expected)
  })
})

describe('loginErrorMessage', () => {
  it.each([
    [
      'wrong credentials',
      authError('invalid_credentials', 'Invalid login credentials'),
      s.login.errors.invalidCredentials,
    ],
    [
      'an unconfirmed e-mail',
      authError('email_not_confirmed', 'Email not confirmed'),
      s.login.errors.emailNotConfirmed,
    ],
    [
      'too many attempts',
      authError('over_request_rate_limit', 'Request rate limit reached', 429),
      s.login.errors.tooManyAttempts,
    ],
    ['a network failure', networkFailure, s.common.networkError],
    ['anything else', authError('user_banned', 'User is banned'), s.login.errors.generic],
  ])('%s → its text', (_label, error, expected) => {
    expect(loginErrorMessage(error)).toBe(expected)
  })

  it('keeps the login refusals word for word', () => {
    expect(s.login.errors.invalidCredentials).toBe('כתובת האימייל או הסיסמה שגויים')
    expect(s.login.errors.emailNotConfirmed.startsWith('האימייל טרם אושר')).toBe(true)
    expect(s.login.errors.tooManyAttempts).toBe('יותר מדי ניסיונות התחברות. נסו שוב בעוד כמה דקות.')
    expect(s.login.errors.generic).toBe('אירעה שגיאה בהתחברות')
  })
})

describe('passwordResetRequestErrorMessage', () => {
  it.each([
    [
      'a rate limit',
      authError(
        'over_email_send_rate_limit',
        'For security purposes, you can only request this after 60 seconds.',
        429,
      ),
      s.common.rateLimited,
    ],
    [
      'an invalid e-mail',
      authError('validation_failed', 'Unable to validate email address: invalid format'),
      s.common.invalidEmail,
    ],
    ['a network failure', networkFailure, s.common.networkError],
    ['anything else', authError(undefined, '{}', 500), s.resetPassword.failed],
  ])('%s → its text', (_label, error, expected) => {
    expect(passwordResetRequestErrorMessage(error)).toBe(expected)
  })
})

describe('passwordUpdateErrorMessage', () => {
  it.each([
    [
      'the server minimum of 8 (a 6–7 character password)',
      authError('weak_password', 'Password should be at least 8 characters.', 422),
      s.updatePassword.errors.weakPassword,
    ],
    [
      'the same password',
      authError('same_password', 'New password should be different from the old password.', 422),
      s.updatePassword.errors.samePassword,
    ],
    [
      'a missing session',
      { name: 'AuthSessionMissingError', message: 'Auth session missing!' },
      s.updatePassword.errors.authFailed,
    ],
    [
      'a revoked session',
      authError('session_not_found', 'Session from session_id claim in JWT does not exist', 403),
      s.updatePassword.errors.authFailed,
    ],
    ['a network failure', networkFailure, s.common.networkError],
    ['anything else', authError('unexpected_failure', '{}', 500), s.updatePassword.errors.generic],
  ])('%s → its text', (_label, error, expected) => {
    expect(passwordUpdateErrorMessage(error)).toBe(expected)
  })

  it('shows "שגיאה באימות" when authentication failed', () => {
    expect(s.updatePassword.errors.authFailed).toBe('שגיאה באימות')
  })
})
