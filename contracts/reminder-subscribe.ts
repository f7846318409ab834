/** reminder-subscribe: an e-mail subscribed to the yahrzeit reminders of a book (confirmed by mail first). */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { bookRefSchema } from './fields.ts'
import { EMAIL_MAX } from './limits.ts'
import { messages } from './messages.ts'

export const body = z.object({
  book_ref: bookRefSchema,
  email: z
    .string({ error: messages.invalidEmail })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, { error: messages.invalidEmail })
    .pipe(z.email({ error: messages.invalidEmail })),
})

/** check_email: a confirmation went to the address; subscribed: the signed-in owner of the address is in. */
export interface ReminderSubscription {
  ok: true
  status: 'check_email' | 'subscribed'
}

export type Call = Exchange<z.input<typeof body>, ReminderSubscription>

/** The stable codes of this function's own refusals. */
export type Reason = 'book_not_found' | 'mail_failed'
