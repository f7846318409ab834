import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { RegistrationData } from '@/domains/accounts/lib/registration-data'

const fetchUserRole = vi.fn()
const saveOnboardingData = vi.fn()
const takeAccountRegistration = vi.fn()
vi.mock('@/domains/accounts/api/account-registration', () => ({
  takeAccountRegistration: (...args: unknown[]) => takeAccountRegistration(...args),
}))
const fetchMustChangePassword = vi.fn()
vi.mock('@/domains/accounts/api/user-role', () => ({
  FORCED_PASSWORD_CHANGE_PATH: '/update-password',
  fetchUserRole: (...args: unknown[]) => fetchUserRole(...args),
  fetchMustChangePassword: (...args: unknown[]) => fetchMustChangePassword(...args),
}))
vi.mock('@/domains/accounts/onboarding/save-onboarding-data', () => ({
  saveOnboardingData: (...args: unknown[]) => saveOnboardingData(...args),
}))

const { afterSignIn, postLoginPath } = await import('./post-login')

const registration = (change: Partial<RegistrationData> = {}): RegistrationData => ({
  email: 'dana@example.test',
  fullName: 'דנה',
  planType: 'pro',
  recipientType: 'for_me',
  onboardingData: null,
  giftCode: null,
  ...change,
})

describe('postLoginPath', () => {
  it.each([
    [
      'an ownership-transfer invitation, before anything else → the dashboard records it',
      {
        registration: registration(),
        pendingGiftCode: 'ABCD2345',
        role: 'admin' as const,
        pendingOwnershipTransfer: true,
      },
      '/dashboard',
    ],
    [
      'registration data → payment with its plan and type',
      { registration: registration(), pendingGiftCode: 'ABCD2345', role: 'admin' as const },
      '/payment?plan=pro&type=for_me',
    ],
    [
      'a gift purchase',
      {
        registration: registration({ planType: 'basic', recipientType: 'gift' }),
        pendingGiftCode: null,
        role: 'user' as const,
      },
      '/payment?plan=basic&type=gift',
    ],
    [
      'an account opened to claim a gift',
      { registration: registration({ giftCode: 'ABCD2345' }), pendingGiftCode: null, role: 'user' as const },
      '/gift?code=ABCD2345',
    ],
    [
      'a pending gift code',
      { registration: null, pendingGiftCode: 'ABCD2345', role: 'admin' as const },
      '/gift?code=ABCD2345',
    ],
    [
      'the screen that asked for a sign-in, after a pending gift code',
      { registration: null, pendingGiftCode: null, role: 'admin' as const, returnTo: '/admin/coupons' },
      '/admin/coupons',
    ],
    ['a platform admin', { registration: null, pendingGiftCode: null, role: 'admin' as const }, '/admin-panel'],
    ['anyone else', { registration: null, pendingGiftCode: null, role: 'user' as const }, '/dashboard'],
    [
      "someone else's registration data",
      { registration: registration({ email: 'other@example.test' }), pendingGiftCode: null, role: 'user' as const },
      '/dashboard',
    ],
  ])('%s', (_label, facts, expected) => {
    expect(postLoginPath({ email: 'Dana@Example.test', ...facts })).toBe(expected)
  })
})

describe('afterSignIn', () => {
  const user = { id: 'user-1', email: 'dana@example.test', fullName: 'דנה' }

  beforeEach(() => {
    fetchUserRole.mockReset().mockResolvedValue('user')
    fetchMustChangePassword.mockReset().mockResolvedValue(false)
    saveOnboardingData.mockReset().mockResolvedValue(undefined)
    takeAccountRegistration.mockReset().mockResolvedValue(null)
  })

  it('continues the registration kept with the account when it was confirmed on another device', async () => {
    takeAccountRegistration.mockResolvedValue(
      registration({ planType: 'onboarding', onboardingData: { relationship: 'parent', deceased_name: 'משה כהן' } }),
    )
    expect(await afterSignIn(user)).toBe('/payment?plan=onboarding&type=for_me')
    expect(saveOnboardingData).toHaveBeenCalledWith('user-1', { relationship: 'parent', deceasedName: 'משה כהן' })
    expect(JSON.parse(window.localStorage.getItem('tempRegistrationData') ?? 'null')).toMatchObject({
      planType: 'onboarding',
    })
    expect(fetchUserRole).not.toHaveBeenCalled()
  })

  it('asks the database for the role only when nothing else decides, and never compares e-mails', async () => {
    fetchUserRole.mockResolvedValue('admin')
    expect(await afterSignIn(user)).toBe('/admin-panel')
    expect(fetchUserRole).toHaveBeenCalledWith('user-1')

    fetchUserRole.mockClear()
    window.localStorage.setItem('pendingGiftCode', 'wxyz2345')
    expect(await afterSignIn(user)).toBe('/gift?code=WXYZ2345')
    expect(fetchUserRole).not.toHaveBeenCalled()
  })

  it('returns to the screen that asked for a sign-in, without asking for the role', async () => {
    expect(await afterSignIn(user, '/admin-dashboard?book=b1')).toBe('/admin-dashboard?book=b1')
    expect(fetchUserRole).not.toHaveBeenCalled()
    fetchMustChangePassword.mockResolvedValue(true)
    expect(await afterSignIn(user, '/admin-dashboard?book=b1')).toBe('/update-password')
  })

  it('sends a user whose password a platform admin reset to choose a new one, before anything else', async () => {
    fetchMustChangePassword.mockResolvedValue(true)
    fetchUserRole.mockResolvedValue('admin')
    window.localStorage.setItem('pendingGiftCode', 'wxyz2345')
    expect(await afterSignIn(user)).toBe('/update-password')
    expect(fetchMustChangePassword).toHaveBeenCalledWith('user-1')
    expect(takeAccountRegistration).not.toHaveBeenCalled()
  })

  it('routes as usual when the password flag cannot be read', async () => {
    fetchMustChangePassword.mockRejectedValue(new Error('offline'))
    expect(await afterSignIn(user)).toBe('/dashboard')
  })

  it('goes to the dashboard when the role cannot be read', async () => {
    fetchUserRole.mockRejectedValue(new Error('offline'))
    expect(await afterSignIn(user)).toBe('/dashboard')
  })

  it('saves onboarding answers kept in the browser, then forgets them', async () => {
    window.localStorage.setItem('onboardingData', JSON.stringify({ relationship: 'spouse', deceasedName: 'אבי' }))
    await afterSignIn(user)
    expect(saveOnboardingData).toHaveBeenCalledWith('user-1', { relationship: 'spouse', deceasedName: 'אבי' })
    expect(window.localStorage.getItem('onboardingData')).toBeNull()
  })

  it('keeps the answers when saving them fails, and still routes', async () => {
    window.localStorage.setItem('onboardingData', JSON.stringify({ relationship: 'spouse', deceasedName: 'אבי' }))
    saveOnboardingData.mockRejectedValue(new Error('Failed to fetch'))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    expect(await afterSignIn(user)).toBe('/dashboard')
    expect(window.localStorage.getItem('onboardingData')).not.toBeNull()
  })
})
