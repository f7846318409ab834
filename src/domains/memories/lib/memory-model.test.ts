import { describe, expect, it } from 'vitest'
import { memoryRow } from './memory-fixtures.test-utils'
import { hasContent, readableMemories, toMemory } from './memory-model'
import { relationKeyOf } from '@/domains/memories/lib/relations'

describe('toMemory', () => {
  it('keeps the texts that were written, with their prompt numbers', () => {
    const memory = toMemory(memoryRow({ memory_text_1: '  ', memory_text_2: 'רגע', memory_text_3: 'תודה ' }))
    expect(memory.texts).toEqual([
      { prompt: 2, text: 'רגע' },
      { prompt: 3, text: 'תודה' },
    ])
  })

  it('pairs each image with its caption, an image without one captioned empty', () => {
    const memory = toMemory(memoryRow({ image_urls: ['https://x/a.jpg', 'https://x/b.jpg'], image_captions: [' א '] }))
    expect(memory.images).toEqual([
      { url: 'https://x/a.jpg', caption: 'א' },
      { url: 'https://x/b.jpg', caption: '' },
    ])
  })
})

describe('which memories are shown', () => {
  it('shows only entries with text, an image or a video', () => {
    const empty = toMemory(memoryRow({ memory_text_1: null }))
    expect(hasContent(empty)).toBe(false)
    expect(hasContent(toMemory(memoryRow({ memory_text_1: null, image_urls: ['https://x/a.jpg'] })))).toBe(true)
    expect(hasContent(toMemory(memoryRow({ memory_text_1: null, video_url: 'https://x/v.mp4' })))).toBe(true)
  })

  it('hides moderated memories from visitors but not from the book’s managers', () => {
    const rows = [memoryRow(), memoryRow({ is_hidden: true }), memoryRow({ memory_text_1: null })]
    expect(readableMemories(rows, { includeHidden: false })).toHaveLength(1)
    const managed = readableMemories(rows, { includeHidden: true })
    expect(managed.map((memory) => memory.isHidden)).toEqual([false, true])
  })
})

describe('relationKeyOf', () => {
  it.each([
    ['בן משפחה', 'familyMember'],
    ['משפחה', 'family'],
    ['חבר/ה', 'friend'],
    ['חבר', 'friend'],
    [' שכן/ה ', 'neighbour'],
    ['קולגה', 'colleague'],
    ['מכר/ת רחוק/ה', 'acquaintance'],
    ['מכר רחוק', 'acquaintance'],
    ['אחר/ת', 'other'],
    ['דודה רחוקה', 'other'],
    [null, 'other'],
  ])('%j → %s', (relation, key) => {
    expect(relationKeyOf(relation)).toBe(key)
  })
})
