import { NAME_MAX } from '@contracts/limits.ts'
import { z } from 'zod'
import { tFamilyAdmins as t } from '@/domains/family-admins/strings/family-admins'

const required = { error: t('add.fillAll') }

/** Add admin: full name and e-mail-or-phone, both required, one message for both. */
export const inviteAdminSchema = z.object({
  adminName: z.string().trim().min(1, required).max(NAME_MAX, required),
  contact: z.string().trim().min(1, required).max(NAME_MAX, required),
})

export type InviteAdminValues = z.output<typeof inviteAdminSchema>
