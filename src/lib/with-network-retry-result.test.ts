import { describe, expect, it, vi } from 'vitest'
import { withNetworkRetryResult } from './with-network-retry-result'

const noWait = () => Promise.resolve()

describe('withNetworkRetryResult (supabase-js results)', () => {
  it('retries a result whose error is a network failure', async () => {
    const call = vi
      .fn()
      .mockResolvedValueOnce({ data: null, error: { message: 'TypeError: Failed to fetch' } })
      .mockResolvedValueOnce({ data: [1], error: null })
    const result = await withNetworkRetryResult(call, { wait: noWait })
    expect(result).toEqual({ data: [1], error: null })
    expect(call).toHaveBeenCalledTimes(2)
  })

  it('returns the last network failure after three attempts', async () => {
    const offline = { data: null, error: { message: 'TypeError: Failed to fetch' } }
    const failing = vi.fn().mockResolvedValue(offline)
    expect(await withNetworkRetryResult(failing, { wait: noWait })).toBe(offline)
    expect(failing).toHaveBeenCalledTimes(3)
  })

  it('returns a refusal at once', async () => {
    const refusal = { data: null, error: { message: 'מקסימום 5 תמונות', code: 'P0001' } }
    const refused = vi.fn().mockResolvedValue(refusal)
    expect(await withNetworkRetryResult(refused, { wait: noWait })).toBe(refusal)
    expect(refused).toHaveBeenCalledTimes(1)
  })
})
