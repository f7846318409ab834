import { act, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'
import { SignUpSuccessDialog } from './SignUpSuccessDialog'

afterEach(() => {
  vi.useRealTimers()
})

describe('the sign-up success dialog (closes after 6 s, spam advice after 20 s)', () => {
  it('closes itself after 6 s', () => {
    vi.useFakeTimers()
    const onClose = vi.fn()
    render(<SignUpSuccessDialog email="rachel@example.test" signedUpAt={Date.now()} onClose={onClose} />)
    expect(screen.getByRole('dialog')).toHaveTextContent('rachel@example.test')
    act(() => vi.advanceTimersByTime(5_999))
    expect(onClose).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(onClose).toHaveBeenCalledTimes(1)
  })

  it('advises the spam folder once 20 s have passed since the sign-up', () => {
    vi.useFakeTimers()
    const signedUpAt = Date.now()
    const { rerender } = render(<SignUpSuccessDialog email="a@b.co" signedUpAt={signedUpAt} onClose={() => {}} />)
    expect(screen.queryByText(s.register.success.spamHint)).not.toBeInTheDocument()
    act(() => vi.advanceTimersByTime(20_000))
    rerender(<SignUpSuccessDialog email="a@b.co" signedUpAt={signedUpAt} onClose={() => {}} />)
    expect(screen.getByText(s.register.success.spamHint)).toBeInTheDocument()
  })
})
