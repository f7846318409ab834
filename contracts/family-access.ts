/**
 * family-access: a family code (or the family link's key) checked for a private book, answered
 * with an access grant; or, with {renew_token}, the owner's renewal of the code from an alert.
 */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { bookRefSchema } from './fields.ts'
import { CODE_MAX, TOKEN_MAX } from './limits.ts'
import { messages } from './messages.ts'
import { normalizeTypedCode } from './typed-code.ts'

const optionalSecret = z
  .string()
  .max(TOKEN_MAX)
  .nullish()
  .transform((value) => value || null)

const renewal = z.object({ renew_token: z.string().min(1).max(TOKEN_MAX) })

const codeCheck = z.object({
  book_ref: bookRefSchema,
  code: z
    .string({ error: messages.familyCodeInvalid })
    .max(CODE_MAX, { error: messages.familyCodeInvalid })
    .transform(normalizeTypedCode),
  link_key: optionalSecret,
  held_grant: optionalSecret,
})

export const body = z.union([renewal, codeCheck])

/** The right code opens the book for a while; a wrong or paused code says why, calmly. */
export type FamilyAccessAnswer =
  | { ok: true; access_grant: string; expires_at: string }
  | { ok: false; reason: string; message: string }

export interface RenewedFamilyCode {
  ok: true
  /** The book's short code. */
  short_code: string
  full_name: string
  family_code: string
  link_key: string
}

export type Call =
  | Exchange<z.input<typeof renewal>, RenewedFamilyCode>
  | Exchange<z.input<typeof codeCheck>, FamilyAccessAnswer>

/** The stable codes of this function's own refusals. */
export type Reason = 'family_code_locked' | 'book_not_found' | 'alert_link_invalid'
