import { describe, expect, it } from 'vitest'
import { memoryRow } from '../../memories/lib/memory-fixtures.test-utils'
import { toMemory } from '../../memories/lib/memory-model'
import { buildAlbum } from './album-model'
import { photoDisplaySize, photoRows, printPixels, PHOTO_BOX } from './photo-size'

const card = {
  full_name: 'משה לוי',
  birth_date: '1948-04-20',
  death_date: '2026-01-10',
  died_after_sunset: true,
  memory_quote: '  ',
  profile_image_url: '',
  deceased_gender: '',
}

describe('the album', () => {
  it('numbers the visible memories oldest first and indexes each writer once, in Hebrew order', () => {
    const album = buildAlbum(
      card,
      [
        memoryRow({ id: 'late', full_name: 'בני', created_at: '2026-01-20T10:00:00Z' }),
        memoryRow({ id: 'early', full_name: 'גילה', created_at: '2026-01-11T10:00:00Z' }),
        memoryRow({ id: 'hidden', full_name: 'אורי', is_hidden: true }),
        memoryRow({ id: 'again', full_name: 'גילה', created_at: '2026-01-25T10:00:00Z' }),
      ].map(toMemory),
      '2026-02-01',
    )
    expect(album.name).toBe('משה לוי ז״ל')
    expect(album.quote).toBeNull()
    expect(album.memories.map((memory) => [memory.id, memory.number])).toEqual([
      ['early', 1],
      ['late', 2],
      ['again', 3],
    ])
    expect(album.writers).toEqual([
      { name: 'בני', memoryIds: ['late'] },
      { name: 'גילה', memoryIds: ['early', 'again'] },
    ])
  })

  it('gives the byline, the prompts with their titles and the mourning dates', () => {
    const album = buildAlbum(
      card,
      [
        toMemory(
          memoryRow({ relation_to_deceased: 'נכדה', memory_text_3: 'תודה', created_at: '2026-01-12T10:00:00Z' }),
        ),
      ],
      '2026-02-01',
    )
    expect(album.memories[0]!.byline).toBe('נכדה · נכתב ב־12/01/2026')
    expect(album.memories[0]!.sections).toEqual([
      { title: 'זכרון ראשון', text: 'A first memory' },
      { title: 'מה לא הספקת להגיד?', text: 'תודה' },
    ])
    // No gender chosen and none in the honorific: nouns, not slash forms.
    expect(album.lifeDates.map((date) => date.label)).toEqual(['לידה', 'פטירה'])
    // After sunset on 10 January 2026: the Hebrew day is 22 Tevet; the shiva starts the next day.
    expect(album.mourningDates[0]!.lines[0]).toBe('10/01/2026 · כ״ב בטבת תשפ״ו')
    expect(album.mourningDates[1]!.lines[0]).toBe('11/01/2026 עד 17/01/2026')
    expect(album.mourningDates.map((date) => date.label).slice(2)).toEqual([
      'השלושים',
      'יום השנה ה־1',
      'יום השנה ה־2',
      'יום השנה ה־3',
    ])
  })
})

describe('photos in the album', () => {
  it('keep at most 300 pixels to the inch of their printed size and never grow', () => {
    const printed = photoDisplaySize(4000, 3000)
    expect(printed.height).toBeCloseTo(PHOTO_BOX.height)
    const pixels = printPixels(4000, 3000, PHOTO_BOX)
    expect(pixels.width / (printed.width / 72)).toBeLessThanOrEqual(300.5)
    expect(pixels.width / (printed.width / 72)).toBeGreaterThan(299)
    expect(printPixels(400, 300, PHOTO_BOX)).toEqual({ width: 400, height: 300 })
  })

  it('are set one alone, two or three side by side, four as two pairs', () => {
    const rows = (count: number) =>
      photoRows(Array.from({ length: count }, (_, index) => index)).map((row) => row.length)
    expect([1, 2, 3, 4, 5, 6].map(rows)).toEqual([[1], [2], [3], [2, 2], [3, 2], [3, 3]])
  })
})
