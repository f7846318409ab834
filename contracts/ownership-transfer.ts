/** ownership-transfer: the owner invites a new owner, the invitee registers, the owner decides. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { INVITEE_EMAIL_MAX, TOKEN_MAX } from './limits.ts'
import { messages } from './messages.ts'

const invite = z.object({
  action: z.literal('invite'),
  book_id: z.uuid({ error: messages.bookNotFound }),
  invitee_email: z
    .string({ error: messages.invalidEmail })
    .trim()
    .max(INVITEE_EMAIL_MAX, { error: messages.invalidEmail }),
})

const register = z.object({
  action: z.literal('register'),
  invite_token: z
    .string({ error: messages.transferLinkInvalid })
    .trim()
    .min(1, { error: messages.transferLinkInvalid })
    .max(TOKEN_MAX),
})

const decide = z.object({
  action: z.literal('decide'),
  request_id: z.uuid({ error: messages.invalidBody }),
  approve: z.boolean({ error: messages.invalidBody }),
})

export const body = z.discriminatedUnion('action', [invite, register, decide], { error: messages.invalidBody })

export interface CreatedTransfer {
  id: string
  token: string
  expires_at: string
  /** The book's short code. */
  short_code: string
  /** The link the invitee was e-mailed. */
  link: string
}

export interface TransferRegistered {
  /** The book's uuid. */
  book_id: string
  /** The book's short code (its links). */
  short_code: string
  message: string
}

export interface TransferDecided {
  status: string
}

export type Call =
  | Exchange<z.input<typeof invite>, CreatedTransfer>
  | Exchange<z.input<typeof register>, TransferRegistered>
  | Exchange<z.input<typeof decide>, TransferDecided>

/** The stable codes of this function's own refusals. */
export type Reason =
  | 'transfer_invalid'
  | 'transfer_used'
  | 'transfer_expired'
  | 'transfer_wrong_account'
  | 'forbidden'
  | 'refused'
