import { configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppRoute } from '@/test/render-route'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'
import { renderRoute } from '@/test/render-route'
import { saveRegistrationData } from '@/domains/accounts/lib/registration-data'
import { updateAuthSnapshot } from '@/lib/auth-session/auth-session-store'

const getSession = vi.fn()
const resendConfirmation = vi.fn()
const afterSignIn = vi.fn()
const toast = { success: vi.fn(), error: vi.fn() }
vi.mock('@/lib/supabase', () => ({ getSupabase: async () => ({ auth: { getSession } }) }))
const verifySignupCode = vi.fn()
vi.mock('@/domains/accounts/api/verify-signup-code', async () => ({
  useVerifySignupCode: (await import('@/test/mutation-hook')).mutationHookOf(verifySignupCode),
}))
vi.mock('@/domains/accounts/api/resend-confirmation', async () => ({
  useResendConfirmation: (await import('@/test/mutation-hook')).mutationHookOf(resendConfirmation),
}))
vi.mock('./post-login', () => ({ afterSignIn: (...args: unknown[]) => afterSignIn(...args) }))
vi.mock('sonner', () => ({
  toast: {
    success: (...args: unknown[]) => toast.success(...args),
    error: (...args: unknown[]) => toast.error(...args),
  },
}))

const stub = (path: string, text: string): AppRoute => ({
  path,
  screen: 'landing',
  kind: 'app',
  load: async () => ({ default: () => <h1>{text}</h1> }),
})
const routes: AppRoute[] = [
  {
    path: '/email-confirmation',
    screen: 'emailConfirmation',
    kind: 'app',
    load: () => import('./EmailConfirmationPage'),
  },
  stub('/', 'home'),
  stub('/login', 'login'),
  stub('/register', 'register'),
  stub('/payment', 'payment'),
]

function remember() {
  saveRegistrationData({
    email: 'rachel@example.test',
    fullName: 'רחל',
    planType: 'pro',
    recipientType: 'for_me',
    onboardingData: null,
    giftCode: null,
  })
}

// Screens load lazily and the whole suite runs in parallel: allow them time to appear.
configure({ asyncUtilTimeout: 5000 })

// The screen's module is loaded once up front, so the first test does not wait for it to compile.
beforeAll(async () => {
  await import('./EmailConfirmationPage')
}, 20_000)

beforeEach(() => {
  getSession.mockReset().mockResolvedValue({ data: { session: null } })
  resendConfirmation.mockReset()
  verifySignupCode.mockReset()
  afterSignIn.mockReset().mockResolvedValue('/payment?plan=pro&type=for_me')
  toast.success.mockReset()
  toast.error.mockReset()
})

afterEach(() => {
  updateAuthSnapshot({ session: { status: 'signed-out', user: null }, settled: true, passwordRecovery: false })
})

describe('/email-confirmation', () => {
  it('without registration data sends home with "גישה דחויה"', async () => {
    const { router } = renderRoute('/email-confirmation', routes)
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(toast.error).toHaveBeenCalledWith('גישה דחויה', expect.anything())
  })

  it('shows the address and continues to payment once the session appears', async () => {
    remember()
    renderRoute('/email-confirmation', routes)
    expect(await screen.findByText('rachel@example.test')).toBeInTheDocument()
    // The first check runs once the lazily loaded client is ready.
    await waitFor(() => expect(getSession).toHaveBeenCalled())
    getSession.mockResolvedValue({
      data: { session: { user: { id: 'u1', email: 'rachel@example.test', user_metadata: {} } } },
    })
    expect(await screen.findByRole('heading', { name: 'payment' }, { timeout: 7000 })).toBeInTheDocument()
    expect(afterSignIn).toHaveBeenCalledWith({ id: 'u1', email: 'rachel@example.test', fullName: null })
  }, 10_000)

  it('ignores a session of another person', async () => {
    remember()
    getSession.mockResolvedValue({
      data: { session: { user: { id: 'u9', email: 'someone@example.test', user_metadata: {} } } },
    })
    renderRoute('/email-confirmation', routes)
    await screen.findByText('rachel@example.test')
    await waitFor(() => expect(getSession).toHaveBeenCalled())
    expect(afterSignIn).not.toHaveBeenCalled()
  })

  it('"I confirmed on another device" goes to login and keeps the registration data, so the flow continues there', async () => {
    remember()
    const user = userEvent.setup()
    const { router } = renderRoute('/email-confirmation', routes)
    await user.click(await screen.findByRole('button', { name: 'אישרתי במכשיר אחר' }))
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(window.localStorage.getItem('tempRegistrationData')).not.toBeNull()
  })

  it('accepts the 6-digit code from the e-mail, and says when it is wrong', async () => {
    remember()
    const user = userEvent.setup()
    renderRoute('/email-confirmation', routes)
    const input = await screen.findByLabelText(s.emailConfirmation.code.label)
    await user.type(input, '12a3')
    await user.click(screen.getByRole('button', { name: s.emailConfirmation.code.submit }))
    expect(await screen.findByText(s.emailConfirmation.code.required)).toBeInTheDocument()
    expect(verifySignupCode).not.toHaveBeenCalled()

    verifySignupCode.mockRejectedValueOnce(
      Object.assign(new Error('Token has expired or is invalid'), { code: 'otp_expired', status: 403 }),
    )
    await user.type(input, '456')
    await user.click(screen.getByRole('button', { name: s.emailConfirmation.code.submit }))
    expect(await screen.findByText(s.emailConfirmation.code.invalid)).toBeInTheDocument()
    expect(verifySignupCode).toHaveBeenCalledWith({ email: 'rachel@example.test', code: '123456' })

    verifySignupCode.mockResolvedValueOnce(undefined)
    await user.click(screen.getByRole('button', { name: s.emailConfirmation.code.submit }))
    await waitFor(() => expect(verifySignupCode).toHaveBeenCalledTimes(2))
  })

  it('resends the e-mail, with its error text when that fails', async () => {
    remember()
    const user = userEvent.setup()
    renderRoute('/email-confirmation', routes)
    resendConfirmation.mockResolvedValueOnce(undefined).mockRejectedValueOnce(new Error('429'))
    await user.click(await screen.findByRole('button', { name: s.emailConfirmation.resend }))
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith(s.emailConfirmation.resent))
    expect(resendConfirmation).toHaveBeenCalledWith('rachel@example.test')
    await user.click(screen.getByRole('button', { name: s.emailConfirmation.resend }))
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('שגיאה בשליחת האימייל'))
  })

  it('leads back to register', async () => {
    remember()
    renderRoute('/email-confirmation', routes)
    expect(await screen.findByRole('link', { name: s.emailConfirmation.backToRegister })).toHaveAttribute(
      'href',
      '/register',
    )
  })
})
