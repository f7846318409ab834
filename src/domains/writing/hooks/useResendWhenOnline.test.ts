import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useResendWhenOnline } from './useResendWhenOnline'

function setOnline(online: boolean) {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online)
}

const goOnline = () => act(() => void window.dispatchEvent(new Event('online')))

describe('useResendWhenOnline', () => {
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('sends a waiting memory again when the connection returns', () => {
    setOnline(false)
    const resend = vi.fn()
    renderHook(() => useResendWhenOnline(true, true, resend))
    act(() => vi.runAllTimers())
    expect(resend).not.toHaveBeenCalled()
    goOnline()
    expect(resend).toHaveBeenCalledOnce()
  })

  it('does nothing when no memory waits', () => {
    setOnline(true)
    const resend = vi.fn()
    renderHook(() => useResendWhenOnline(false, false, resend))
    act(() => vi.runAllTimers())
    goOnline()
    expect(resend).not.toHaveBeenCalled()
  })

  it('sends once right after a form opens online with a memory waiting, not again on the next wait', () => {
    setOnline(true)
    const resend = vi.fn()
    const { rerender } = renderHook(({ pending }) => useResendWhenOnline(pending, true, resend), {
      initialProps: { pending: true },
    })
    act(() => vi.runAllTimers())
    expect(resend).toHaveBeenCalledOnce()
    rerender({ pending: false })
    rerender({ pending: true })
    act(() => vi.runAllTimers())
    expect(resend).toHaveBeenCalledOnce()
  })

  it('calls the latest resend, which knows whether a send is still due', () => {
    setOnline(false)
    const first = vi.fn()
    const latest = vi.fn()
    const { rerender } = renderHook(({ resend }) => useResendWhenOnline(true, false, resend), {
      initialProps: { resend: first },
    })
    rerender({ resend: latest })
    goOnline()
    expect(first).not.toHaveBeenCalled()
    expect(latest).toHaveBeenCalledOnce()
  })
})
