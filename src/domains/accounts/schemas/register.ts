import { NAME_MAX } from '@contracts/limits.ts'
import { z } from 'zod'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'
import { normalizeTypedCode } from '@contracts/typed-code.ts'
import { emailField } from './email'

/** The server's minimum too (supabase/config.toml minimum_password_length = 8). */
const registerPasswordMinLength = 8

const giftCodeField = z
  .string()
  .transform(normalizeTypedCode)
  .pipe(z.string().min(1, { error: t('register.validation.giftCodeRequired') }))

/** Register: full name, e-mail and password (8+) required; the gift code in gift mode. */
export function registerSchema({ giftMode }: { giftMode: boolean }) {
  return z.object({
    fullName: z
      .string()
      .trim()
      .min(1, { error: t('register.validation.fullNameRequired') })
      .max(NAME_MAX),
    email: emailField,
    password: z.string().min(registerPasswordMinLength, { error: t('register.validation.passwordTooShort') }),
    giftCode: giftMode ? giftCodeField : z.string().optional(),
  })
}

export type RegisterFormInput = z.input<ReturnType<typeof registerSchema>>
export type RegisterFormValues = z.output<ReturnType<typeof registerSchema>>
