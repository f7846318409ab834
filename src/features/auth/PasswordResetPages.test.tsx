import { configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppRoute } from '@/test/render-route'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'
import { renderRoute } from '@/test/render-route'
import { updateAuthSnapshot } from '@/lib/auth-session/auth-session-store'

const requestPasswordReset = vi.fn()
const updatePasswordAndSignOut = vi.fn()
vi.mock('@/domains/accounts/api/request-password-reset', async () => ({
  useRequestPasswordReset: (await import('@/test/mutation-hook')).mutationHookOf(requestPasswordReset),
}))
vi.mock('@/domains/accounts/api/update-password', async () => ({
  useUpdatePassword: (await import('@/test/mutation-hook')).mutationHookOf(updatePasswordAndSignOut),
}))
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const stub = (path: string, text: string): AppRoute => ({
  path,
  screen: 'landing',
  kind: 'app',
  load: async () => ({ default: () => <h1>{text}</h1> }),
})
const routes: AppRoute[] = [
  { path: '/reset-password', screen: 'resetPassword', kind: 'app', load: () => import('./ResetPasswordPage') },
  { path: '/update-password', screen: 'updatePassword', kind: 'app', load: () => import('./UpdatePasswordPage') },
  stub('/login', 'login'),
]

// Screens load lazily and the whole suite runs in parallel: allow them time to appear.
configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await Promise.all([import('./ResetPasswordPage'), import('./UpdatePasswordPage')])
}, 20_000)

beforeEach(() => {
  requestPasswordReset.mockReset().mockResolvedValue(undefined)
  updatePasswordAndSignOut.mockReset().mockResolvedValue(undefined)
})

afterEach(() => {
  updateAuthSnapshot({ session: { status: 'signed-out', user: null }, settled: true, passwordRecovery: false })
})

describe('/reset-password', () => {
  it('sends the recovery e-mail and then advises the spam folder', async () => {
    const user = userEvent.setup()
    renderRoute('/reset-password', routes)
    await user.click(await screen.findByRole('button', { name: s.resetPassword.submit }))
    expect(await screen.findByText('אנא הזינו כתובת מייל')).toBeInTheDocument()
    await user.type(screen.getByLabelText(s.common.email), 'dana@example.test')
    await user.click(screen.getByRole('button', { name: s.resetPassword.submit }))
    expect(await screen.findByText(s.resetPassword.sentSpam)).toBeInTheDocument()
    expect(screen.getByText('dana@example.test')).toBeInTheDocument()
    expect(requestPasswordReset).toHaveBeenCalledWith('dana@example.test')
  })

  it('shows a failure in Hebrew', async () => {
    requestPasswordReset.mockRejectedValue({
      code: 'over_email_send_rate_limit',
      status: 429,
      message: 'email rate limit exceeded',
    })
    const user = userEvent.setup()
    renderRoute('/reset-password', routes)
    await user.type(await screen.findByLabelText(s.common.email), 'dana@example.test')
    await user.click(screen.getByRole('button', { name: s.resetPassword.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(s.common.rateLimited)
  })
})

describe('/update-password', () => {
  const fill = async (password: string, confirm: string) => {
    const user = userEvent.setup()
    const newPassword = await screen.findByLabelText(s.updatePassword.password, { selector: 'input' })
    const confirmation = screen.getByLabelText(s.updatePassword.confirmPassword, { selector: 'input' })
    await user.clear(newPassword)
    await user.clear(confirmation)
    if (password) await user.type(newPassword, password)
    if (confirm) await user.type(confirmation, confirm)
    await user.click(screen.getByRole('button', { name: s.updatePassword.submit }))
  }

  it('without a session shows the invalid-link view, then moves on to /reset-password', async () => {
    const { router } = renderRoute('/update-password', routes)
    expect(await screen.findByText(s.updatePassword.invalidLink.text)).toBeInTheDocument()
    expect(screen.getByRole('link', { name: s.updatePassword.invalidLink.action })).toHaveAttribute(
      'href',
      '/reset-password',
    )
    await waitFor(() => expect(router.state.location.pathname).toBe('/reset-password'), { timeout: 6000 })
  }, 10_000)

  it('with the recovery session: validates, sets the password, signs out and goes to login', async () => {
    updateAuthSnapshot({
      session: { status: 'signed-in', user: { id: 'u', email: 'a@b.co', fullName: null } },
      settled: true,
      passwordRecovery: true,
    })
    const { router } = renderRoute('/update-password', routes)
    await fill('abcdef', 'abcdeg')
    expect(await screen.findByText(s.updatePassword.validation.mismatch)).toBeInTheDocument()
    await fill('abc12', 'abc12')
    expect(await screen.findByText(s.updatePassword.validation.tooShort)).toBeInTheDocument()
    expect(updatePasswordAndSignOut).not.toHaveBeenCalled()

    updatePasswordAndSignOut.mockRejectedValueOnce({
      code: 'weak_password',
      status: 422,
      message: 'Password should be at least 8 characters.',
    })
    await fill('abc1234', 'abc1234')
    expect(await screen.findByRole('alert')).toHaveTextContent(s.updatePassword.errors.weakPassword)

    updatePasswordAndSignOut.mockImplementationOnce(async () => {
      updateAuthSnapshot({ session: { status: 'signed-out', user: null }, passwordRecovery: false })
    })
    await fill('New-password-1', 'New-password-1')
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'))
    expect(updatePasswordAndSignOut).toHaveBeenLastCalledWith('New-password-1')
  })
})
