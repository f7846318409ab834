import { describe, expect, it } from 'vitest'
import { memoryRow } from '../../lib/memory-fixtures.test-utils'
import { toMemory } from '../../lib/memory-model'
import { captionLine, frameCount, videoSeconds, videoSlides } from './video-plan'

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

  it('lasts five seconds for the cover, each photo and the cover again, at 25 frames a second', () => {
    expect(videoSeconds(0)).toBe(10)
    expect(videoSeconds(400)).toBe(2010)
    expect(frameCount(3)).toBe(25 * 25)
  })
})
