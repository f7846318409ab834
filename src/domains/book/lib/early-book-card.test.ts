import { afterEach, describe, expect, it, vi } from 'vitest'
import { bookPageOf, startBookCardRequest, takeArrivedBookCard, takeBookCardRequest } from './early-book-card'

const card = { short_code: 'RACHEL23', full_name: 'רחל', profile_image_url: null, background_image_url: null }

function answerWithCard() {
  const fetchMock = vi.fn(async (_address: URL | RequestInfo) => new Response(JSON.stringify([card]), { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
  delete window.__zochrimEarlyRequests
})

describe('the early book-card request', () => {
  it('is started once per book, whether by the head script or by the app, and handed over once', async () => {
    const fetchMock = answerWithCard()
    startBookCardRequest('/share/rachel23')
    startBookCardRequest('/view-book/RACHEL23')
    expect(fetchMock).toHaveBeenCalledTimes(1)
    expect(String(fetchMock.mock.calls[0]![0])).toContain('book_ref=rachel23')

    await expect(takeBookCardRequest('Rachel23')).resolves.toEqual(card)
    expect(takeBookCardRequest('RACHEL23')).toBeUndefined()
  })

  it('hands over its card at once, and once, after it has arrived; not before', async () => {
    answerWithCard()
    const request = startBookCardRequest('/share/RACHEL23')
    expect(takeArrivedBookCard('RACHEL23')).toBeUndefined()
    await request
    expect(takeArrivedBookCard('rachel23')).toEqual({ value: card })
    expect(takeArrivedBookCard('RACHEL23')).toBeUndefined()
    expect(takeBookCardRequest('RACHEL23')).toBeUndefined()
  })

  it('lives on the window, so the app takes over what the inline head script started', () => {
    answerWithCard()
    startBookCardRequest('/add-memory/RACHEL23')
    expect(window.__zochrimEarlyRequests?.has('card:RACHEL23')).toBe(true)
  })

  it('names the kind of book page an address is', () => {
    expect(bookPageOf('/share/RACHEL23')).toBe('share')
    expect(bookPageOf('/view-book/6XJ8L9UA/')).toBe('view-book')
    expect(bookPageOf('/dashboard')).toBeNull()
  })

  it('asks for nothing on pages that are not named after a book', () => {
    const fetchMock = answerWithCard()
    for (const path of ['/', '/login', '/share/', '/share/a/b', '/share/%E0%A4%A']) startBookCardRequest(path)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
