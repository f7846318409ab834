/** resend-gift: a new code for a pending gift (the old one stops working). */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import type { GiftSummary } from './gift-common.ts'
import { messages } from './messages.ts'

export const body = z.object({ gift_id: z.uuid({ error: messages.giftNotFound }) })

export interface GiftResent {
  new_gift_code: string
  gift: GiftSummary
}

export type Call = Exchange<z.input<typeof body>, GiftResent>

/** The stable codes of this function's own refusals. */
export type Reason = 'gift_not_found' | 'gift_not_pending'
