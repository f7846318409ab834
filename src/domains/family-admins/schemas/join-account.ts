import { z } from 'zod'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'

export type JoinMode = 'signUp' | 'logIn'

const required = t('register.fillRequired')

/**
 * Family admin register: e-mail and password always, full name in sign-up; a new password has
 * at least 8 characters. The invitation's token is enough to join: no family code is asked.
 */
export const joinAccountSchema = z
  .object({
    mode: z.enum(['signUp', 'logIn']),
    email: z.string().trim(),
    password: z.string(),
    fullName: z.string().trim(),
  })
  .superRefine((values, context) => {
    const missing = !values.email || !values.password || (values.mode === 'signUp' && !values.fullName)
    if (missing) {
      context.addIssue({ code: 'custom', path: ['email'], message: required })
      return
    }
    if (values.mode === 'signUp' && values.password.length < 8) {
      context.addIssue({ code: 'custom', path: ['password'], message: t('register.passwordTooShort') })
    }
  })

export type JoinAccountValues = z.output<typeof joinAccountSchema>
export type JoinAccountInput = z.input<typeof joinAccountSchema>
