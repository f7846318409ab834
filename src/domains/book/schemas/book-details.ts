import { NAME_MAX, QUOTE_MAX } from '@contracts/limits.ts'
import { deceasedGenders } from '@shared/deceased-words.ts'
import { z } from 'zod'
import { tBooks as t } from '@/domains/book/strings/books'
import { lifeDatesError, parseDateInput, type DateKind } from '@/lib/dates'

/** A date field's text, parsed by the one date parser (src/lib/dates.ts) into ISO or null. */
function dateText(kind: DateKind) {
  return z.string().transform((text, context) => {
    const parsed = parseDateInput(text, kind)
    if (parsed.ok) return parsed.iso
    context.addIssue({ code: 'custom', message: parsed.message })
    return z.NEVER
  })
}

const requiredName = z
  .string()
  .trim()
  .min(1, { error: t('fields.requiredFields') })
  .max(NAME_MAX, { error: t('fields.nameTooLong') })

/**
 * The book's details as the create and edit forms take them: deceased and creator
 * names required (the 'fill in all required fields' message), dates by the date rules, whether the
 * death was after sunset (for the Hebrew date), how the book speaks of the deceased, the quote optional.
 */
export const bookDetailsSchema = z
  .object({
    full_name: requiredName,
    creator_name: requiredName,
    birth_date: dateText('birth'),
    death_date: dateText('death'),
    died_after_sunset: z.boolean(),
    // '' is the family's "neither": the book speaks neutrally.
    deceased_gender: z.enum([...deceasedGenders, '']).transform((gender) => gender || null),
    memory_quote: z
      .string()
      .trim()
      .max(QUOTE_MAX, { error: t('fields.quoteTooLong') })
      .transform((quote) => quote || null),
  })
  .superRefine((details, context) => {
    const problem = lifeDatesError(details.birth_date, details.death_date)
    if (problem) context.addIssue({ code: 'custom', path: ['death_date'], message: problem.message })
  })

export type BookDetailsInput = z.input<typeof bookDetailsSchema>
export type BookDetailsOutput = z.output<typeof bookDetailsSchema>

export const emptyBookDetails: BookDetailsInput = {
  full_name: '',
  creator_name: '',
  birth_date: '',
  death_date: '',
  died_after_sunset: false,
  deceased_gender: '',
  memory_quote: '',
}
