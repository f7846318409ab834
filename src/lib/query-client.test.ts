import { MutationObserver } from '@tanstack/react-query'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Refusal } from './refusal'
import { createQueryClient } from './query-client'
import { withNetworkRetry } from './retry'

/** Runs a write through the app's query client, as every mutation hook does. */
function write(mutationFn: () => Promise<string>) {
  const observer = new MutationObserver(createQueryClient(), { mutationFn })
  const outcome = observer.mutate().then(
    (value) => ({ value }),
    (error: unknown) => ({ error }),
  )
  return { outcome, observer }
}

const networkFailure = () => new TypeError('Failed to fetch')

describe("the query client's writes", () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('try a network failure again, 1 s and then 2 s later', async () => {
    const mutationFn = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(networkFailure())
      .mockRejectedValueOnce(networkFailure())
      .mockResolvedValueOnce('saved')
    const { outcome } = write(mutationFn)
    await vi.advanceTimersByTimeAsync(999)
    expect(mutationFn).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1)
    expect(mutationFn).toHaveBeenCalledTimes(2)
    await vi.advanceTimersByTimeAsync(2000)
    expect(await outcome).toEqual({ value: 'saved' })
    expect(mutationFn).toHaveBeenCalledTimes(3)
  })

  it('give up after three attempts, with the network failure', async () => {
    const mutationFn = vi.fn<() => Promise<string>>().mockRejectedValue(networkFailure())
    const { outcome } = write(mutationFn)
    await vi.runAllTimersAsync()
    expect(await outcome).toEqual({ error: expect.objectContaining({ message: 'Failed to fetch' }) })
    expect(mutationFn).toHaveBeenCalledTimes(3)
  })

  it.each([
    ['a refusal of an edge function', new Refusal(403, 'forbidden', 'אין הרשאה')],
    ['a refusal of the database', { code: '42501', message: 'new row violates row-level security policy' }],
  ])('never try %s again', async (_label, refusal) => {
    const mutationFn = vi.fn<() => Promise<string>>().mockRejectedValue(refusal)
    const { outcome } = write(mutationFn)
    await vi.runAllTimersAsync()
    expect(await outcome).toEqual({ error: refusal })
    expect(mutationFn).toHaveBeenCalledTimes(1)
  })

  it('do not try again a step withNetworkRetry already tried three times', async () => {
    const step = vi.fn<() => Promise<string>>().mockRejectedValue(networkFailure())
    const mutationFn = vi.fn(() => withNetworkRetry(step))
    const { outcome } = write(mutationFn)
    await vi.runAllTimersAsync()
    expect(await outcome).toEqual({ error: expect.objectContaining({ message: 'Failed to fetch' }) })
    expect(mutationFn).toHaveBeenCalledTimes(1)
    expect(step).toHaveBeenCalledTimes(3)
  })
})
