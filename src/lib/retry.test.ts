import { afterEach, describe, expect, it, vi } from 'vitest'
import { NetworkFailure, fetchOrNetworkFailure } from './network-failure'
import { isNetworkError, retryDelayMs, withNetworkRetry } from './retry'

const noWait = () => Promise.resolve()

afterEach(() => {
  vi.restoreAllMocks()
})

describe('isNetworkError', () => {
  // By the error's kind: each engine words a failed fetch its own way (Safari: "Load failed").
  it.each([
    [new TypeError('Failed to fetch'), true],
    [new TypeError('NetworkError when attempting to fetch resource.'), true],
    [new TypeError('Load failed'), true],
    [new NetworkFailure('Load failed', { cause: new TypeError('Load failed') }), true],
    [new Error('Load failed'), false],
    ['Failed to fetch', false],
    [new Error('new row violates row-level security policy'), false],
    [{ message: 'מקסימום 5 תמונות' }, false],
    [null, false],
  ])('%o → %s', (error, expected) => {
    expect(isNetworkError(error)).toBe(expected)
  })

  it('counts every error as a network error while the browser is offline', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    expect(isNetworkError(new Error('anything'))).toBe(true)
  })

  it('never counts an aborted request (a query nobody needs any more), offline or not', () => {
    const aborted = new DOMException('signal is aborted without reason', 'AbortError')
    const offline = vi.spyOn(navigator, 'onLine', 'get')
    for (const onLine of [true, false]) {
      offline.mockReturnValue(onLine)
      expect(isNetworkError(aborted)).toBe(false)
      expect(isNetworkError({ name: 'FunctionsFetchError', message: 'Failed to send', context: aborted })).toBe(false)
      expect(isNetworkError({ message: 'AbortError: signal is aborted without reason', code: '' })).toBe(false)
    }
  })
})

describe('fetchOrNetworkFailure', () => {
  it("turns the browser's failed fetch, in Safari's words, into a NetworkFailure the retry rule knows", async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Load failed'))
    const failure = await fetchOrNetworkFailure('https://example.test/rest/v1/x').catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(NetworkFailure)
    expect(isNetworkError({ message: `NetworkFailure: ${(failure as Error).message}`, details: '' })).toBe(true)
  })

  it('leaves an aborted request as it is', async () => {
    const abort = new DOMException('aborted', 'AbortError')
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(abort)
    await expect(fetchOrNetworkFailure('https://example.test/')).rejects.toBe(abort)
  })
})

describe('withNetworkRetry', () => {
  it('waits 1 s and then 2 s between three attempts', () => {
    expect([1, 2, 3, 4].map(retryDelayMs)).toEqual([1000, 2000, 4000, 5000])
  })

  it('retries a network failure and returns the later success', async () => {
    const operation = vi.fn().mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce('saved')
    const waits: number[] = []
    const result = await withNetworkRetry(operation, { wait: async (ms) => void waits.push(ms) })
    expect(result).toBe('saved')
    expect(operation).toHaveBeenCalledTimes(2)
    expect(waits).toEqual([1000])
  })

  it('gives up after three attempts with the last error', async () => {
    const operation = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'))
    const onRetry = vi.fn()
    await expect(withNetworkRetry(operation, { wait: noWait, onRetry })).rejects.toThrow('Failed to fetch')
    expect(operation).toHaveBeenCalledTimes(3)
    expect(onRetry.mock.calls.map(([attempt]) => attempt)).toEqual([1, 2])
  })

  it('does not retry a request its caller aborted', async () => {
    const aborted = { name: 'FunctionsFetchError', context: new DOMException('aborted', 'AbortError') }
    const operation = vi.fn(() => Promise.reject(aborted))
    await expect(withNetworkRetry(operation, { wait: noWait })).rejects.toBe(aborted)
    expect(operation).toHaveBeenCalledTimes(1)
  })

  it('does not retry a refusal from the server', async () => {
    const refusal = { message: 'מקסימום 5 תמונות', code: 'P0001' }
    const operation = vi.fn().mockRejectedValue(refusal)
    await expect(withNetworkRetry(operation, { wait: noWait })).rejects.toBe(refusal)
    expect(operation).toHaveBeenCalledTimes(1)
  })
})

describe('withNetworkRetry with real waiting (fake timers)', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('waits exactly 1000 ms, then 2000 ms, before the second and third attempts', async () => {
    vi.useFakeTimers()
    const operation = vi.fn().mockRejectedValue(new TypeError('Failed to fetch'))
    const outcome = withNetworkRetry(operation).catch((error: unknown) => error)

    await vi.advanceTimersByTimeAsync(0)
    expect(operation).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(999)
    expect(operation).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(operation).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1999)
    expect(operation).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(1)
    expect(operation).toHaveBeenCalledTimes(3)

    expect(await outcome).toBeInstanceOf(TypeError)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(operation).toHaveBeenCalledTimes(3)
  })

  it('reports each retry with the failed attempt and the delay', async () => {
    vi.useFakeTimers()
    const onRetry = vi.fn()
    const operation = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockResolvedValueOnce('ok')
    const result = withNetworkRetry(operation, { onRetry })
    await vi.advanceTimersByTimeAsync(3000)
    expect(await result).toBe('ok')
    expect(onRetry.mock.calls.map(([attempt, delay]) => [attempt, delay])).toEqual([
      [1, 1000],
      [2, 2000],
    ])
  })
})

describe('isNetworkError on the errors supabase-js returns', () => {
  it.each([
    ['postgrest', { message: 'NetworkFailure: Load failed', details: '', hint: '', code: '' }, true],
    [
      'storage',
      { name: 'StorageUnknownError', message: 'Load failed', originalError: new NetworkFailure('Load failed') },
      true,
    ],
    ['auth retryable', { name: 'AuthRetryableFetchError', message: 'Failed to fetch', status: 0 }, true],
    [
      'functions fetch',
      {
        name: 'FunctionsFetchError',
        message: 'Failed to send a request to the Edge Function',
        context: new TypeError('Failed to fetch'),
      },
      true,
    ],
    [
      'functions http 400',
      { name: 'FunctionsHttpError', message: 'Edge Function returned a non-2xx status code' },
      false,
    ],
    [
      'auth invalid credentials',
      { name: 'AuthApiError', message: 'Invalid login credentials', code: 'invalid_credentials' },
      false,
    ],
  ])('%s → %s', (_label, error, expected) => {
    expect(isNetworkError(error)).toBe(expected)
  })
})
