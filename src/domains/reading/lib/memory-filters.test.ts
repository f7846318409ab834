import { describe, expect, it } from 'vitest'
import {
  availableViewModes,
  countMemories,
  defaultMemoryQuery,
  galleryItems,
  matchesSearch,
  memoriesForMode,
  queryMemories,
} from './memory-filters'
import { memoryRow } from '../../memories/lib/memory-fixtures.test-utils'
import { toMemory, type Memory } from '../../memories/lib/memory-model'

const book: Memory[] = [
  toMemory(
    memoryRow({
      full_name: 'שרה לוינסון',
      relation_to_deceased: 'חבר/ה',
      memory_text_1: 'הכרנו באולפן בירושלים',
      created_at: '2026-10-01T08:00:00Z',
    }),
  ),
  toMemory(
    memoryRow({
      full_name: 'דני אברהמי',
      relation_to_deceased: 'בן משפחה',
      memory_text_2: 'שולחן שישי',
      image_urls: ['https://x/1.jpg', 'https://x/2.jpg'],
      image_captions: ['עוגת תפוחים', ''],
      created_at: '2026-10-03T08:00:00Z',
    }),
  ),
  toMemory(
    memoryRow({
      full_name: 'דני  אברהמי ',
      relation_to_deceased: 'בן משפחה',
      memory_text_3: 'תודה על הכול',
      video_url: 'https://x/v.mp4',
      created_at: '2026-10-02T08:00:00Z',
    }),
  ),
  toMemory(
    memoryRow({
      full_name: 'יוסי מזרחי',
      relation_to_deceased: 'שכן/ה',
      memory_text_1: 'סיר מרק כל ערב',
      image_urls: ['https://x/3.jpg'],
      created_at: '2026-10-04T08:00:00Z',
    }),
  ),
]

const names = (memories: Memory[]) => memories.map((memory) => memory.authorName)

describe('queryMemories', () => {
  it('sorts newest first by default, and oldest first on request', () => {
    expect(names(queryMemories(book, defaultMemoryQuery))).toEqual([
      'יוסי מזרחי',
      'דני אברהמי',
      'דני אברהמי',
      'שרה לוינסון',
    ])
    expect(names(queryMemories(book, { ...defaultMemoryQuery, sort: 'oldest' }))[0]).toBe('שרה לוינסון')
  })

  it('filters by relation', () => {
    expect(names(queryMemories(book, { ...defaultMemoryQuery, relation: 'neighbour' }))).toEqual(['יוסי מזרחי'])
    expect(queryMemories(book, { ...defaultMemoryQuery, relation: 'familyMember' })).toHaveLength(2)
    expect(queryMemories(book, { ...defaultMemoryQuery, relation: 'colleague' })).toHaveLength(0)
  })

  it('searches names, relations, texts and captions, every word, ignoring niqqud and case', () => {
    expect(names(queryMemories(book, { ...defaultMemoryQuery, search: 'אולפן' }))).toEqual(['שרה לוינסון'])
    expect(names(queryMemories(book, { ...defaultMemoryQuery, search: 'עוגת' }))).toEqual(['דני אברהמי'])
    expect(queryMemories(book, { ...defaultMemoryQuery, search: 'שכן' })).toHaveLength(1)
    expect(queryMemories(book, { ...defaultMemoryQuery, search: 'דני תודה' })).toHaveLength(1)
    expect(matchesSearch(book[0]!, 'יְרוּשָׁלַיִם')).toBe(true)
    expect(matchesSearch(book[0]!, 'חיפה')).toBe(false)
    expect(matchesSearch(book[0]!, '   ')).toBe(true)
  })

  it('combines search and relation', () => {
    expect(queryMemories(book, { search: 'דני', relation: 'friend', sort: 'newest' })).toHaveLength(0)
  })
})

describe('countMemories', () => {
  it('counts shown of total, photos, videos and distinct participants', () => {
    const shown = queryMemories(book, { ...defaultMemoryQuery, relation: 'familyMember' })
    expect(countMemories(book, shown)).toEqual({
      shown: 2,
      total: 4,
      shownPhotos: null,
      photos: 3,
      videos: 1,
      participants: 3,
    })
  })

  it('in the gallery counts the photos it shows, not the memories they come from', () => {
    const withPhotos = book.filter((memory) => memory.images.length > 0)
    const counts = countMemories(book, withPhotos, 'gallery')
    expect(counts.shownPhotos).toBe(withPhotos.reduce((sum, memory) => sum + memory.images.length, 0))
    expect(counts).toMatchObject({ shownPhotos: 3, photos: 3 })
  })

  it('counts an empty book as zeros', () => {
    expect(countMemories([], [])).toEqual({
      shown: 0,
      total: 0,
      shownPhotos: null,
      photos: 0,
      videos: 0,
      participants: 0,
    })
  })
})

describe('view modes', () => {
  it('offers videos only on the full plan and only when a memory has one', () => {
    expect(availableViewModes('full', book)).toContain('videos')
    expect(availableViewModes('pro', book)).not.toContain('videos')
    expect(
      availableViewModes(
        'full',
        book.filter((memory) => !memory.videoUrl),
      ),
    ).not.toContain('videos')
    expect(availableViewModes('pro', book)).toEqual(['full', 'text', 'gallery', 'cards'])
  })

  it('shows in the videos mode only memories with a video, in the gallery only those with images', () => {
    expect(names(memoriesForMode(book, 'videos'))).toEqual(['דני אברהמי'])
    expect(memoriesForMode(book, 'gallery')).toHaveLength(2)
    expect(memoriesForMode(book, 'full')).toHaveLength(4)
  })

  it('lists every image of the gallery with its memory and caption', () => {
    const items = galleryItems(memoriesForMode(book, 'gallery'))
    expect(items.map((item) => [item.url, item.caption, item.imageIndex])).toEqual([
      ['https://x/1.jpg', 'עוגת תפוחים', 0],
      ['https://x/2.jpg', '', 1],
      ['https://x/3.jpg', '', 0],
    ])
  })
})
