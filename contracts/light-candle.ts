/** light-candle: a visitor who may read the book lights today's candle, with an optional name. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { bookRefSchema } from './fields.ts'
import { CANDLE_NAME_MAX, TOKEN_MAX } from './limits.ts'
import { messages } from './messages.ts'

export const body = z.object({
  book_ref: bookRefSchema,
  visitor: z
    .string({ error: messages.invalidVisitor })
    .regex(/^[A-Za-z0-9_-]{16,100}$/, { error: messages.invalidVisitor }),
  name: z
    .string()
    .trim()
    .max(CANDLE_NAME_MAX, { error: messages.candleNameTooLong })
    .nullish()
    .transform((value) => value || null),
  access_grant: z
    .string()
    .max(TOKEN_MAX)
    .nullish()
    .transform((value) => value || null),
})

/** The book's candles after the attempt; already_lit (with a message) when this visitor lit one today. */
export interface CandleLit {
  ok: boolean
  reason: 'lit' | 'already_lit'
  count: number
  lit_today: boolean
  message?: string
}

export type Call = Exchange<z.input<typeof body>, CandleLit>

/** The stable codes of this function's own refusals. */
export type Reason = 'book_not_found' | 'candles_private'
