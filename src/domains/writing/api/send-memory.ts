import { useMutation, useQueryClient } from '@tanstack/react-query'
import { refreshBookViews } from '@/domains/book/api/book-keys'
import type { MemoryDraft } from '../lib/draft-store'
import { submitMemory, type SubmitContext, type SubmitOutcome, type SubmitProgress } from '../lib/submit-memory'
import { addMemory } from './add-memory'
import { uploadMemoryFile } from './upload-memory-file'

export interface MemorySending {
  draft: MemoryDraft
  context: SubmitContext
  /** Keeps the draft on the device after each uploaded file. */
  persist: (draft: MemoryDraft) => Promise<void>
  onProgress: (progress: SubmitProgress) => void
}

/** Uploads the draft's media and adds the memory; every failure is an outcome that keeps the draft. */
function sendMemory({ draft, context, persist, onProgress }: MemorySending): Promise<SubmitOutcome> {
  return submitMemory(
    draft,
    context,
    { upload: (item, onUpload) => uploadMemoryFile({ ...item, onProgress: onUpload }), addMemory, persist },
    onProgress,
  )
}

/** A saved memory changes the book's views (its memories, the managers' pending list). */
export function useSendMemory() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: sendMemory,
    onSuccess: (outcome) => {
      if (outcome.kind === 'saved') void refreshBookViews(queryClient)
    },
  })
}
