/**
 * Birth and death dates as the API receives them: ISO calendar dates (YYYY-MM-DD) that exist,
 * years from 1900, never after today in Israel (the form's parser sends the four-digit year as
 * typed).
 */
import { z } from 'zod'
import { messages } from './messages.ts'

const MIN_YEAR = 1900
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** Today's calendar date in Israel as YYYY-MM-DD. */
export function todayInIsrael(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Jerusalem' }).format(now)
}

function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** An optional date; missing, null and '' become null. */
export const isoDateSchema = z
  .string({ error: messages.invalidDate })
  .trim()
  .nullish()
  .transform((value, context) => {
    if (!value) return null
    const match = ISO_DATE.exec(value)
    if (!match) {
      context.addIssue({ code: 'custom', message: messages.invalidDate })
      return z.NEVER
    }
    const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
    // A later year is judged with the other date rules: a death date there is 'in the future'.
    if (year < MIN_YEAR) {
      context.addIssue({ code: 'custom', message: messages.invalidYear })
      return z.NEVER
    }
    if (!isRealDate(year, month, day)) {
      context.addIssue({ code: 'custom', message: messages.invalidDate })
      return z.NEVER
    }
    return value
  })

/** Adds the cross-field rules: neither date in the future, death not before birth. */
export function checkLifeDates(
  dates: { birth_date: string | null; death_date: string | null },
  context: z.RefinementCtx,
): void {
  const today = todayInIsrael()
  if (dates.birth_date && dates.birth_date > today) {
    const laterYear = dates.birth_date.slice(0, 4) > today.slice(0, 4)
    context.addIssue({
      code: 'custom',
      path: ['birth_date'],
      message: laterYear ? messages.invalidYear : messages.invalidDate,
    })
  }
  if (dates.death_date && dates.death_date > today) {
    context.addIssue({ code: 'custom', path: ['death_date'], message: messages.futureDeathDate })
  }
  if (dates.birth_date && dates.death_date && dates.death_date < dates.birth_date) {
    context.addIssue({ code: 'custom', path: ['death_date'], message: messages.deathBeforeBirth })
  }
}
