import { act, renderHook } from '@testing-library/react'
import { toast } from 'sonner'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { tAddMemory as t } from '@/domains/writing/strings/add-memory'
import type { DraftMedia } from '../lib/draft-store'
import type { MediaChange } from './useMemoryDraft'
import { useMediaChoice } from './useMediaChoice'

vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))
vi.mock('../lib/compress-image', () => ({
  prepareImage: async (file: File) => {
    if (file.name === 'broken.jpg' || file.name === 'broken.heic') throw new Error('cannot decode')
    return { blob: new Blob(['small']), contentType: 'image/webp', originalBytes: file.size }
  },
}))

const book = 'b0000000-0000-4000-8000-000000000001'

/** The draft's media as useMemoryDraft keeps it. */
function fakeDraft(images: DraftMedia[] = []) {
  const state = { images, video: null as DraftMedia | null }
  return {
    state,
    latest: () => state,
    changeMedia: vi.fn((change: MediaChange) => Object.assign(state, change)),
  }
}

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' })

describe('useMediaChoice', () => {
  beforeEach(() => vi.mocked(toast.error).mockClear())

  it('adds each chosen photo compressed, with a path of its own under the book', async () => {
    const draft = fakeDraft()
    const { result } = renderHook(() => useMediaChoice(draft, book, 5))
    await act(() => result.current.pickImages([photo('a.jpg'), photo('b.jpg')]))
    expect(draft.state.images).toHaveLength(2)
    expect(draft.state.images[0]).toMatchObject({ contentType: 'image/webp', caption: '', uploadedUrl: null })
    expect(draft.state.images[0]!.objectPath).toContain(book)
    expect(draft.state.images[0]!.objectPath).not.toBe(draft.state.images[1]!.objectPath)
    expect(result.current.preparing).toBe(0)
  })

  it('keeps to the limit, refuses what is not a picture and says which photo it could not read', async () => {
    const draft = fakeDraft()
    const { result } = renderHook(() => useMediaChoice(draft, book, 2))
    const notes = new File(['x'], 'notes.pdf', { type: 'application/pdf' })
    await act(() => result.current.pickImages([notes, photo('broken.jpg'), photo('a.jpg'), photo('b.jpg')]))
    expect(draft.state.images).toHaveLength(1)
    expect(toast.error).toHaveBeenCalledWith(t('images.notImage'))
    expect(toast.error).toHaveBeenCalledWith(t('images.max', { max: 2 }))
    expect(toast.error).toHaveBeenCalledWith(t('images.unreadable', { name: 'broken.jpg' }))
  })

  it('takes an iPhone photo the browser names no type for, and says so plainly when it cannot be converted', async () => {
    const draft = fakeDraft()
    const { result } = renderHook(() => useMediaChoice(draft, book, 5))
    const untyped = (name: string) => new File(['x'], name, { type: '' })
    await act(() => result.current.pickImages([untyped('IMG_0001.HEIC'), untyped('broken.heic')]))
    expect(draft.state.images).toHaveLength(1)
    expect(toast.error).not.toHaveBeenCalledWith(t('images.notImage'))
    expect(toast.error).toHaveBeenCalledWith(t('images.heicUnreadable', { name: 'broken.heic' }))
  })

  it('takes a video of an accepted type within the upload limit, and refuses the others', () => {
    const draft = fakeDraft()
    const { result } = renderHook(() => useMediaChoice(draft, book, 5))
    act(() => result.current.pickVideo(new File(['x'], 'clip.avi', { type: 'video/x-msvideo' })))
    expect(toast.error).toHaveBeenCalledWith(t('video.notVideo'))
    const huge = new File(['x'], 'long.mp4', { type: 'video/mp4' })
    Object.defineProperty(huge, 'size', { value: 51 * 1024 * 1024 })
    act(() => result.current.pickVideo(huge))
    expect(toast.error).toHaveBeenCalledWith(t('video.tooLarge'))
    expect(draft.state.video).toBeNull()
    act(() => result.current.pickVideo(new File(['x'], 'clip.mp4', { type: 'video/mp4' })))
    expect(draft.state.video).toMatchObject({ contentType: 'video/mp4' })
  })
})
