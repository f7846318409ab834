import { describe, expect, it } from 'vitest'
import { addDays } from '@/lib/dates'
import { longDate, mediumDate } from './format'

/** What the browser's own Hebrew formatter writes for the same calendar day. */
function intlDate(iso: string, withWeekday: boolean): string {
  const [year, month, day] = iso.split('-').map(Number)
  return new Intl.DateTimeFormat('he-IL', {
    ...(withWeekday ? { weekday: 'long' } : {}),
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(year!, month! - 1, day!)))
}

describe('mourning dates', () => {
  it('writes weekday, day, month and year as a family reads them', () => {
    expect(longDate('2026-12-05')).toBe('יום שבת, 5 בדצמבר 2026')
    expect(mediumDate('2026-12-05')).toBe('5 בדצמבר 2026')
  })

  it('writes every day of a year, a leap day and an old date as the browser would', () => {
    const days = Array.from({ length: 366 }, (_, index) => addDays('2027-01-01', index))
    for (const iso of [...days, '2028-02-29', '1931-03-01', '2000-10-31']) {
      expect(longDate(iso)).toBe(intlDate(iso, true))
      expect(mediumDate(iso)).toBe(intlDate(iso, false))
    }
  })
})
