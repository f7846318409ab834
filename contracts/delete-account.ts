/** delete-account: the caller's own account (or, for a platform admin, the account of that e-mail) deleted. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { EMAIL_MAX } from './limits.ts'
import { messages } from './messages.ts'

export const body = z.object({
  email: z
    .string({ error: messages.emailMismatch })
    .trim()
    .toLowerCase()
    .pipe(z.email({ error: messages.emailMismatch }).max(EMAIL_MAX, { error: messages.emailMismatch })),
  /** Book uuid → the book_admins row of the family admin who receives it; other owned books are deleted. */
  hand_over: z.record(z.uuid(), z.uuid(), { error: messages.invalidBody }).optional(),
})

export interface AccountDeleted {
  deleted: true
  books_deleted: number
  books_handed_over: number
}

export type Call = Exchange<z.input<typeof body>, AccountDeleted>

/** The stable codes of this function's own refusals. */
export type Reason =
  | 'email_mismatch'
  | 'user_not_found'
  | 'book_not_found'
  | 'family_admin_not_found'
  | 'gift_not_cancelled'
  | 'books_remain'
  | 'refund_failed'
