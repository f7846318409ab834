import { z } from 'zod'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'

/**
 * The new-password screen's own minimum: 6 here, while the auth
 * server requires 8 and refuses 6–7 characters as a weak password.
 */
const newPasswordMinLength = 6

/** Both fields required, then they must match, then at least 6 characters; one message at a time. */
export const updatePasswordSchema = z
  .object({ password: z.string(), confirmPassword: z.string() })
  .superRefine(({ password, confirmPassword }, context) => {
    const problem = updatePasswordProblem(password, confirmPassword)
    if (problem) context.addIssue({ code: 'custom', path: [problem.field], message: problem.message })
  })

export function updatePasswordProblem(
  password: string,
  confirmPassword: string,
): { field: 'password' | 'confirmPassword'; message: string } | null {
  if (!password || !confirmPassword)
    return { field: password ? 'confirmPassword' : 'password', message: t('common.requiredFields') }
  if (password !== confirmPassword)
    return { field: 'confirmPassword', message: t('updatePassword.validation.mismatch') }
  if (password.length < newPasswordMinLength)
    return { field: 'password', message: t('updatePassword.validation.tooShort') }
  return null
}

export type UpdatePasswordFormValues = z.output<typeof updatePasswordSchema>
