/** join-as-admin: the caller joins a book as a family admin through an invitation link, or asks the link's state. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { BOOK_REF_MAX, TOKEN_MAX } from './limits.ts'
import { messages } from './messages.ts'

const invalidLink = { error: messages.adminInvitationInvalid }

export const body = z.object({
  token: z.string(invalidLink).trim().min(1, invalidLink).max(TOKEN_MAX, invalidLink),
  /** The book as the invitation link names it: its uuid or its short code. */
  book_ref: z.string(invalidLink).trim().min(1, invalidLink).max(BOOK_REF_MAX, invalidLink),
  status_only: z.boolean().default(false),
})

export interface JoinedAsAdmin {
  /** The book's uuid. */
  book_id: string
  /** The book's short code (its links). */
  short_code: string
  message: string
}

export interface InvitationStatus {
  /** open, or why the link cannot be used: invitation_not_found | _cancelled | _used | _expired. */
  status: string
  message: string
}

type Invitation = { token: string; book_ref: string }

export type Call =
  | Exchange<Invitation & { status_only?: false }, JoinedAsAdmin>
  | Exchange<Invitation & { status_only: true }, InvitationStatus>

/** The stable codes of this function's own refusals. */
export type Reason =
  | 'book_not_found'
  | 'invitation_not_found'
  | 'invitation_used'
  | 'invitation_expired'
  | 'invitation_cancelled'
  | 'owner_cannot_join'
  | 'already_admin'
