import { UNREFERENCED_UPLOAD_GRACE_HOURS } from '@contracts/limits.ts'
import { relationValue } from '@/domains/memories/lib/relations'
import { isNetworkError, withNetworkRetry } from '@/lib/retry'
import { isFamilyAccessExpired } from '@/domains/book/api/api-error'
import { refusalMessage } from '@/lib/refusal'
import type { AddedMemory, NewMemory } from '../api/add-memory'
import { withUploadedMedia, type DraftMedia, type MemoryDraft } from './draft-store'

export interface SubmitContext {
  bookRef: string
  accessGrant: string | null
  /** Family entrants write as 'family member' (set by the server); guests send their chosen relation. */
  asFamily: boolean
}

export interface SubmitProgress {
  phase: 'uploading' | 'saving'
  /** 0–100 of all bytes still to upload in this attempt. */
  percent: number
}

export interface SubmitDependencies {
  upload: (media: DraftMedia, onProgress: (sentBytes: number) => void) => Promise<string>
  addMemory: (memory: NewMemory) => Promise<AddedMemory>
  /** Writes the draft (after each uploaded file, so nothing is uploaded twice). */
  persist: (draft: MemoryDraft) => Promise<void>
}

export type SubmitOutcome =
  | { kind: 'saved'; memoryId: string; source: 'guest' | 'family' }
  /** The network failed: the draft is kept, marked pending, and goes out when the connection returns. */
  | { kind: 'offline'; draft: MemoryDraft }
  | { kind: 'wrong-code'; draft: MemoryDraft }
  /** The server or the storage refused; `message` is a named refusal's Hebrew message, else empty. */
  | { kind: 'refused'; draft: MemoryDraft; stage: 'image' | 'video' | 'memory'; message: string }

function memoryFrom(draft: MemoryDraft, context: SubmitContext): NewMemory {
  const { fields } = draft
  return {
    bookRef: context.bookRef,
    accessGrant: context.accessGrant,
    fullName: fields.fullName,
    relation: context.asFamily || !fields.relation ? null : relationValue(fields.relation),
    texts: [fields.text1, fields.text2, fields.text3],
    imageUrls: draft.images.map((image) => image.uploadedUrl ?? ''),
    imageCaptions: draft.images.map((image) => image.caption.trim()),
    videoUrl: draft.video?.uploadedUrl ?? null,
  }
}

function messageOf(error: unknown): string {
  return refusalMessage(error, '')
}

/**
 * A file uploaded long ago may have been removed as an upload nothing refers to (storage keeps
 * those UNREFERENCED_UPLOAD_GRACE_HOURS): past half that, or when its time is unknown, it is sent
 * again to the same path (a copy still there answers "already exists", which counts as uploaded).
 */
const UPLOAD_FRESH_MS = (UNREFERENCED_UPLOAD_GRACE_HOURS / 2) * 60 * 60 * 1000

function needsUpload(media: DraftMedia, now: number): boolean {
  return !media.uploadedUrl || media.uploadedAt === undefined || now - media.uploadedAt > UPLOAD_FRESH_MS
}

/**
 * Sends the draft: uploads every photo and the video not uploaded yet or long ago (each with the network
 * retry rule, recording its URL in the draft as soon as it is in the bucket), then adds the
 * memory. Every failure leaves the whole memory in the draft.
 */
export async function submitMemory(
  start: MemoryDraft,
  context: SubmitContext,
  dependencies: SubmitDependencies,
  onProgress: (progress: SubmitProgress) => void = () => undefined,
): Promise<SubmitOutcome> {
  let draft: MemoryDraft = { ...start, pendingSubmit: true }
  await dependencies.persist(draft)

  const now = Date.now()
  const waiting = [...draft.images, ...(draft.video ? [draft.video] : [])].filter((media) => needsUpload(media, now))
  const totalBytes = waiting.reduce((sum, media) => sum + media.blob.size, 0)
  let doneBytes = 0
  const report = (sent: number) =>
    onProgress({
      phase: 'uploading',
      percent: totalBytes ? Math.min(100, Math.round(((doneBytes + sent) / totalBytes) * 100)) : 100,
    })

  for (const media of waiting) {
    report(0)
    try {
      const url = await withNetworkRetry(() => dependencies.upload(media, report))
      doneBytes += media.blob.size
      draft = withUploadedMedia(draft, media.id, url)
      await dependencies.persist(draft)
    } catch (error) {
      if (isNetworkError(error)) return { kind: 'offline', draft }
      draft = { ...draft, pendingSubmit: false }
      await dependencies.persist(draft)
      return {
        kind: 'refused',
        draft,
        stage: media.contentType.startsWith('video/') ? 'video' : 'image',
        message: messageOf(error),
      }
    }
  }

  onProgress({ phase: 'saving', percent: 100 })
  try {
    const added = await dependencies.addMemory(memoryFrom(draft, context))
    return { kind: 'saved', memoryId: added.memoryId, source: added.source }
  } catch (error) {
    if (isNetworkError(error)) return { kind: 'offline', draft }
    draft = { ...draft, pendingSubmit: false }
    await dependencies.persist(draft)
    if (isFamilyAccessExpired(error)) return { kind: 'wrong-code', draft }
    return { kind: 'refused', draft, stage: 'memory', message: messageOf(error) }
  }
}
