import { z } from 'zod'
import { tAccounts as t } from '@/domains/accounts/strings/accounts'

const required = { error: t('common.requiredFields') }

/** Login: e-mail and password required, one message for both (the 'fill in all fields' message). */
export const loginSchema = z.object({
  email: z.string().trim().min(1, required),
  password: z.string().min(1, required),
})

export type LoginFormValues = z.output<typeof loginSchema>
