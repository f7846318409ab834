import { afterEach, describe, expect, it, vi } from 'vitest'
import { startBookCardRequest, takeBookCardRequest } from './early-book-card'

const card = { book_id: 'RACHEL23', full_name: 'רחל', profile_image_url: null, background_image_url: null }

function answerWithCard() {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => new Response(JSON.stringify([card]), { status: 200 }))
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
  delete window.__zochrimBookCards
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

  it('lives on the window, so the app takes over what the inline head script started', () => {
    answerWithCard()
    startBookCardRequest('/add-memory/RACHEL23')
    expect(window.__zochrimBookCards?.has('RACHEL23')).toBe(true)
  })

  it('asks for nothing on pages that are not named after a book', () => {
    const fetchMock = answerWithCard()
    for (const path of ['/', '/login', '/share/', '/share/a/b', '/share/%E0%A4%A']) startBookCardRequest(path)
    expect(fetchMock).not.toHaveBeenCalled()
  })
})
