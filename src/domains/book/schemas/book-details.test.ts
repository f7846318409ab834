import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { bookDetailsSchema } from './book-details'

const valid = {
  full_name: ' רחל אברהמי ',
  creator_name: 'מיכל',
  birth_date: '14/3/48',
  death_date: '2/10/26',
  died_after_sunset: true,
  deceased_gender: 'female' as const,
  memory_quote: '',
}

describe('bookDetailsSchema', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date(2026, 10, 22, 12, 0, 0))
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  it('gives trimmed names, ISO dates and a null empty quote', () => {
    expect(bookDetailsSchema.parse(valid)).toEqual({
      full_name: 'רחל אברהמי',
      creator_name: 'מיכל',
      birth_date: '1948-03-14',
      death_date: '2026-10-02',
      died_after_sunset: true,
      deceased_gender: 'female',
      memory_quote: null,
    })
  })

  it('keeps "neither" as no gender, so the book speaks neutrally', () => {
    expect(bookDetailsSchema.parse({ ...valid, deceased_gender: '' }).deceased_gender).toBeNull()
  })

  it('accepts the book without dates', () => {
    expect(bookDetailsSchema.parse({ ...valid, birth_date: '', death_date: '' })).toMatchObject({
      birth_date: null,
      death_date: null,
    })
  })

  it.each([
    [{ full_name: '  ' }, 'full_name', 'אנא מלא את כל השדות הנדרשים'],
    [{ creator_name: '' }, 'creator_name', 'אנא מלא את כל השדות הנדרשים'],
    [{ birth_date: '14/13/48' }, 'birth_date', 'חודש לא תקין (1-12)'],
    [{ death_date: '30/11/26' }, 'death_date', 'תאריך הפטירה לא יכול להיות בעתיד'],
    [{ birth_date: '1/1/1990', death_date: '1/1/1980' }, 'death_date', 'תאריך הפטירה לא יכול להיות לפני תאריך הלידה'],
    [{ memory_quote: 'א'.repeat(501) }, 'memory_quote', 'המשפט יכול להכיל עד 500 תווים'],
  ])('refuses %j on %s', (change, field, message) => {
    const result = bookDetailsSchema.safeParse({ ...valid, ...change })
    expect(result.success).toBe(false)
    expect(result.error!.issues).toContainEqual(expect.objectContaining({ path: [field], message }))
  })
})
