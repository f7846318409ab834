import { describe, expect, it } from 'vitest'
import { memoryRow } from '../../memories/lib/memory-fixtures.test-utils'
import { toMemory } from '../../memories/lib/memory-model'
import { captionLine, defaultSlides, frameCount, videoSeconds, videoSlides, type VideoSlide } from './video-plan'

describe('the memorial video plan', () => {
  it('shows every photo of the visible memories, oldest memory first, with its writer and first sentence', () => {
    const memories = [
      memoryRow({ full_name: 'נועה', created_at: '2026-02-02T10:00:00Z', image_urls: ['b1', 'b2'] }),
      memoryRow({
        full_name: 'דן',
        created_at: '2026-01-01T10:00:00Z',
        image_urls: ['a1'],
        memory_text_1: 'אמא צחקה. תמיד.',
      }),
      memoryRow({ full_name: 'מוסתר', is_hidden: true, image_urls: ['hidden'] }),
      memoryRow({ full_name: 'בלי תמונה', image_urls: [] }),
    ].map(toMemory)
    expect(videoSlides(memories)).toEqual([
      { photoUrl: 'a1', writer: 'דן', line: 'אמא צחקה.' },
      { photoUrl: 'b1', writer: 'נועה', line: 'A first memory' },
      { photoUrl: 'b2', writer: 'נועה', line: 'A first memory' },
    ])
  })

  it('cuts a long first sentence at a word, with an ellipsis', () => {
    const long = `${'מילה '.repeat(40)}סוף`
    const line = captionLine(toMemory(memoryRow({ memory_text_1: long })))
    expect(line.length).toBeLessThanOrEqual(111)
    expect(line.endsWith('מילה…')).toBe(true)
  })

  it('lasts five seconds for each card (the cover, the dedication, the closing cover) and the chosen time for each photo', () => {
    const slides = Array.from({ length: 4 }, (_, index) => ({ photoUrl: `${index}`, writer: 'דן', line: '' }))
    expect(videoSeconds({ slides: [], photoSeconds: 5, dedication: '' })).toBe(10)
    expect(videoSeconds({ slides, photoSeconds: 7, dedication: 'לזכרה' })).toBe(15 + 28)
    expect(frameCount({ slides: slides.slice(0, 3), photoSeconds: 5, dedication: '  ' })).toBe(25 * 25)
  })
})

describe('the photos offered first', () => {
  /** A book whose first writer added 60 photos and twelve others two each. */
  const book: VideoSlide[] = [
    ...Array.from({ length: 60 }, (_, index) => ({ photoUrl: `many-${index}`, writer: 'רבת תמונות', line: '' })),
    ...Array.from({ length: 24 }, (_, index) => ({ photoUrl: `w-${index}`, writer: `כותב ${index % 12}`, line: '' })),
  ]

  it('fill about five minutes and cover every writer, in the book order', () => {
    const chosen = defaultSlides(book, 5)
    const seconds = videoSeconds({ slides: chosen, photoSeconds: 5, dedication: '' })
    expect(seconds).toBeGreaterThan(270)
    expect(seconds).toBeLessThanOrEqual(300)
    expect(new Set(chosen.map((slide) => slide.writer)).size).toBe(13)
    // Each of the twelve writers gets both photos; the rest of the time goes to the first writer.
    expect(chosen.filter((slide) => slide.writer !== 'רבת תמונות')).toHaveLength(24)
    expect(chosen.map((slide) => book.indexOf(slide))).toEqual(
      chosen.map((slide) => book.indexOf(slide)).toSorted((a, b) => a - b),
    )
  })

  it('keep one photo of each writer when the writers are more than the time holds', () => {
    const writers = Array.from({ length: 80 }, (_, index) => ({
      photoUrl: `${index}`,
      writer: `כותב ${index}`,
      line: '',
    }))
    expect(defaultSlides(writers, 10)).toHaveLength(80)
    expect(defaultSlides(book.slice(0, 3), 5)).toHaveLength(3)
  })
})
