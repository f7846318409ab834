/** cancel-gift: the purchaser cancels a pending gift within 14 days and is refunded. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { messages } from './messages.ts'

export const body = z.object({ gift_id: z.uuid({ error: messages.giftNotFound }) })

export interface GiftCancelled {
  cancelled: true
  refunded_agorot: number
}

export type Call = Exchange<z.input<typeof body>, GiftCancelled>

/** The stable codes of this function's own refusals. */
export type Reason =
  | 'gift_not_found'
  | 'gift_not_pending'
  | 'gift_already_cancelled'
  | 'gift_already_claimed'
  | 'refund_window_passed'
  | 'refund_in_progress'
  | 'refund_failed'
