/*
 * The memory being written, kept on this device until the server has it: the texts, the chosen
 * photos (already compressed) and video as Blobs, which of them are uploaded already, and whether
 * the visitor pressed "save" (so it is sent by itself when the connection returns). It survives a
 * failed upload, a dropped connection and a reload. Stored in IndexedDB (files as bytes); the
 * storage itself is a small backend interface so the rules here are tested without a browser.
 */
import type { RelationFormKey } from '@/domains/memories/lib/relations'

export interface DraftFields {
  fullName: string
  relation: RelationFormKey | ''
  text1: string
  text2: string
  text3: string
}

export interface DraftMedia {
  id: string
  /** Where it goes in the bucket (chosen once, so a retried upload reuses it). */
  objectPath: string
  blob: Blob
  contentType: string
  caption: string
  /** The public URL once uploaded. */
  uploadedUrl: string | null
  /** When it was uploaded (ms since the epoch); unknown for drafts kept before this was recorded. */
  uploadedAt?: number
}

export interface MemoryDraft {
  version: 1
  bookId: string
  fields: DraftFields
  images: DraftMedia[]
  video: DraftMedia | null
  /** The visitor pressed "save"; the memory goes out as soon as it can. */
  pendingSubmit: boolean
  updatedAt: number
}

export interface DraftBackend {
  read(key: string): Promise<unknown>
  write(key: string, value: unknown): Promise<void>
  remove(key: string): Promise<void>
}

const emptyFields: DraftFields = { fullName: '', relation: '', text1: '', text2: '', text3: '' }

export function emptyDraft(bookId: string): MemoryDraft {
  return {
    version: 1,
    bookId,
    fields: { ...emptyFields },
    images: [],
    video: null,
    pendingSubmit: false,
    updatedAt: Date.now(),
  }
}

/** Nothing written and nothing chosen: not worth keeping or announcing. */
export function isDraftEmpty(draft: MemoryDraft): boolean {
  const { fullName, text1, text2, text3 } = draft.fields
  return (
    [fullName, text1, text2, text3].every((text) => text.trim() === '') && draft.images.length === 0 && !draft.video
  )
}

function isMedia(value: unknown): value is DraftMedia {
  if (typeof value !== 'object' || value === null) return false
  const media = value as Record<string, unknown>
  return (
    typeof media.id === 'string' &&
    typeof media.objectPath === 'string' &&
    media.blob instanceof Blob &&
    typeof media.contentType === 'string' &&
    typeof media.caption === 'string' &&
    (media.uploadedUrl === null || typeof media.uploadedUrl === 'string') &&
    (media.uploadedAt === undefined || typeof media.uploadedAt === 'number')
  )
}

/** A stored value is used only if it is a draft of this version for this book; anything else is dropped. */
function asDraft(value: unknown, bookId: string): MemoryDraft | null {
  if (typeof value !== 'object' || value === null) return null
  const draft = value as Partial<MemoryDraft>
  if (draft.version !== 1 || draft.bookId !== bookId || typeof draft.fields !== 'object' || draft.fields === null)
    return null
  const fields = { ...emptyFields, ...draft.fields }
  if (Object.values(fields).some((field) => typeof field !== 'string')) return null
  if (!Array.isArray(draft.images) || !draft.images.every(isMedia)) return null
  if (draft.video !== null && !isMedia(draft.video)) return null
  return {
    version: 1,
    bookId,
    fields,
    images: draft.images,
    video: draft.video ?? null,
    pendingSubmit: draft.pendingSubmit === true,
    updatedAt: typeof draft.updatedAt === 'number' ? draft.updatedAt : Date.now(),
  }
}

const keyFor = (bookId: string) => `memory-draft:${bookId}`

/*
 * Files are stored as bytes, not as Blobs: a Blob kept in IndexedDB can come back unreadable
 * after a reload (Chromium's in-memory profiles, older Safari), while an ArrayBuffer always does.
 * Blobs never change, so each one is read once.
 */
interface StoredMedia extends Omit<DraftMedia, 'blob'> {
  bytes: ArrayBuffer
}

const bytesOfBlob = new WeakMap<Blob, Promise<ArrayBuffer>>()

