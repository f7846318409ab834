import { describe, expect, it, vi } from 'vitest'
import { readAllPages } from './api-pages'

const numbers = (from: number, count: number) => Array.from({ length: count }, (_, index) => from + index)

describe('readAllPages', () => {
  it('asks for the next page while the last one came full, from where the rows so far end', async () => {
    const readPage = vi.fn(({ offset }: { offset: number; limit: number }) =>
      Promise.resolve(numbers(offset, Math.min(1000, 2345 - offset))),
    )
    const rows = await readAllPages(readPage)
    expect(rows).toEqual(numbers(0, 2345))
    expect(readPage.mock.calls.map(([range]) => range)).toEqual([
      { offset: 0, limit: 1000, last: 999 },
      { offset: 1000, limit: 1000, last: 1999 },
      { offset: 2000, limit: 1000, last: 2999 },
    ])
  })

  it('asks once more after a full last page, and once for a short list', async () => {
    const full = vi.fn(({ offset }: { offset: number }) => Promise.resolve(offset === 0 ? numbers(0, 1000) : []))
    expect(await readAllPages(full)).toHaveLength(1000)
    expect(full).toHaveBeenCalledTimes(2)
    const short = vi.fn(() => Promise.resolve(numbers(0, 3)))
    expect(await readAllPages(short)).toEqual([0, 1, 2])
    expect(short).toHaveBeenCalledTimes(1)
  })

  it('passes a failed page on', async () => {
    const failing = vi.fn(() => Promise.reject(new Error('network')))
    await expect(readAllPages(failing)).rejects.toThrow('network')
  })
})
