import { act, renderHook } from '@testing-library/react'
import { useForm } from 'react-hook-form'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { emptyDraft, type DraftMedia, type DraftStore, type MemoryDraft } from '../lib/draft-store'
import type { MemoryFormValues } from '../schemas/memory-form'
import { useMemoryDraft } from './useMemoryDraft'

const book = 'b0000000-0000-4000-8000-000000000001'

function photo(id: string): DraftMedia {
  return {
    id,
    objectPath: `memories/${book}/${id}.jpg`,
    blob: new Blob([id], { type: 'image/jpeg' }),
    contentType: 'image/jpeg',
    caption: '',
    uploadedUrl: null,
  }
}

function fakeStore(save: DraftStore['save'] = async () => undefined) {
  return { load: vi.fn(async () => null), save: vi.fn(save), discard: vi.fn(async () => undefined) }
}

function renderDraft(store: DraftStore, initialDraft: MemoryDraft = emptyDraft(book)) {
  return renderHook(() => {
    const form = useForm<MemoryFormValues>({ defaultValues: initialDraft.fields })
    return { form, draft: useMemoryDraft(form, store, initialDraft) }
  })
}

const lastSaved = (store: ReturnType<typeof fakeStore>) => store.save.mock.calls.at(-1)?.[0]

describe('useMemoryDraft', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('saves what is typed once the typing pauses, one save for many keystrokes', () => {
    const store = fakeStore()
    const { result } = renderDraft(store)
    act(() => {
      result.current.form.setValue('text1', 'W')
      result.current.form.setValue('text1', 'We met')
    })
    expect(store.save).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(300))
    expect(store.save).toHaveBeenCalledOnce()
    expect(lastSaved(store)?.fields.text1).toBe('We met')
  })

  it('shows and saves a media change at once', () => {
    const store = fakeStore()
    const { result } = renderDraft(store)
    act(() => result.current.draft.changeMedia({ images: [photo('a')] }))
    expect(result.current.draft.images.map((image) => image.id)).toEqual(['a'])
    expect(result.current.draft.latest().images).toHaveLength(1)
    expect(lastSaved(store)?.images.map((image) => image.id)).toEqual(['a'])
  })

  it('saves everything when the page is hidden', () => {
    const store = fakeStore()
    const { result } = renderDraft(store)
    act(() => result.current.form.setValue('fullName', 'Sara'))
    act(() => void window.dispatchEvent(new Event('pagehide')))
    expect(lastSaved(store)?.fields.fullName).toBe('Sara')
  })

  it('keeps what is on screen when the device refuses to save', async () => {
    const store = fakeStore(async () => {
      throw new Error('QuotaExceededError')
    })
    const { result } = renderDraft(store)
    await act(async () => result.current.draft.changeMedia({ video: photo('clip') }))
    expect(result.current.draft.video?.id).toBe('clip')
  })

  it('forgets the draft on discard: the stored copy, the fields, the media and the pending send', async () => {
    const store = fakeStore()
    const restored = {
      ...emptyDraft(book),
      fields: { fullName: 'Sara', relation: 'friend' as const, text1: 'x', text2: '', text3: '' },
      images: [photo('a')],
      pendingSubmit: true,
    }
    const { result } = renderDraft(store, restored)
    expect(result.current.draft.pending).toBe(true)
    await act(() => result.current.draft.discard())
    expect(store.discard).toHaveBeenCalledWith(book)
    expect(result.current.form.getValues()).toEqual({ fullName: '', relation: '', text1: '', text2: '', text3: '' })
    expect(result.current.draft.images).toEqual([])
    expect(result.current.draft.pending).toBe(false)
  })
  it('once the server confirmed the send, nothing writes the draft back: not the submit ending, nor leaving', async () => {
    const store = fakeStore()
    const { result, unmount } = renderDraft(store)
    act(() => result.current.form.setValue('text1', 'We met'))
    act(() => result.current.draft.adopt({ ...result.current.draft.currentDraft(), pendingSubmit: true }))
    await act(() => result.current.draft.forgetSent())
    expect(store.discard).toHaveBeenCalledWith(book)
    // The form's state changes when its submit ends (react-hook-form tells its subscribers).
    act(() => result.current.form.setValue('text2', 'and'))
    act(() => vi.advanceTimersByTime(300))
    act(() => void window.dispatchEvent(new Event('pagehide')))
    unmount()
    expect(store.save).not.toHaveBeenCalled()
  })

  it('saves the typing not yet saved when the form closes', () => {
    const store = fakeStore()
    const { result, unmount } = renderDraft(store)
    act(() => result.current.form.setValue('fullName', 'Sara'))
    unmount()
    expect(lastSaved(store)?.fields.fullName).toBe('Sara')
    act(() => vi.advanceTimersByTime(300))
    expect(store.save).toHaveBeenCalledOnce()
  })
})
