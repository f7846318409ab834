/**
 * create-memory-book: the book a paid, unused, for_me session of the caller buys, or that session
 * spent on the caller's existing unpaid book ({session_id, book_id}).
 */
import { z } from 'zod'
import type { Exchange } from './contract.ts'
import { checkLifeDates, isoDateSchema } from './dates.ts'
import { optionalText } from './fields.ts'
import type { PlanType } from './plans.ts'
import { NAME_MAX, QUOTE_MAX, TOKEN_MAX } from './limits.ts'
import { messages } from './messages.ts'
import { deceasedGenders, type DeceasedGender } from '../shared/deceased-words.ts'

const IMAGE_URL_MAX = 1000

export const body = z
  .object({
    session_id: z
      .string({ error: messages.sessionIdRequired })
      .trim()
      .min(1, { error: messages.sessionIdRequired })
      .max(TOKEN_MAX),
    book_id: z.uuid({ error: messages.bookNotFound }).nullish(),
    full_name: optionalText(NAME_MAX, messages.nameTooLong, messages.requiredFields),
    creator_name: optionalText(NAME_MAX, messages.nameTooLong, messages.requiredFields),
    birth_date: isoDateSchema,
    death_date: isoDateSchema,
    died_after_sunset: z.boolean({ error: messages.invalidDate }).nullish(),
    deceased_gender: z.enum(deceasedGenders).nullish(),
    memory_quote: optionalText(QUOTE_MAX, messages.quoteTooLong),
    profile_image_url: optionalText(IMAGE_URL_MAX, messages.invalidImage),
  })
  .superRefine((body, context) => {
    if (!body.book_id && (!body.full_name || !body.creator_name)) {
      context.addIssue({ code: 'custom', message: messages.requiredFields })
    }
    checkLifeDates(body, context)
  })

/** A new book's details, as the form sends them and the function writes them. */
export interface BookDetails {
  full_name: string
  creator_name: string
  birth_date: string | null
  death_date: string | null
  died_after_sunset: boolean
  /** How the book speaks of the deceased; null: neutrally. */
  deceased_gender?: DeceasedGender | null
  memory_quote: string | null
  profile_image_url: string | null
}

export interface CreatedBook {
  /** The book's uuid. */
  id: string
  /** The book's short code. */
  short_code: string
  family_access_code: string
  plan_type: PlanType
}

export type Call =
  | Exchange<BookDetails & { session_id: string }, CreatedBook>
  | Exchange<{ session_id: string; book_id: string }, CreatedBook>

/** The stable codes of this function's own refusals. */
export type Reason =
  | 'book_image_url_invalid'
  | 'session_not_found'
  | 'session_not_owned'
  | 'session_already_used'
  | 'session_is_gift'
  | 'payment_not_completed'
  | 'payment_not_valid'
  | 'book_not_found'
  | 'book_already_paid'
