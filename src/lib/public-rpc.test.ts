import { afterEach, describe, expect, it, vi } from 'vitest'
import { getPublicRpc, getPublicRows } from './public-rpc'
import { isNetworkError } from './retry'

afterEach(() => vi.unstubAllGlobals())

describe('the plain GETs of a visitor’s first screen', () => {
  it('hand the query’s signal to fetch, so a screen that is left stops them', async () => {
    const fetch = vi.fn((_address: URL, _init?: RequestInit) => Promise.resolve(Response.json([{ id: 1 }])))
    vi.stubGlobal('fetch', fetch)
    const controller = new AbortController()

    await getPublicRpc('get_book_card', { book_ref: 'RACHEL23' }, { signal: controller.signal })
    await getPublicRows('plan_prices', 'plan_type', controller.signal)

    expect(fetch.mock.calls.map(([, init]) => init?.signal)).toEqual([controller.signal, controller.signal])
  })

  it('stop as an abort, which no retry takes for a network failure', async () => {
    vi.stubGlobal('fetch', (_address: URL, init?: RequestInit) =>
      Promise.reject(init?.signal?.reason ?? new TypeError('Failed to fetch')),
    )
    const controller = new AbortController()
    controller.abort()

    const failure = await getPublicRpc('get_book_card', {}, { signal: controller.signal }).catch(
      (error: unknown) => error,
    )
    expect(failure).toMatchObject({ name: 'AbortError' })
    expect(isNetworkError(failure)).toBe(false)
  })
})
