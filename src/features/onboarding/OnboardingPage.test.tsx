import { configure, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import type { AppRoute } from '@/test/render-route'
import { updateAuthSnapshot } from '@/lib/auth-session/auth-session-store'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'
import { renderRoute } from '@/test/render-route'

const saveOnboardingData = vi.fn()
vi.mock('@/domains/accounts/onboarding/save-onboarding-data', async () => ({
  useSaveOnboardingData: (await import('@/test/mutation-hook')).mutationHookOf(
    ({ userId, answers }: { userId: string; answers: unknown }) => saveOnboardingData(userId, answers),
  ),
}))
const toastWarning = vi.fn()
vi.mock('sonner', () => ({ toast: { warning: (text: string) => toastWarning(text) } }))

const stub = (path: string, text: string): AppRoute => ({
  path,
  screen: 'landing',
  kind: 'app',
  load: async () => ({ default: () => <h1>{text}</h1> }),
})

const routes: AppRoute[] = [
  { path: '/onboarding', screen: 'onboarding', kind: 'app', load: () => import('./OnboardingPage') },
  stub('/', 'home'),
  stub('/register', 'register'),
  stub('/create-book', 'create book'),
]

async function answerBothSteps(user: ReturnType<typeof userEvent.setup>) {
  await user.click(await screen.findByRole('radio', { name: s.onboarding.relationship.options.spouse }))
  await user.click(screen.getByRole('button', { name: s.onboarding.next }))
  await user.type(screen.getByLabelText(s.onboarding.name.label), 'אבי כהן')
  await user.click(screen.getByRole('button', { name: s.onboarding.next }))
  expect(screen.getByRole('heading', { name: 'ספר הזיכרון של אבי כהן' })).toBeInTheDocument()
}

const signedIn = { status: 'signed-in' as const, user: { id: 'user-1', email: 'a@example.test', fullName: 'א' } }

// Screens load lazily and the whole suite runs in parallel: allow them time to appear.
configure({ asyncUtilTimeout: 5000 })

// The screen's module is loaded once up front, so the first test does not wait for it to compile.
beforeAll(async () => {
  await import('./OnboardingPage')
}, 20_000)

beforeEach(() => {
  saveOnboardingData.mockReset()
  toastWarning.mockReset()
})

afterEach(() => {
  updateAuthSnapshot({ session: { status: 'signed-out', user: null }, settled: true, passwordRecovery: false })
})

describe('/onboarding', () => {
  it('shows its progress and the step rules', async () => {
    const user = userEvent.setup()
    renderRoute('/onboarding', routes)
    expect(await screen.findByText('שלב 1 מתוך 3')).toBeInTheDocument()
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '33')
    expect(screen.getAllByRole('radio')).toHaveLength(6)

    await user.click(screen.getByRole('button', { name: s.onboarding.next }))
    expect(screen.getByRole('alert')).toHaveTextContent(s.onboarding.relationship.required)

    await user.click(screen.getByRole('radio', { name: s.onboarding.relationship.options.friend }))
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: s.onboarding.next }))
    expect(screen.getByText('שלב 2 מתוך 3')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: s.onboarding.next }))
    expect(screen.getByRole('alert')).toHaveTextContent(s.onboarding.name.required)
  })

  it('goes home on back from step 1', async () => {
    const user = userEvent.setup()
    const { router } = renderRoute('/onboarding', routes)
    await user.click(await screen.findByRole('button', { name: s.onboarding.back }))
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })

  it('signed out: keeps the answers here, selects the onboarding plan and goes to register', async () => {
    const user = userEvent.setup()
    const { router } = renderRoute('/onboarding', routes)
    await answerBothSteps(user)
    await user.click(screen.getByRole('button', { name: s.onboarding.start.cta }))
    expect(await screen.findByRole('heading', { name: 'register' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/register')
    expect(JSON.parse(window.localStorage.getItem('onboardingData')!)).toEqual({
      relationship: 'spouse',
      deceasedName: 'אבי כהן',
    })
    expect(window.localStorage.getItem('selectedPlan')).toBe('onboarding')
    expect(saveOnboardingData).not.toHaveBeenCalled()
  })

  it('signed in: saves the answers for the user and goes on to create the book', async () => {
    updateAuthSnapshot({ session: signedIn, settled: true })
    saveOnboardingData.mockResolvedValue(undefined)
    const user = userEvent.setup()
    const { router } = renderRoute('/onboarding', routes)
    await answerBothSteps(user)
    await user.click(screen.getByRole('button', { name: s.onboarding.start.cta }))
    expect(await screen.findByRole('heading', { name: 'create book' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/create-book')
    expect(saveOnboardingData).toHaveBeenCalledWith('user-1', { relationship: 'spouse', deceasedName: 'אבי כהן' })
    expect(window.localStorage.getItem('onboardingData')).toBeNull()
  })

  it('signed in but the save fails: keeps the answers here and still goes on', async () => {
    updateAuthSnapshot({ session: signedIn, settled: true })
    saveOnboardingData.mockRejectedValue(new TypeError('Failed to fetch'))
    vi.spyOn(console, 'warn').mockImplementation(() => {})
    const user = userEvent.setup()
    renderRoute('/onboarding', routes)
    await answerBothSteps(user)
    await user.click(screen.getByRole('button', { name: s.onboarding.start.cta }))
    expect(await screen.findByRole('heading', { name: 'create book' })).toBeInTheDocument()
    expect(JSON.parse(window.localStorage.getItem('onboardingData')!)).toEqual({
      relationship: 'spouse',
      deceasedName: 'אבי כהן',
    })
    expect(toastWarning).toHaveBeenCalledWith(s.onboarding.start.saveFailed)
  })
})
