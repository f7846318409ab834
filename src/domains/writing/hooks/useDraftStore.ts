import { useQuery } from '@tanstack/react-query'
import { useMemo } from 'react'
import { memoryKeys } from '@/domains/memories/api/memory-keys'
import { createDraftStore, memoryBackend, type DraftStore, type MemoryDraft } from '../lib/draft-store'
import { indexedDbAvailable, indexedDbBackend } from '../lib/indexed-db-backend'

/** The device's draft store (IndexedDB, or memory when the browser refuses it). */
export function useDraftStore(): DraftStore {
  return useMemo(() => createDraftStore(indexedDbAvailable() ? indexedDbBackend() : memoryBackend()), [])
}

/** The saved draft of this book, read once when the form opens (null when there is none). */
export function useSavedDraft(store: DraftStore, bookId: string) {
  return useQuery<MemoryDraft | null>({
    queryKey: memoryKeys.draft(bookId),
    // eslint-disable-next-line no-restricted-syntax -- the device's own IndexedDB: no request to abort
    queryFn: async () => {
      try {
        return await store.load(bookId)
      } catch {
        return null
      }
    },
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
  })
}
