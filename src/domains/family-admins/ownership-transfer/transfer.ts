import { INVITEE_EMAIL_MAX } from '@contracts/limits.ts'
import { z } from 'zod'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'

export const transferSchema = z.object({
  email: z
    .email({ error: t('transfer.invalidEmail') })
    .trim()
    .max(INVITEE_EMAIL_MAX, { error: t('transfer.invalidEmail') }),
})

export type TransferValues = z.output<typeof transferSchema>
