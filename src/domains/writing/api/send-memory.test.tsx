import { onlineManager } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { bookKeys } from '@/domains/book/api/book-keys'
import { queryTestClient } from '@/test/query-wrapper'
import type { MemoryDraft } from '../lib/draft-store'
import { Refusal } from '@/lib/refusal'

const addMemory = vi.fn()
vi.mock('./add-memory', () => ({ addMemory: (...args: unknown[]) => addMemory(...args) }))
vi.mock('./upload-memory-file', () => ({ uploadMemoryFile: vi.fn() }))

const { useSendMemory } = await import('./send-memory')

const draft: MemoryDraft = {
  version: 1,
  bookId: 'book-1',
  fields: { fullName: 'דנה', relation: 'friend', text1: 'זיכרון', text2: '', text3: '' },
  images: [],
  video: null,
  pendingSubmit: false,
  updatedAt: 0,
}

function sending() {
  return {
    draft,
    context: { bookRef: 'book-1', accessGrant: null, asFamily: false },
    persist: async () => undefined,
    onProgress: () => undefined,
  }
}

describe('useSendMemory', () => {
  it('refreshes the views of the book once the memory is saved, and not when the server refused it', async () => {
    const { client, wrapper } = queryTestClient()
    const memories = bookKeys.memories('book-1')
    client.setQueryData(memories, [])
    const { result } = renderHook(() => useSendMemory(), { wrapper })

    addMemory.mockRejectedValueOnce(new Refusal(400, 'memory_limit_images', 'מקסימום 5 תמונות'))
    let outcome = await act(() => result.current.mutateAsync(sending()))
    expect(outcome).toMatchObject({ kind: 'refused', message: 'מקסימום 5 תמונות' })
    expect(client.getQueryState(memories)?.isInvalidated).toBe(false)

    addMemory.mockResolvedValueOnce({ memoryId: 'm1', source: 'guest' })
    outcome = await act(() => result.current.mutateAsync(sending()))
    expect(outcome).toEqual({ kind: 'saved', memoryId: 'm1', source: 'guest' })
    await waitFor(() => expect(client.getQueryState(memories)?.isInvalidated).toBe(true))
  })

  afterEach(() => onlineManager.setOnline(true))

  it('runs while the browser is offline, so the draft is kept and marked for later instead of waiting', async () => {
    const { wrapper } = queryTestClient()
    onlineManager.setOnline(false)
    addMemory.mockRejectedValueOnce(new TypeError('Failed to fetch'))
    const { result } = renderHook(() => useSendMemory(), { wrapper })
    const outcome = await act(() => result.current.mutateAsync(sending()))
    expect(outcome).toMatchObject({ kind: 'offline', draft: { pendingSubmit: true } })
  })
})
