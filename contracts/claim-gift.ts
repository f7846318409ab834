/** claim-gift: the signed-in caller claims the gift behind a code and owns its book. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { typedCodeSchema } from './fields.ts'
import { CODE_MAX } from './limits.ts'
import { messages } from './messages.ts'

export const body = z.object({
  gift_code: typedCodeSchema(CODE_MAX, messages.giftCodeRequired, messages.giftCodeInvalid),
  for_myself: z.boolean().default(false),
})

export interface GiftClaimed {
  /** The book's uuid. */
  book_id: string
  /** The book's short code (its links). */
  short_code: string
  message: string
}

export type Call = Exchange<z.input<typeof body>, GiftClaimed>

/** The stable codes of this function's own refusals. */
export type Reason =
  | 'own_gift'
  | 'gift_not_found'
  | 'gift_already_claimed'
  | 'gift_replaced'
  | 'gift_cancelled'
  | 'gift_not_available'
  | 'gift_expired'
  | 'gift_claim_locked'
