import { renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { queryTestClient } from '@/test/query-wrapper'
import { useMyPayments } from './my-payments'

/** A supabase-js read that never answers, keeping the signal it was given. */
const pending = vi.hoisted(() => {
  const signals: AbortSignal[] = []
  const builder = {
    select: () => builder,
    in: () => builder,
    order: () => builder,
    abortSignal: (signal: AbortSignal) => {
      signals.push(signal)
      return new Promise(() => {})
    },
  }
  return { signals, client: { from: () => builder } }
})

vi.mock('@/lib/supabase', () => ({ getSupabase: () => Promise.resolve(pending.client) }))

describe('a query left by its screen', () => {
  it('aborts its request: the purchases list hands TanStack’s signal to supabase-js', async () => {
    const { wrapper } = queryTestClient()
    const view = renderHook(() => useMyPayments(), { wrapper })
    await waitFor(() => expect(pending.signals).toHaveLength(1))
    expect(pending.signals[0]!.aborted).toBe(false)

    view.unmount()
    expect(pending.signals[0]!.aborted).toBe(true)
  })
})
