import { configure, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppRoute } from '@/test/render-route'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'
import { renderRoute } from '@/test/render-route'
import { AccountError } from '@/domains/accounts/lib/errors'
import { updateAuthSnapshot } from '@/lib/auth-session/auth-session-store'

const signUp = vi.fn()
const checkGiftCode = vi.fn()
const notifyAdminsOfNewUser = vi.fn()
vi.mock('@/domains/accounts/api/sign-up', async () => ({
  useSignUp: (await import('@/test/mutation-hook')).mutationHookOf(signUp),
}))
vi.mock('@/domains/accounts/api/notify-admins', () => ({
  notifyAdminsOfNewUser: (...args: unknown[]) => notifyAdminsOfNewUser(...args),
}))
vi.mock('@/domains/gift/api/check-gift-code', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/domains/gift/api/check-gift-code')>()),
  useCheckGiftCode: (await import('@/test/mutation-hook')).mutationHookOf(checkGiftCode),
}))

const stub = (path: string, text: string): AppRoute => ({
  path,
  screen: 'landing',
  kind: 'app',
  load: async () => ({ default: () => <h1>{text}</h1> }),
})
const routes: AppRoute[] = [
  { path: '/register', screen: 'register', kind: 'app', load: () => import('./RegisterPage') },
  stub('/dashboard', 'dashboard'),
  stub('/email-confirmation', 'email confirmation'),
  stub('/login', 'login'),
]

async function fillForm(user: ReturnType<typeof userEvent.setup>, password = 'Remember-2026') {
  await user.type(await screen.findByLabelText(s.common.fullName), 'רחל כהן')
  await user.type(screen.getByLabelText(s.common.email), 'rachel@example.test')
  await user.type(screen.getByLabelText(s.common.password, { selector: 'input' }), password)
}

// Screens load lazily and the whole suite runs in parallel: allow them time to appear.
configure({ asyncUtilTimeout: 5000 })

// The screen's module is loaded once up front, so the first test does not wait for it to compile.
beforeAll(async () => {
  await import('./RegisterPage')
}, 20_000)

beforeEach(() => {
  signUp.mockReset().mockResolvedValue({ userId: 'new-user', signedIn: false })
  checkGiftCode.mockReset()
  notifyAdminsOfNewUser.mockReset().mockResolvedValue(undefined)
})

afterEach(() => {
  updateAuthSnapshot({ session: { status: 'signed-out', user: null }, settled: true, passwordRecovery: false })
})

describe('/register', () => {
  it('sends someone already signed in to the dashboard', async () => {
    updateAuthSnapshot({
      session: { status: 'signed-in', user: { id: 'u', email: 'a@b.co', fullName: null } },
      settled: true,
    })
    const { router } = renderRoute('/register', routes)
    expect(await screen.findByRole('heading', { name: 'dashboard' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/dashboard')
  })

  it.each([
    ['/register', s.register.modes.regular.title, s.register.modes.regular.submit],
    ['/register?plan=onboarding', s.register.modes.onboarding.title, s.register.modes.onboarding.submit],
    ['/register?gift=abcd2345', s.register.modes.gift.title, s.register.modes.gift.submit],
  ])('%s has its own title and button', async (path, title, submit) => {
    renderRoute(path, routes)
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: submit })).toBeInTheDocument()
    expect(screen.queryByLabelText(s.register.giftCode) !== null).toBe(path.includes('gift'))
  })

  it('signs up with the full name, keeps the registration data and shows the e-mail in the success dialog', async () => {
    window.localStorage.setItem('onboardingData', JSON.stringify({ relationship: 'parent', deceasedName: 'משה' }))
    window.localStorage.setItem('selectedPlan', 'onboarding')
    const user = userEvent.setup()
    const { router } = renderRoute('/register', routes)
    expect(
      await screen.findByRole('heading', { level: 1, name: s.register.modes.onboarding.title }),
    ).toBeInTheDocument()
    expect(screen.getByText(s.register.modes.onboarding.leadWithName.replace('{name}', 'משה'))).toBeInTheDocument()
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: s.register.modes.onboarding.submit }))

    const dialog = await screen.findByRole('dialog')
    expect(dialog).toHaveTextContent('rachel@example.test')
    // The account keeps the registration's choices too, for a confirmation on another device.
    expect(signUp).toHaveBeenCalledWith({
      fullName: 'רחל כהן',
      email: 'rachel@example.test',
      password: 'Remember-2026',
      metadata: {
        registration: {
          plan_type: 'onboarding',
          recipient_type: 'for_me',
          gift_code: null,
          onboarding: { relationship: 'parent', deceased_name: 'משה' },
        },
      },
    })
    expect(JSON.parse(window.localStorage.getItem('tempRegistrationData')!)).toMatchObject({
      email: 'rachel@example.test',
      fullName: 'רחל כהן',
      planType: 'onboarding',
      recipientType: 'for_me',
      onboardingData: { relationship: 'parent', deceased_name: 'משה' },
    })
    expect(window.localStorage.getItem('selectedPlan')).toBeNull()
    expect(notifyAdminsOfNewUser).toHaveBeenCalledWith({
      name: 'רחל כהן',
      email: 'rachel@example.test',
      relationship: 'parent',
      deceasedName: 'משה',
    })

    await user.click(screen.getByRole('button', { name: s.register.success.continue }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/email-confirmation'))
  })

  it('refuses a short password before asking the server', async () => {
    const user = userEvent.setup()
    renderRoute('/register', routes)
    await fillForm(user, '1234567')
    await user.click(screen.getByRole('button', { name: s.register.modes.regular.submit }))
    expect(await screen.findByText(s.register.validation.passwordTooShort)).toBeInTheDocument()
    expect(signUp).not.toHaveBeenCalled()
  })

  it('shows the server error in Hebrew', async () => {
    signUp.mockRejectedValue(new AccountError('email_taken'))
    const user = userEvent.setup()
    renderRoute('/register', routes)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: s.register.modes.regular.submit }))
    expect(await screen.findByRole('alert')).toHaveTextContent(s.register.errors.emailTaken)
  })

  it.each([
    ['expired', s.register.errors.giftExpired],
    ['claimed', s.register.errors.giftClaimed],
  ] as const)('gift mode: a %s code is refused and no account is made', async (status, message) => {
    checkGiftCode.mockResolvedValue(status)
    const user = userEvent.setup()
    renderRoute('/register?gift=abcd2345', routes)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: s.register.modes.gift.submit }))
    expect(await screen.findByText(message)).toBeInTheDocument()
    expect(checkGiftCode).toHaveBeenCalledWith('ABCD2345')
    expect(signUp).not.toHaveBeenCalled()
  })

  it('gift mode: a good code keeps the code for after the confirmation', async () => {
    checkGiftCode.mockResolvedValue('ok')
    const user = userEvent.setup()
    renderRoute('/register?gift=abcd2345', routes)
    await fillForm(user)
    await user.click(screen.getByRole('button', { name: s.register.modes.gift.submit }))
    await screen.findByRole('dialog')
    expect(window.localStorage.getItem('pendingGiftCode')).toBe('ABCD2345')
    expect(JSON.parse(window.localStorage.getItem('tempRegistrationData')!)).toMatchObject({ giftCode: 'ABCD2345' })
  })
})
