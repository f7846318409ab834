/** reset-user-password: a platform admin sets a temporary password for a user, shown once. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { messages } from './messages.ts'

export const body = z.object({
  userEmail: z
    .string({ error: messages.invalidEmail })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: messages.invalidEmail }).max(255)),
})

export interface PasswordReset {
  success: boolean
  temporaryPassword: string
}

export type Call = Exchange<z.input<typeof body>, PasswordReset>

/** The stable codes of this function's own refusals. */
export type Reason = 'no_session' | 'platform_admin_required' | 'user_not_found'
