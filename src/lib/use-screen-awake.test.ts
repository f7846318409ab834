import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useScreenAwake } from './use-screen-awake'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('useScreenAwake', () => {
  it('holds the screen on while active and lets it go after', async () => {
    const release = vi.fn(() => Promise.resolve())
    const request = vi.fn(() => Promise.resolve({ release }))
    vi.stubGlobal('navigator', { ...navigator, wakeLock: { request } })
    const { result, rerender } = renderHook(({ active }) => useScreenAwake(active), { initialProps: { active: true } })
    await act(() => Promise.resolve())
    expect(request).toHaveBeenCalledWith('screen')
    expect(result.current).toBe('held')
    rerender({ active: false })
    expect(release).toHaveBeenCalled()
    expect(result.current).toBe('off')
  })

  it('says it cannot where the browser has no Wake Lock or refuses it', async () => {
    vi.stubGlobal('navigator', { ...navigator, wakeLock: undefined })
    const { result } = renderHook(() => useScreenAwake(true))
    expect(result.current).toBe('unavailable')

    vi.stubGlobal('navigator', { ...navigator, wakeLock: { request: () => Promise.reject(new Error('NotAllowed')) } })
    const refused = renderHook(() => useScreenAwake(true))
    await act(() => Promise.resolve())
    expect(refused.result.current).toBe('unavailable')
  })
})
