import { datesStrings, tDates } from '@/i18n/dates'

/*
 * Birth and death dates as people type them. Accepted: D/M/YY,
 * DD/MM/YY, D/M/YYYY and DD/MM/YYYY with any separator (dots, dashes, spaces count as slashes),
 * and digits alone, DDMMYY or DDMMYYYY: an iPhone's number pad has no separator at all. A two-digit year above 30
 * is 19xx, otherwise 20xx; a four-digit year is taken as typed, so people born before 1931 can be
 * entered (and up to 10 characters are kept, so DD/MM/YYYY is not cut into a wrong year). Years
 * run from 1900 to the current year. Dates are stored as ISO (YYYY-MM-DD, SQL `date`) and always
 * shown as DD/MM/YYYY: a two-digit year reads 1935 as 2035.
 */

export type DateKind = 'birth' | 'death'

export type DateErrorKey = keyof typeof datesStrings.errors

export type ParsedDate = { ok: true; iso: string | null } | { ok: false; error: DateErrorKey; message: string }

export const maxDateInputLength = 10
const minimumYear = 1900
const twoDigitYearPivot = 30

const datePattern = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/
const digitsOnlyPattern = /^(\d{2})(\d{2})(\d{2}|\d{4})$/

/** What the field keeps while typing: digits, and a slash for each run of separators (letters are dropped); at most 10. */
export function sanitizeDateInput(text: string): string {
  return text.replace(/\p{L}/gu, '').replace(/\D+/g, '/').replace(/^\//, '').slice(0, maxDateInputLength)
}

function pad(value: number, width = 2): string {
  return String(value).padStart(width, '0')
}

/** Today's date in the browser's time zone, as ISO. */
export function isoToday(now: Date = new Date()): string {
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`
}

function expandYear(digits: string): number {
  const year = Number(digits)
  if (digits.length === 4) return year
  return year > twoDigitYearPivot ? 1900 + year : 2000 + year
}

function dayExists(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

function failure(error: DateErrorKey): ParsedDate {
  return { ok: false, error, message: tDates(`errors.${error}`) }
}

/**
 * The typed text as an ISO date, or the first rule it breaks: format, month, day, year, a day the
 * month does not have, then the future (a birth date: invalid; a death date: its own message, also
 * for a later year). Empty text is valid and means no date.
 */
export function parseDateInput(text: string, kind: DateKind, now: Date = new Date()): ParsedDate {
  const normalised = sanitizeDateInput(text.trim()).replace(/\/$/, '')
  if (normalised === '') return { ok: true, iso: null }
  const match = datePattern.exec(normalised) ?? digitsOnlyPattern.exec(normalised)
  if (!match) return failure('format')
  const day = Number(match[1])
  const month = Number(match[2])
  const year = expandYear(match[3]!)
  if (month < 1 || month > 12) return failure('month')
  if (day < 1 || day > 31) return failure('day')
  if (year < minimumYear || (year > now.getFullYear() && kind === 'birth')) return failure('year')
  if (!dayExists(year, month, day)) return failure('notExisting')
  const iso = `${year}-${pad(month)}-${pad(day)}`
  if (iso > isoToday(now)) return kind === 'death' ? failure('futureDeath') : failure('invalid')
  return { ok: true, iso }
}

/** Death before birth is refused; either date missing is fine. */
export function lifeDatesError(
  birthIso: string | null,
  deathIso: string | null,
): { error: DateErrorKey; message: string } | null {
  if (!birthIso || !deathIso || deathIso >= birthIso) return null
  return { error: 'deathBeforeBirth', message: tDates('errors.deathBeforeBirth') }
}

/** DD/MM/YYYY: the year always in full, so nobody reads 1935 as 2035. */
export function formatDisplayDate(iso: string | null | undefined): string {
  const match = iso ? /^(\d{4})-(\d{2})-(\d{2})/.exec(iso) : null
  if (!match) return ''
  const [, year, month, day] = match
  return `${day}/${month}/${year}`
}

// One day arithmetic for the SPA and the edge functions.
export { addDays } from '@shared/iso-day.ts'
