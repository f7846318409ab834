import { describe, expect, it } from 'vitest'
import { lifeYears, shortDate } from './book-dates'

const range = (from: string, to: string) => `${from}–${to}`

describe('lifeYears', () => {
  it('shows both years, or the one that is known', () => {
    expect(lifeYears('1948-03-14', '2026-10-02', range)).toBe('1948–2026')
    expect(lifeYears(null, '2026-10-02', range)).toBe('2026')
    expect(lifeYears('1948-03-14', null, range)).toBe('1948')
    expect(lifeYears(null, undefined, range)).toBe('')
  })
})

describe('shortDate', () => {
  it('formats a timestamp as DD/MM/YYYY', () => {
    expect(shortDate('2026-03-05T12:00:00')).toBe('05/03/2026')
    expect(shortDate('not a date')).toBe('')
  })
})
