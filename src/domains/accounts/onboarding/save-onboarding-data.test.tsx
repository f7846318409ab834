import { act, renderHook, waitFor } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { queryTestClient } from '@/test/query-wrapper'
import { onboardingDataQueryOptions } from './onboarding-data'

const upsert = vi.fn()
vi.mock('@/lib/supabase', () => ({
  getSupabase: async () => ({
    from: (table: string) =>
      table === 'onboarding_data'
        ? { upsert: (...args: unknown[]) => upsert(...args) }
        : { update: () => ({ eq: async () => ({ error: null }) }) },
  }),
}))

const { useSaveOnboardingData } = await import('./save-onboarding-data')

const answers = { relationship: 'parent' as const, deceasedName: 'משה כהן' }

describe('useSaveOnboardingData', () => {
  it('saves the answers, then the screens that read them read them again; a failed save leaves them', async () => {
    const { client, wrapper } = queryTestClient()
    const key = onboardingDataQueryOptions('user-1').queryKey
    client.setQueryData(key, null)
    const { result } = renderHook(() => useSaveOnboardingData(), { wrapper })

    upsert.mockResolvedValueOnce({ error: { message: 'permission denied', code: '42501' } })
    await act(() => result.current.mutateAsync({ userId: 'user-1', answers }).catch(() => undefined))
    expect(client.getQueryState(key)?.isInvalidated).toBe(false)

    upsert.mockResolvedValueOnce({ error: null })
    await act(() => result.current.mutateAsync({ userId: 'user-1', answers }))
    expect(upsert).toHaveBeenLastCalledWith(
      { user_id: 'user-1', relationship: 'parent', deceased_name: 'משה כהן' },
      { onConflict: 'user_id' },
    )
    await waitFor(() => expect(client.getQueryState(key)?.isInvalidated).toBe(true))
  })
})
