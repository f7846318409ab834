import { describe, expect, it } from 'vitest'
import { memoryPreview } from './memory-preview'

const texts = (one: string | null, two: string | null = null, three: string | null = null) => ({
  memory_text_1: one,
  memory_text_2: two,
  memory_text_3: three,
})

describe('memoryPreview', () => {
  it('keeps a short first text whole', () => {
    expect(memoryPreview(texts('זיכרון קצר'))).toBe('זיכרון קצר')
  })

  it('cuts at 100 characters with an ellipsis', () => {
    const preview = memoryPreview(texts('א'.repeat(150)))
    expect(preview).toBe(`${'א'.repeat(100)}…`)
  })

  it('keeps exactly 100 characters uncut', () => {
    expect(memoryPreview(texts('ב'.repeat(100)))).toBe('ב'.repeat(100))
  })

  it('uses the next text when the first is empty', () => {
    expect(memoryPreview(texts('  ', null, 'מה לא הספקתי להגיד'))).toBe('מה לא הספקתי להגיד')
  })

  it('is empty when the memory has no text', () => {
    expect(memoryPreview(texts(null))).toBe('')
  })
})
