import { describe, expect, it } from 'vitest'
import {
  createDraftStore,
  emptyDraft,
  isDraftEmpty,
  memoryBackend,
  withAddedImages,
  withUploadedMedia,
  type DraftMedia,
  type MemoryDraft,
} from './draft-store'

const book = 'b0000000-0000-4000-8000-000000000001'

/** jsdom's Blob has no text(); FileReader reads it as a browser would. */
function readBlob(blob: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader()
    reader.onload = () => resolve(String(reader.result))
    reader.onerror = () => reject(reader.error)
    reader.readAsText(blob)
  })
}

function photo(id: string, fields: Partial<DraftMedia> = {}): DraftMedia {
  return {
    id,
    objectPath: `memories/${book}/20261122-${id}.jpg`,
    blob: new Blob([`bytes of ${id}`], { type: 'image/jpeg' }),
    contentType: 'image/jpeg',
    caption: '',
    uploadedUrl: null,
    ...fields,
  }
}

function writtenDraft(): MemoryDraft {
  return {
    ...emptyDraft(book),
    fields: { fullName: 'Sara', relation: 'friend', text1: 'We met in 1970', text2: '', text3: '' },
  }
}

describe('the draft store', () => {
  it('keeps texts, photos (as Blobs) and the pending flag, and gives them back for the same book', async () => {
    const store = createDraftStore(memoryBackend())
    const draft = { ...writtenDraft(), images: [photo('a', { caption: 'the garden' })], pendingSubmit: true }
    await store.save(draft)

    const loaded = await store.load(book)
    expect(loaded?.fields).toEqual(draft.fields)
    expect(loaded?.pendingSubmit).toBe(true)
    expect(loaded?.images[0]?.caption).toBe('the garden')
    expect(await readBlob(loaded!.images[0]!.blob)).toBe('bytes of a')
    expect(await store.load('another-book')).toBeNull()
  })

  it('forgets the draft once it is discarded (the memory was saved)', async () => {
    const backend = memoryBackend()
    const store = createDraftStore(backend)
    await store.save(writtenDraft())
    await store.discard(book)
    expect(await store.load(book)).toBeNull()
    expect(backend.entries.size).toBe(0)
  })

  it('does not keep an empty draft, and removes one that became empty', async () => {
    const backend = memoryBackend()
    const store = createDraftStore(backend)
    await store.save(emptyDraft(book))
    expect(backend.entries.size).toBe(0)
    await store.save(writtenDraft())
    await store.save({ ...writtenDraft(), fields: { ...emptyDraft(book).fields } })
    expect(backend.entries.size).toBe(0)
  })

  it('stores files as bytes, so they read back after a reload', async () => {
    const backend = memoryBackend()
    const store = createDraftStore(backend)
    await store.save({ ...writtenDraft(), images: [photo('a')] })
    const stored = backend.entries.get(`memory-draft:${book}`) as { images: Array<{ bytes: unknown; blob?: unknown }> }
    expect(stored.images[0]!.bytes).toBeInstanceOf(ArrayBuffer)
    expect(stored.images[0]!.blob).toBeUndefined()
    const loaded = await store.load(book)
    expect(loaded?.images[0]?.blob.type).toBe('image/jpeg')
  })

  it('drops a stored value that is not a draft of this version and book', async () => {
    const backend = memoryBackend()
    const store = createDraftStore(backend)
    backend.entries.set(`memory-draft:${book}`, { version: 0, bookId: book })
    expect(await store.load(book)).toBeNull()
    backend.entries.set(`memory-draft:${book}`, { ...writtenDraft(), images: [{ id: 'x' }] })
    expect(await store.load(book)).toBeNull()
    backend.entries.set(`memory-draft:${book}`, { ...writtenDraft(), bookId: 'other' })
    expect(await store.load(book)).toBeNull()
  })
})

describe('draft changes', () => {
  it('adds photos up to the limit and counts those left out', () => {
    const start = { ...writtenDraft(), images: [photo('a'), photo('b'), photo('c'), photo('d')] }
    const { draft, leftOut } = withAddedImages(start, [photo('e'), photo('f')], 5)
    expect(draft.images.map((image) => image.id)).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(leftOut).toBe(1)
    expect(withAddedImages(start, [photo('e'), photo('f')], 10).leftOut).toBe(0)
  })

  it('records an uploaded photo or video by id', () => {
    const start: MemoryDraft = {
      ...writtenDraft(),
      images: [photo('a'), photo('b')],
      video: photo('v', { contentType: 'video/mp4' }),
    }
    const afterPhoto = withUploadedMedia(start, 'b', 'https://x/b.jpg')
    expect(afterPhoto.images.map((image) => image.uploadedUrl)).toEqual([null, 'https://x/b.jpg'])
    expect(withUploadedMedia(afterPhoto, 'v', 'https://x/v.mp4').video?.uploadedUrl).toBe('https://x/v.mp4')
  })

  it('calls a draft with a name, a text or a file not empty', () => {
    expect(isDraftEmpty(emptyDraft(book))).toBe(true)
    expect(isDraftEmpty(writtenDraft())).toBe(false)
    expect(isDraftEmpty({ ...emptyDraft(book), images: [photo('a')] })).toBe(false)
    expect(isDraftEmpty({ ...emptyDraft(book), fields: { ...emptyDraft(book).fields, text3: '   ' } })).toBe(true)
  })
})
