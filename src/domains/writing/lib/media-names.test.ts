import { describe, expect, it } from 'vitest'
import { extensionFor, newMediaPath } from './media-names'

const book = 'b0000000-0000-4000-8000-000000000001'

describe('newMediaPath', () => {
  it('puts photos under memories/<book>/ and videos under videos/<book>/, with a random ASCII name', () => {
    const now = new Date('2026-11-22T10:00:00Z')
    const photo = newMediaPath('image', book, 'image/jpeg', now)
    expect(photo).toMatch(new RegExp(`^memories/${book}/20261122-[0-9a-f]{24}\\.jpg$`))
    expect(newMediaPath('video', book, 'video/quicktime', now)).toMatch(
      new RegExp(`^videos/${book}/20261122-[0-9a-f]{24}\\.mov$`),
    )
    expect(newMediaPath('image', book, 'image/jpeg', now)).not.toBe(photo)
  })

  it('matches the name rule of the memory validation', () => {
    const name = newMediaPath('image', book, 'image/webp').split('/')[2]!
    expect(name).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/)
  })

  it('refuses types the bucket does not accept, or of the other kind', () => {
    expect(() => newMediaPath('image', book, 'image/gif')).toThrow()
    expect(() => newMediaPath('image', book, 'video/mp4')).toThrow()
    expect(extensionFor('IMAGE/PNG')).toBe('png')
  })
})
