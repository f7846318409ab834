import { describe, expect, it } from 'vitest'
import {
  addDays,
  formatDisplayDate,
  isoToday,
  lifeDatesError,
  parseDateInput,
  sanitizeDateInput,
  type DateKind,
} from './dates'

// A fixed "today": 22 November 2026, midday local time.
const now = new Date(2026, 10, 22, 12, 0, 0)

const format = 'פורמט תאריך לא תקין. כתבו את התאריך בפורמט DD/MM/YYYY, D/M/YY או ספרות בלבד (DDMMYYYY)'

describe('sanitizeDateInput', () => {
  it.each([
    ['14.3.48', '14/3/48'],
    ['14-03-1948', '14/03/1948'],
    ['14/3/48', '14/3/48'],
    ['a1b4/c3/48', '14/3/48'],
    ['14/03/19481', '14/03/1948'],
    ['  1/1/50  ', '1/1/50/'],
    ['14 3 48', '14/3/48'],
    ['14,03,1948', '14/03/1948'],
    ['14031948', '14031948'],
    ['', ''],
  ])('%j → %j', (typed, kept) => {
    expect(sanitizeDateInput(typed)).toBe(kept)
  })
})

describe('parseDateInput accepts', () => {
  it.each<[string, DateKind, string | null]>([
    ['', 'birth', null],
    ['   ', 'death', null],
    ['14/3/48', 'birth', '1948-03-14'],
    ['14/03/48', 'birth', '1948-03-14'],
    ['4/3/48', 'birth', '1948-03-04'],
    ['14.3.48', 'birth', '1948-03-14'],
    ['14-3-48', 'birth', '1948-03-14'],
    ['1/3/1948', 'birth', '1948-03-01'],
    ['14/03/1948', 'birth', '1948-03-14'],
    // An iPhone's number pad types digits only.
    ['14031948', 'birth', '1948-03-14'],
    ['140348', 'birth', '1948-03-14'],
    ['14 03 1948', 'birth', '1948-03-14'],
    // Two-digit years: above 30 is 19xx, 30 and below is 20xx.
    ['1/1/31', 'birth', '1931-01-01'],
    ['1/1/99', 'birth', '1999-01-01'],
    ['1/1/00', 'birth', '2000-01-01'],
    ['1/1/26', 'death', '2026-01-01'],
    // Four-digit years are taken as typed: born before 1931.
    ['5/6/1925', 'birth', '1925-06-05'],
    ['1/1/1900', 'birth', '1900-01-01'],
    ['29/2/2024', 'death', '2024-02-29'],
    ['29/2/1948', 'birth', '1948-02-29'],
    // Today itself is not the future.
    ['22/11/26', 'death', '2026-11-22'],
    ['22/11/2026', 'birth', '2026-11-22'],
  ])('%j (%s) → %j', (typed, kind, iso) => {
    expect(parseDateInput(typed, kind, now)).toEqual({ ok: true, iso })
  })
})

describe('parseDateInput refuses', () => {
  it.each<[string, DateKind, string, string]>([
    ['14/3', 'birth', 'format', format],
    ['14/3/', 'birth', 'format', format],
    ['14/3/4', 'birth', 'format', format],
    ['14/3/194', 'birth', 'format', format],
    ['143/3/48', 'birth', 'format', format],
    ['14//48', 'birth', 'format', format],
    ['1948', 'birth', 'format', format],
    ['14/13/48', 'birth', 'month', 'חודש לא תקין (1-12)'],
    ['14/0/48', 'birth', 'month', 'חודש לא תקין (1-12)'],
    ['0/3/48', 'birth', 'day', 'יום לא תקין (1-31)'],
    ['32/3/48', 'birth', 'day', 'יום לא תקין (1-31)'],
    ['1/1/1899', 'birth', 'year', 'שנה לא תקינה'],
    ['1/1/2027', 'birth', 'year', 'שנה לא תקינה'],
    // 30 → 2030, after the current year: for a death date that is the future-date message.
    ['1/1/30', 'birth', 'year', 'שנה לא תקינה'],
    ['1/1/30', 'death', 'futureDeath', 'תאריך הפטירה לא יכול להיות בעתיד'],
    ['1/1/2027', 'death', 'futureDeath', 'תאריך הפטירה לא יכול להיות בעתיד'],
    ['31/12/27', 'death', 'futureDeath', 'תאריך הפטירה לא יכול להיות בעתיד'],
    ['31/2/27', 'death', 'notExisting', 'תאריך לא קיים'],
    ['31/2/48', 'birth', 'notExisting', 'תאריך לא קיים'],
    ['31/4/1990', 'death', 'notExisting', 'תאריך לא קיים'],
    ['29/2/2023', 'death', 'notExisting', 'תאריך לא קיים'],
    ['29/2/1900', 'birth', 'notExisting', 'תאריך לא קיים'],
    // Later this year: a birth date is invalid; a death date has its own message.
    ['23/11/26', 'birth', 'invalid', 'תאריך לא תקין'],
    ['23/11/26', 'death', 'futureDeath', 'תאריך הפטירה לא יכול להיות בעתיד'],
    ['31/12/2026', 'death', 'futureDeath', 'תאריך הפטירה לא יכול להיות בעתיד'],
  ])('%j (%s): %s', (typed, kind, error, message) => {
    expect(parseDateInput(typed, kind, now)).toEqual({ ok: false, error, message })
  })
})

describe('lifeDatesError', () => {
  it.each<[string | null, string | null, boolean]>([
    ['1948-03-14', '2026-10-02', false],
    ['1948-03-14', '1948-03-14', false],
    [null, '2026-10-02', false],
    ['1948-03-14', null, false],
    ['1990-01-02', '1990-01-01', true],
  ])('birth %s, death %s → refused: %s', (birth, death, refused) => {
    const result = lifeDatesError(birth, death)
    expect(result !== null).toBe(refused)
    if (refused) expect(result!.message).toBe('תאריך הפטירה לא יכול להיות לפני תאריך הלידה')
  })
})

describe('formatDisplayDate', () => {
  it.each<[string | null, string]>([
    ['1948-03-14', '14/03/1948'],
    ['2026-10-02', '02/10/2026'],
    ['1931-01-01', '01/01/1931'],
    ['2030-12-31', '31/12/2030'],
    ['1925-06-05', '05/06/1925'],
    ['1930-01-01', '01/01/1930'],
    ['1900-01-01', '01/01/1900'],
    [null, ''],
    ['not a date', ''],
  ])('%j → %j', (iso, shown) => {
    expect(formatDisplayDate(iso)).toBe(shown)
  })

  it('round-trips through the parser for every shown form', () => {
    for (const iso of ['1948-03-14', '1925-06-05', '1930-01-01', '2001-09-11', '1999-12-31']) {
      expect(parseDateInput(formatDisplayDate(iso), 'birth', now)).toEqual({ ok: true, iso })
    }
  })
})

describe('calendar helpers', () => {
  it('gives today in the local time zone', () => {
    expect(isoToday(now)).toBe('2026-11-22')
    expect(isoToday(new Date(2026, 0, 5, 0, 30))).toBe('2026-01-05')
  })

  it.each([
    ['2026-10-02', 30, '2026-11-01'],
    ['2024-02-15', 14, '2024-02-29'],
    ['2025-12-20', 30, '2026-01-19'],
  ])('%s + %d days = %s', (iso, days, expected) => {
    expect(addDays(iso, days)).toBe(expected)
  })
})
