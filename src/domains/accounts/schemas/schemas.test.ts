import { describe, expect, it } from 'vitest'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'
import { loginSchema } from './login'
import { registerSchema } from './register'
import { resetPasswordSchema } from './reset-password'
import { updatePasswordProblem, updatePasswordSchema } from './update-password'

function firstMessages(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return Object.fromEntries((result.error?.issues ?? []).map((issue) => [String(issue.path[0]), issue.message]))
}

const validRegistration = { fullName: 'רחל כהן', email: 'rachel@example.test', password: '12345678' }

describe('register', () => {
  it.each([
    ['a blank full name', { fullName: '   ' }, 'fullName', s.register.validation.fullNameRequired],
    ['a blank e-mail', { email: ' ' }, 'email', s.common.emailRequired],
    ['an invalid e-mail', { email: 'rachel@' }, 'email', s.common.invalidEmail],
    ['a 7-character password', { password: '1234567' }, 'password', s.register.validation.passwordTooShort],
    ['no password', { password: '' }, 'password', s.register.validation.passwordTooShort],
  ])('refuses %s', (_label, change, field, message) => {
    const result = registerSchema({ giftMode: false }).safeParse({ ...validRegistration, ...change })
    expect(firstMessages(result)[field]).toBe(message)
  })

  it('accepts 8 characters and trims the name and e-mail', () => {
    const result = registerSchema({ giftMode: false }).safeParse({
      ...validRegistration,
      fullName: ' רחל ',
      email: ' rachel@example.test ',
    })
    expect(result.success && result.data).toMatchObject({
      fullName: 'רחל',
      email: 'rachel@example.test',
      password: '12345678',
    })
  })

  it('keeps the short-password message word for word', () => {
    expect(s.register.validation.passwordTooShort).toBe('הסיסמה חייבת להכיל לפחות 8 תווים')
  })

  it('needs the gift code in gift mode, trimmed and uppercased', () => {
    const schema = registerSchema({ giftMode: true })
    expect(firstMessages(schema.safeParse({ ...validRegistration, giftCode: '  ' })).giftCode).toBe(
      s.register.validation.giftCodeRequired,
    )
    const result = schema.safeParse({ ...validRegistration, giftCode: ' abcd2345 ' })
    expect(result.success && result.data.giftCode).toBe('ABCD2345')
  })

  it('ignores the gift code outside gift mode', () => {
    expect(registerSchema({ giftMode: false }).safeParse(validRegistration).success).toBe(true)
  })
})

describe('login', () => {
  it.each([
    [{ email: '', password: 'x' }, 'email'],
    [{ email: 'a@b.co', password: '' }, 'password'],
    [{ email: '  ', password: '' }, 'email'],
  ])('%o → "אנא מלא את כל השדות"', (values, field) => {
    expect(firstMessages(loginSchema.safeParse(values))[field]).toBe('אנא מלא את כל השדות')
  })

  it('accepts both fields', () => {
    expect(loginSchema.safeParse({ email: 'a@b.co', password: 'x' }).success).toBe(true)
  })
})

describe('reset request', () => {
  it.each([
    ['', 'אנא הזינו כתובת מייל'],
    ['not-an-address', s.common.invalidEmail],
  ])('%o → %s', (email, message) => {
    expect(firstMessages(resetPasswordSchema.safeParse({ email })).email).toBe(message)
  })

  it('accepts an address', () => {
    expect(resetPasswordSchema.safeParse({ email: 'a@b.co' }).success).toBe(true)
  })
})

describe('new password (6 on this screen)', () => {
  it.each([
    ['', '', 'password', 'אנא מלא את כל השדות'],
    ['abcdef', '', 'confirmPassword', 'אנא מלא את כל השדות'],
    ['', 'abcdef', 'password', 'אנא מלא את כל השדות'],
    ['abcdef', 'abcdeg', 'confirmPassword', 'הסיסמאות לא תואמות'],
    ['abc12', 'abc12', 'password', 'הסיסמה חייבת להכיל לפחות 6 תווים'],
  ])('%o / %o → %s on %s', (password, confirmPassword, field, message) => {
    expect(updatePasswordProblem(password, confirmPassword)).toEqual({ field, message })
    expect(firstMessages(updatePasswordSchema.safeParse({ password, confirmPassword }))[field]).toBe(message)
  })

  it.each(['abcdef', 'abc1234', 'a-much-longer-password'])('accepts %o here (the server judges 6–7)', (password) => {
    expect(updatePasswordProblem(password, password)).toBeNull()
    expect(updatePasswordSchema.safeParse({ password, confirmPassword: password }).success).toBe(true)
  })
})
