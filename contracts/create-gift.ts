/** create-gift: the gift a paid gift session buys. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import type { GiftSummary } from './gift-common.ts'
import { NAME_MAX, TOKEN_MAX } from './limits.ts'
import { messages } from './messages.ts'

const name = z
  .string({ error: messages.requiredFields })
  .trim()
  .max(NAME_MAX, { error: messages.nameTooLong })
  .default('')

export const body = z.object({
  session_id: z
    .string({ error: messages.sessionIdRequired })
    .trim()
    .min(1, { error: messages.sessionIdRequired })
    .max(TOKEN_MAX, { error: messages.sessionIdRequired }),
  recipient_name: name,
  deceased_name: name,
})

export type Call = Exchange<z.input<typeof body>, GiftSummary>

/** The stable codes of this function's own refusals. */
export type Reason =
  | 'session_not_found'
  | 'session_not_owned'
  | 'session_not_gift'
  | 'payment_not_completed'
  | 'session_id_required'
  | 'required_fields'
  | 'name_too_long'
