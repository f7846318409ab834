/** support-chat: a visitor's question answered and recorded, or the visitor's rating of the answer. */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { QUESTION_MAX } from './limits.ts'
import { messages } from './messages.ts'

const invalidQuestion = { error: messages.chatQuestionInvalid }
const invalidRating = { error: messages.chatRatingInvalid }

const sessionSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9_-]{16,100}$/),
  token: z.string().min(16).max(100),
})

const ask = z.object({
  action: z.literal('ask'),
  text: z.string(invalidQuestion).trim().min(1, invalidQuestion).max(QUESTION_MAX, invalidQuestion),
  /** Null for the first question; the session it answered with afterwards. */
  session: sessionSchema.nullish(),
})

const rate = z.object({
  action: z.literal('rate'),
  session: sessionSchema,
  rating: z.number(invalidRating).int(invalidRating).min(1).max(5, invalidRating),
  /** Whether the question was answered; null when the visitor did not say. */
  resolved: z.boolean().nullish(),
})

export const body = z.discriminatedUnion('action', [ask, rate])

/** The visitor's chat session: its id and the token that alone lets this visitor write into it. */
export type ChatSessionKey = z.output<typeof sessionSchema>

export interface ChatReply {
  session: ChatSessionKey
  intent: string
  answer: string
}

export type Call = Exchange<z.input<typeof ask>, ChatReply> | Exchange<z.input<typeof rate>, { ok: true }>

/** The stable codes of this function's own refusals. */
export type Reason = 'chat_session_not_found' | 'chat_session_full' | 'chat_message_invalid' | 'chat_rating_invalid'
