import { format } from 'date-fns'
import { he } from 'date-fns/locale/he'

/*
 * date-fns' Hebrew locale writes these from its own tables. Intl.DateTimeFormat gives the same
 * text, but building its first Hebrew formatter (the locale's patterns) holds a phone's main thread
 * for tens of milliseconds, on the reading page's first render.
 */

function calendarDay(iso: string): Date {
  const [year, month, day] = iso.split('-').map(Number)
  return new Date(year!, month! - 1, day!)
}

/** A calendar day as a family reads it: weekday, day, month name and year. */
export function longDate(iso: string): string {
  return format(calendarDay(iso), 'PPPP', { locale: he })
}

/** A shorter form for lists: day, month name and year. */
export function mediumDate(iso: string): string {
  return format(calendarDay(iso), 'PPP', { locale: he })
}