function readBytes(blob: Blob): Promise<ArrayBuffer> {
  let bytes = bytesOfBlob.get(blob)
  if (!bytes) {
    bytes = new Promise<ArrayBuffer>((resolve, reject) => {
      const reader = new FileReader()
      reader.onload = () => resolve(reader.result as ArrayBuffer)
      reader.onerror = () => reject(reader.error)
      reader.readAsArrayBuffer(blob)
    })
    bytesOfBlob.set(blob, bytes)
  }
  return bytes
}

async function toStoredMedia({ blob, ...media }: DraftMedia): Promise<StoredMedia> {
  return { ...media, bytes: await readBytes(blob) }
}

function fromStoredMedia(value: unknown): DraftMedia | null {
  if (typeof value !== 'object' || value === null) return null
  const { bytes, ...media } = value as Partial<StoredMedia>
  if (!(bytes instanceof ArrayBuffer) || typeof media.contentType !== 'string') return null
  const blob = new Blob([bytes], { type: media.contentType })
  bytesOfBlob.set(blob, Promise.resolve(bytes))
  const restored = { ...media, blob } as DraftMedia
  return isMedia(restored) ? restored : null
}

async function toStoredDraft(draft: MemoryDraft) {
  return {
    ...draft,
    images: await Promise.all(draft.images.map(toStoredMedia)),
    video: draft.video ? await toStoredMedia(draft.video) : null,
    updatedAt: Date.now(),
  }
}

/** A stored draft with its files back as Blobs; null when a file cannot be read back. */
function fromStoredDraft(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value
  const stored = value as { images?: unknown; video?: unknown }
  if (!Array.isArray(stored.images)) return value
  const images = stored.images.map(fromStoredMedia)
  const video = stored.video ? fromStoredMedia(stored.video) : null
  if (images.some((image) => image === null) || (stored.video && !video)) return null
  return { ...stored, images, video }
}

export interface DraftStore {
  load(bookId: string): Promise<MemoryDraft | null>
  save(draft: MemoryDraft): Promise<void>
  discard(bookId: string): Promise<void>
}

export function createDraftStore(backend: DraftBackend): DraftStore {
  return {
    async load(bookId) {
      const draft = asDraft(fromStoredDraft(await backend.read(keyFor(bookId))), bookId)
      return draft && !isDraftEmpty(draft) ? draft : null
    },
    async save(draft) {
      if (isDraftEmpty(draft) && !draft.pendingSubmit) {
        await backend.remove(keyFor(draft.bookId))
        return
      }
      await backend.write(keyFor(draft.bookId), await toStoredDraft(draft))
    },
    async discard(bookId) {
      await backend.remove(keyFor(bookId))
    },
  }
}

/** Keeps values in memory: for tests, and when the browser offers no IndexedDB (the draft then lasts the page). */
export function memoryBackend(): DraftBackend & { entries: Map<string, unknown> } {
  const entries = new Map<string, unknown>()
  return {
    entries,
    read: async (key) => entries.get(key),
    write: async (key, value) => void entries.set(key, value),
    remove: async (key) => void entries.delete(key),
  }
}

/** The draft after adding photos, up to `limit`; the ones beyond it are left out and counted. */
export function withAddedImages(
  draft: MemoryDraft,
  images: DraftMedia[],
  limit: number,
): { draft: MemoryDraft; leftOut: number } {
  const room = Math.max(0, limit - draft.images.length)
  const added = images.slice(0, room)
  return { draft: { ...draft, images: [...draft.images, ...added] }, leftOut: images.length - added.length }
}

/** The draft after a file reached the bucket, so a later retry does not upload it again. */
export function withUploadedMedia(
  draft: MemoryDraft,
  mediaId: string,
  url: string,
  uploadedAt = Date.now(),
): MemoryDraft {
  return {
    ...draft,
    images: draft.images.map((image) => (image.id === mediaId ? { ...image, uploadedUrl: url, uploadedAt } : image)),
    video: draft.video?.id === mediaId ? { ...draft.video, uploadedUrl: url, uploadedAt } : draft.video,
  }
}
