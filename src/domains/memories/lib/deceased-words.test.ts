import { describe, expect, it } from 'vitest'
import { deceasedGenderOf, deceasedWords, relationWord } from '@shared/deceased-words.ts'
import { relationKeyOf } from '@/domains/memories/lib/relations'

describe('the words a book uses of the deceased', () => {
  it("follows the family's choice, else a gendered honorific typed with the name, else none", () => {
    expect(deceasedGenderOf('female', 'משה לוי')).toBe('female')
    expect(deceasedGenderOf(null, 'רחל כהן זיכרונה לברכה')).toBe('female')
    expect(deceasedGenderOf('', 'יוסף לוי זכרונו לברכה')).toBe('male')
    expect(deceasedGenderOf(null, 'רחל כהן ז"ל')).toBeNull()
  })

  it('speaks of a man, of a woman, and without a gender in nouns, never in slash forms', () => {
    expect(deceasedWords('male')).toMatchObject({ born: 'נולד', died: 'נפטר' })
    expect(deceasedWords('female')).toMatchObject({ born: 'נולדה', died: 'נפטרה' })
    expect(deceasedWords(null)).toMatchObject({ born: 'לידה', died: 'פטירה' })
    for (const words of [deceasedWords('male'), deceasedWords('female'), deceasedWords(null)])
      expect(Object.values(words).join(' ')).not.toContain('/')
  })

  it("reads a writer's relation as a word, the earlier slash forms too, and keeps their filter", () => {
    expect(relationWord('חבר/ה')).toBe('מהחברים')
    expect(relationWord('מכר/ת רחוק/ה')).toBe('מהמכרים')
    expect(relationWord(' נכד ')).toBe('נכד')
    expect(relationWord('  ')).toBeNull()
    expect(relationKeyOf('שכן/ה')).toBe('neighbour')
    expect(relationKeyOf('מהשכנים')).toBe('neighbour')
  })
})
