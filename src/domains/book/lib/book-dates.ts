/*
 * Dates as the memory screens show them (DD/MM/YYYY), read from what the database
 * sends: `date` columns as YYYY-MM-DD and timestamps as ISO strings.
 */

const isoDate = /^(\d{4})-(\d{2})-(\d{2})/

function yearOf(date: string | null | undefined): string | null {
  return date ? (isoDate.exec(date)?.[1] ?? null) : null
}

/** The years of a life: '1948–2026', or the one year that is known; '' when neither is. */
export function lifeYears(
  birthDate: string | null | undefined,
  deathDate: string | null | undefined,
  format: (from: string, to: string) => string,
): string {
  const from = yearOf(birthDate)
  const to = yearOf(deathDate)
  if (from && to) return format(from, to)
  return from ?? to ?? ''
}

const twoDigits = (value: number) => String(value).padStart(2, '0')

/** A timestamp as DD/MM/YYYY in the reader's time zone. */
export function shortDate(timestamp: string): string {
  const date = new Date(timestamp)
  if (Number.isNaN(date.getTime())) return ''
  return `${twoDigits(date.getDate())}/${twoDigits(date.getMonth() + 1)}/${date.getFullYear()}`
}
