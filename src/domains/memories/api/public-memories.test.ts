import { afterEach, describe, expect, it, vi } from 'vitest'
import { startEarlyPublicMemories, takeArrivedPublicMemories, takeEarlyPublicMemories } from './public-memories'

const rows = [{ id: 'memory-1', full_name: 'מיכל' }]
const BOOK = '0b6f5f2a-6d2c-4c8e-9d4e-0a1b2c3d4e5f'

function answerWithRows() {
  const fetchMock = vi.fn(async (_address: URL | RequestInfo) => new Response(JSON.stringify(rows), { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
  delete window.__zochrimEarlyRequests
})

describe("a public book's memories asked for by the head script", () => {
  it('are asked for once, as a GET for the visible columns without the author', async () => {
    const fetchMock = answerWithRows()
    startEarlyPublicMemories(BOOK)
    startEarlyPublicMemories(BOOK)
    expect(fetchMock).toHaveBeenCalledTimes(1)
    const address = new URL(String(fetchMock.mock.calls[0]![0]))
    expect(address.pathname).toBe('/rest/v1/rpc/get_book_memories')
    expect(address.searchParams.get('book_ref')).toBe(BOOK)
    expect(address.searchParams.get('select')).toContain('memory_text_1')
    expect(address.searchParams.get('select')).not.toContain('author_user_id')
  })

  it('are handed to the app once: as data once they have come, or as the request before', async () => {
    answerWithRows()
    startEarlyPublicMemories(BOOK)
    expect(takeArrivedPublicMemories(BOOK)).toBeUndefined()
    await takeEarlyPublicMemories(BOOK)
    expect(takeEarlyPublicMemories(BOOK)).toBeUndefined()

    startEarlyPublicMemories(BOOK)
    await vi.waitFor(() => expect(window.__zochrimEarlyRequests?.get(`memories:${BOOK}`)?.arrived).toBeDefined())
    expect(takeArrivedPublicMemories(BOOK)).toEqual(rows)
    expect(takeArrivedPublicMemories(BOOK)).toBeUndefined()
  })
})
