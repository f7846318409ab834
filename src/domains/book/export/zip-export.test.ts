// @vitest-environment node
// The ZIP is made of the fetched Blobs, which must be the runtime's own (jsdom has another Blob).
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { BookExportData } from './export-model'
import { bookZipStream, type ExportProgress } from './zip-export'

const media = 'https://project.example/storage/v1/object/public/memory-images'

const data: BookExportData = {
  book: {
    id: 'b5a7d1f0-0000-4000-8000-000000000001',
    short_code: 'MOSHE23',
    full_name: 'משה לוי',
    birth_date: null,
    death_date: null,
    died_after_sunset: false,
    memory_quote: null,
    creator_name: null,
    plan_type: 'pro',
    is_public: false,
    created_at: '2026-10-01T08:00:00Z',
    profile_image_url: null,
    background_image_url: null,
  },
  memories: [
    {
      id: 'm1',
      created_at: '2026-10-02T09:00:00Z',
      full_name: 'רות',
      relation_to_deceased: null,
      texts: ['זיכרון'],
      sections: [{ prompt: 1, text: 'זיכרון' }],
      image_urls: [`${media}/memories/b/flaky.png`, `${media}/memories/b/broken.png`],
      image_captions: [],
      video_url: null,
      is_hidden: false,
    },
  ],
  shiva: null,
  candles: { count: 0, names: [] },
}

/** The ZIP's bytes as text: its file names are stored as they are (client-zip writes no compression). */
async function zipText(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder().decode(await new Response(stream).arrayBuffer())
}

afterEach(() => vi.unstubAllGlobals())

describe('the export ZIP', () => {
  it('tries a file again, and lists one that still fails instead of stopping', async () => {
    const calls = new Map<string, number>()
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        calls.set(url, (calls.get(url) ?? 0) + 1)
        if (url.endsWith('flaky.png') && calls.get(url)! < 3) throw new TypeError('network')
        if (url.endsWith('broken.png')) return new Response('no', { status: 503 })
        return new Response('PHOTO-BYTES')
      }),
    )
    const progress: ExportProgress[] = []
    const zip = bookZipStream(data, new AbortController().signal, (step) => progress.push(step), { retryPauseMs: 0 })
    const text = await zipText(zip.stream)

    expect(calls.get(`${media}/memories/b/flaky.png`)).toBe(3)
    expect(calls.get(`${media}/memories/b/broken.png`)).toBe(3)
    expect(text).toContain('media/memory-001-photo-1.png')
    expect(text).toContain('PHOTO-BYTES')
    expect(text.split('PK\u0001\u0002')).toHaveLength(1 + 4)
    expect(text).toContain('failed-files.txt')
    expect(text).toContain(`media/memory-001-photo-2.png\t${media}/memories/b/broken.png`)
    expect(text).toContain('index.html')
    expect(text).toContain('book.json')
    expect(zip.finished()).toEqual({ failed: ['media/memory-001-photo-2.png'], bytes: 'PHOTO-BYTES'.length })
    expect(progress.at(-1)).toEqual({ done: 2, total: 2, bytes: 11, failed: ['media/memory-001-photo-2.png'] })
  })

  it('stops the downloads and the stream when cancelled', async () => {
    const abort = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        abort.abort()
        throw init.signal!.reason
      }),
    )
    const zip = bookZipStream(data, abort.signal, () => undefined, { retryPauseMs: 0 })
    await expect(zipText(zip.stream)).rejects.toThrow()
    expect(fetch).toHaveBeenCalledTimes(1)
  })
})
