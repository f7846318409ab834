import { afterEach, describe, expect, it, vi } from 'vitest'
import { memoriesStrings } from '@/domains/memories/strings/memories'
import { Refusal } from '@/lib/refusal'
import type { AddedMemory, NewMemory } from '../api/add-memory'
import { emptyDraft, type DraftMedia, type MemoryDraft } from './draft-store'
import { submitMemory, type SubmitDependencies } from './submit-memory'

const book = 'b0000000-0000-4000-8000-000000000001'

function media(id: string, contentType = 'image/jpeg', fields: Partial<DraftMedia> = {}): DraftMedia {
  return {
    id,
    objectPath: `memories/${book}/${id}.jpg`,
    blob: new Blob(['x'.repeat(100)]),
    contentType,
    caption: `caption ${id}`,
    uploadedUrl: null,
    ...fields,
  }
}

function draftWithPhotos(): MemoryDraft {
  return {
    ...emptyDraft(book),
    fields: { fullName: ' Sara ', relation: 'friend', text1: 'We met', text2: '', text3: 'Thank you' },
    images: [media('a'), media('b', 'image/jpeg', { uploadedUrl: 'https://x/b.jpg', uploadedAt: Date.now() })],
  }
}

function fakes(overrides: Partial<SubmitDependencies> = {}) {
  const persisted: MemoryDraft[] = []
  const added: NewMemory[] = []
  const dependencies: SubmitDependencies = {
    upload: vi.fn(async (item: DraftMedia, onProgress: (sent: number) => void) => {
      onProgress(item.blob.size)
      return `https://x/${item.id}.jpg`
    }),
    addMemory: vi.fn(async (memory: NewMemory): Promise<AddedMemory> => {
      added.push(memory)
      return { memoryId: 'm1', source: 'guest' }
    }),
    persist: vi.fn(async (draft: MemoryDraft) => void persisted.push(draft)),
    ...overrides,
  }
  return { dependencies, persisted, added }
}

const guest = { bookRef: book, accessGrant: null, asFamily: false }

afterEach(() => {
  vi.useRealTimers()
})

describe('submitMemory', () => {
  it('sends again a file uploaded more than six hours ago or at an unknown time, not one uploaded a minute ago', async () => {
    const { dependencies, added } = fakes()
    const hour = 60 * 60 * 1000
    const draft: MemoryDraft = {
      ...draftWithPhotos(),
      images: [
        media('old', 'image/jpeg', { uploadedUrl: 'https://x/old-first.jpg', uploadedAt: Date.now() - 7 * hour }),
        media('unknown', 'image/jpeg', { uploadedUrl: 'https://x/unknown-first.jpg' }),
        media('fresh', 'image/jpeg', { uploadedUrl: 'https://x/fresh.jpg', uploadedAt: Date.now() - 60_000 }),
      ],
    }
    expect(await submitMemory(draft, guest, dependencies)).toMatchObject({ kind: 'saved' })
    expect(vi.mocked(dependencies.upload).mock.calls.map(([item]) => item.id)).toEqual(['old', 'unknown'])
    expect(added[0]!.imageUrls).toEqual(['https://x/old.jpg', 'https://x/unknown.jpg', 'https://x/fresh.jpg'])
  })

  it('uploads only what is not uploaded yet, then adds the memory with every URL and caption', async () => {
    const { dependencies, persisted, added } = fakes()
    const progress: number[] = []
    const outcome = await submitMemory(draftWithPhotos(), guest, dependencies, ({ percent }) => progress.push(percent))

    expect(outcome).toEqual({ kind: 'saved', memoryId: 'm1', source: 'guest' })
    expect(dependencies.upload).toHaveBeenCalledTimes(1)
    expect(added[0]).toMatchObject({
      fullName: ' Sara ',
      relation: memoriesStrings.relationValues.friend,
      texts: ['We met', '', 'Thank you'],
      imageUrls: ['https://x/a.jpg', 'https://x/b.jpg'],
      imageCaptions: ['caption a', 'caption b'],
      videoUrl: null,
    })
    expect(persisted[0]?.pendingSubmit).toBe(true)
    expect(persisted.at(-1)?.images[0]?.uploadedUrl).toBe('https://x/a.jpg')
    expect(progress.at(-1)).toBe(100)
  })

  it('sends no relation for family entrants (the server writes בן משפחה) and passes the code', async () => {
    const { dependencies, added } = fakes()
    await submitMemory(draftWithPhotos(), { bookRef: book, accessGrant: 'grant-2580', asFamily: true }, dependencies)
    expect(added[0]).toMatchObject({ relation: null, accessGrant: 'grant-2580' })
  })

  it('keeps the whole memory, marked pending, when the network fails mid-way', async () => {
    vi.useFakeTimers()
    const upload = vi.fn(async (item: DraftMedia) => {
      if (item.id === 'c') throw new TypeError('Failed to fetch')
      return `https://x/${item.id}.jpg`
    })
    const { dependencies, added } = fakes({ upload })
    const start = { ...draftWithPhotos(), images: [media('a'), media('c')] }
    const outcome = submitMemory(start, guest, dependencies)
    await vi.advanceTimersByTimeAsync(5000)
    const result = await outcome

    expect(result.kind).toBe('offline')
    if (result.kind !== 'offline') return
    expect(result.draft.pendingSubmit).toBe(true)
    expect(result.draft.images.map((image) => image.uploadedUrl)).toEqual(['https://x/a.jpg', null])
    expect(result.draft.fields.text1).toBe('We met')
    expect(upload).toHaveBeenCalledTimes(4)
    expect(added).toHaveLength(0)
  })

  it('reports the server’s refusal with its message and stops waiting to resend', async () => {
    const refusal = new Refusal(400, 'memory_limit_images', 'מקסימום 5 תמונות')
    const { dependencies } = fakes({ addMemory: vi.fn().mockRejectedValue(refusal) })
    const outcome = await submitMemory(draftWithPhotos(), guest, dependencies)
    expect(outcome).toMatchObject({ kind: 'refused', stage: 'memory', message: 'מקסימום 5 תמונות' })
    if (outcome.kind === 'refused') expect(outcome.draft.pendingSubmit).toBe(false)
  })

  it('reports a refused upload as an image or video failure', async () => {
    const { dependencies } = fakes({
      upload: vi.fn().mockRejectedValue(new Error('The object exceeded the maximum allowed size')),
    })
    const video = { ...emptyDraft(book), fields: draftWithPhotos().fields, video: media('v', 'video/mp4') }
    // The storage's English words are never shown: the screen says which file failed in its own.
    expect(await submitMemory(video, guest, dependencies)).toMatchObject({
      kind: 'refused',
      stage: 'video',
      message: '',
    })
  })

  it('reports a wrong family code without losing the draft', async () => {
    const { dependencies } = fakes({
      addMemory: vi
        .fn()
        .mockRejectedValue(new Refusal(403, 'family_access_expired', 'הגישה לספר פגה, יש להזין שוב את הקוד המשפחתי')),
    })
    const outcome = await submitMemory(
      draftWithPhotos(),
      { ...guest, accessGrant: 'expired-grant', asFamily: true },
      dependencies,
    )
    expect(outcome.kind).toBe('wrong-code')
    if (outcome.kind === 'wrong-code') expect(outcome.draft.images[0]?.uploadedUrl).toBe('https://x/a.jpg')
  })
})
