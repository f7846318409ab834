/** send-admin-notification: the platform admins are e-mailed about a new registration; the app ignores the answer. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { NAME_MAX } from './limits.ts'
import { messages } from './messages.ts'
import { ONBOARDING_RELATIONSHIPS } from './relationships.ts'

const optionalShortText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((value) => value || null)

export const body = z.object({
  type: z.literal('new_user', { error: messages.notificationTypeInvalid }),
  data: z.object({
    name: optionalShortText(NAME_MAX),
    email: z.email({ error: messages.invalidEmail }).max(255),
    relationship: optionalShortText(40).refine(
      (value) => value === null || ONBOARDING_RELATIONSHIPS.some((relationship) => relationship === value),
      { error: messages.relationshipInvalid },
    ),
    deceasedName: optionalShortText(NAME_MAX),
  }),
})

/** The registration as the app saw it; the function trusts none of it but the address. */
export interface NewUserNotice {
  name: string
  email: string
  relationship: string | null
  deceasedName: string | null
}

export type Call = Exchange<{ type: 'new_user'; data: NewUserNotice }, { accepted: true }>

/** The stable codes of this function's own refusals: none beyond a malformed body. */
export type Reason = never
