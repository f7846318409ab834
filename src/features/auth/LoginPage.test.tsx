import { configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppRoute } from '@/test/render-route'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'
import { renderRoute } from '@/test/render-route'
import { updateAuthSnapshot } from '@/lib/auth-session/auth-session-store'

const signIn = vi.fn()
const afterSignIn = vi.fn()
const resendConfirmation = vi.fn()
vi.mock('@/domains/accounts/api/sign-in', async () => ({
  useSignIn: (await import('@/test/mutation-hook')).mutationHookOf(signIn),
}))
vi.mock('./post-login', () => ({ afterSignIn: (...args: unknown[]) => afterSignIn(...args) }))
vi.mock('@/domains/accounts/api/resend-confirmation', async () => ({
  useResendConfirmation: (await import('@/test/mutation-hook')).mutationHookOf(resendConfirmation),
}))
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

const stub = (path: string, text: string): AppRoute => ({
  path,
  screen: 'landing',
  kind: 'app',
  load: async () => ({ default: () => <h1>{text}</h1> }),
})
const routes: AppRoute[] = [
  { path: '/login', screen: 'login', kind: 'app', load: () => import('./LoginPage') },
  stub('/dashboard', 'dashboard'),
  stub('/payment', 'payment'),
  stub('/register', 'register'),
  stub('/reset-password', 'reset password'),
]

const user = { id: 'u1', email: 'dana@example.test', fullName: 'דנה' }

async function submit(email: string, password: string) {
  const typing = userEvent.setup()
  await typing.type(await screen.findByLabelText(s.common.email), email)
  await typing.type(screen.getByLabelText(s.common.password, { selector: 'input' }), password)
  await typing.click(screen.getByRole('button', { name: s.login.submit }))
}

// Screens load lazily and the whole suite runs in parallel: allow them time to appear.
configure({ asyncUtilTimeout: 5000 })

// The screen's module is loaded once up front, so the first test does not wait for it to compile.
beforeAll(async () => {
  await import('./LoginPage')
}, 20_000)

beforeEach(() => {
  signIn.mockReset()
  afterSignIn.mockReset().mockResolvedValue('/dashboard')
  resendConfirmation.mockReset().mockResolvedValue(undefined)
})

afterEach(() => {
  updateAuthSnapshot({ session: { status: 'signed-out', user: null }, settled: true, passwordRecovery: false })
})

describe('/login', () => {
  it('links to register and to password reset', async () => {
    renderRoute('/login', routes)
    expect(await screen.findByRole('link', { name: s.login.registerLink })).toHaveAttribute('href', '/register')
    expect(screen.getByRole('link', { name: s.login.forgotPassword })).toHaveAttribute('href', '/reset-password')
  })

  it('asks for both fields with one message', async () => {
    renderRoute('/login', routes)
    await userEvent.setup().click(await screen.findByRole('button', { name: s.login.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(s.common.requiredFields)
    expect(signIn).not.toHaveBeenCalled()
  })

  it('goes where signing in leads', async () => {
    signIn.mockResolvedValue(user)
    afterSignIn.mockResolvedValue('/payment?plan=pro&type=for_me')
    const { router } = renderRoute('/login', routes)
    await submit('dana@example.test', 'secret-pass')
    expect(await screen.findByRole('heading', { name: 'payment' })).toBeInTheDocument()
    expect(signIn).toHaveBeenCalledWith({ email: 'dana@example.test', password: 'secret-pass' })
    expect(afterSignIn).toHaveBeenCalledWith(user, null)
    expect(router.state.location.search).toBe('?plan=pro&type=for_me')
  })

  it('says why a guarded screen sent the visitor here, and returns there after signing in', async () => {
    signIn.mockResolvedValue(user)
    renderRoute(`/login?${new URLSearchParams({ returnTo: '/admin-dashboard?book=b1' })}`, routes)
    expect(await screen.findByText(s.login.signInToContinue)).toBeInTheDocument()
    await submit('dana@example.test', 'secret-pass')
    await waitFor(() => expect(afterSignIn).toHaveBeenCalledWith(user, '/admin-dashboard?book=b1'))
  })

  it.each([
    [
      { code: 'invalid_credentials', message: 'Invalid login credentials', status: 400 },
      s.login.errors.invalidCredentials,
    ],
    [
      { code: 'over_request_rate_limit', message: 'Request rate limit reached', status: 429 },
      s.login.errors.tooManyAttempts,
    ],
  ])('shows %o as its message', async (error, message) => {
    signIn.mockRejectedValue(error)
    renderRoute('/login', routes)
    await submit('dana@example.test', 'wrong')
    expect(await screen.findByRole('alert')).toHaveTextContent(message)
  })

  it('offers to resend the confirmation to an unconfirmed address', async () => {
    signIn.mockRejectedValue({ code: 'email_not_confirmed', message: 'Email not confirmed', status: 400 })
    renderRoute('/login', routes)
    await submit('dana@example.test', 'secret-pass')
    expect(await screen.findByRole('alert')).toHaveTextContent(s.login.errors.emailNotConfirmed)
    await userEvent.setup().click(screen.getByRole('button', { name: s.login.resendConfirmation }))
    await waitFor(() => expect(resendConfirmation).toHaveBeenCalledWith('dana@example.test'))
  })

  it('shows the banner after e-mail confirmation and the ownership-transfer notice', async () => {
    renderRoute(
      '/login?emailConfirmed=true&ownership_transfer=true&invite_token=t&owner_name=%D7%93%D7%A0%D7%94',
      routes,
    )
    expect(await screen.findByText(s.login.emailConfirmed)).toBeInTheDocument()
    expect(screen.getByText(s.login.ownershipTransfer.text.replace('{owner}', 'דנה'))).toBeInTheDocument()
  })

  it('continues at once for a visitor who is already signed in (the confirmation link brings a session)', async () => {
    updateAuthSnapshot({ session: { status: 'signed-in', user }, settled: true })
    afterSignIn.mockResolvedValue('/payment?plan=onboarding&type=for_me')
    renderRoute('/login?emailConfirmed=true', routes)
    expect(await screen.findByRole('heading', { name: 'payment' })).toBeInTheDocument()
    expect(afterSignIn).toHaveBeenCalledTimes(1)
    expect(signIn).not.toHaveBeenCalled()
  })
})
