import { act, render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import { t } from '@/i18n/he'
import { storageKeys } from '@/lib/browser-storage'
import { isEmailConfirmationHash } from './hooks/useEmailConfirmationRedirect'
import { packagesSectionId } from './hooks/usePackagesScrollRequest'
import LandingPage from './LandingPage'

const fetchPlanPrices = vi.fn()
vi.mock('@/domains/payments/plans/plan-prices', () => ({ fetchPlanPrices: () => fetchPlanPrices() }))
const price = (plan: string, priceAgorot: number, originalPriceAgorot: number | null) => ({
  plan,
  priceAgorot,
  originalPriceAgorot,
  offered: true,
})
beforeEach(() => {
  fetchPlanPrices.mockReset().mockResolvedValue({ basic: price('basic', 9500, null), pro: price('pro', 14550, 19900) })
})

function renderLanding(address: string) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <LandingPage /> },
      { path: '/login', element: <h1>login</h1> },
      { path: '/update-password', element: <h1>update password</h1> },
    ],
    { initialEntries: [address] },
  )
  render(<RouterProvider router={router} />)
  return router
}

describe('isEmailConfirmationHash', () => {
  it.each([
    ['#access_token=abc&refresh_token=def&type=signup', true],
    ['#type=signup', true],
    ['#message=confirmation+link+accepted', true],
    ['', false],
    ['#packages-section', false],
  ])('%s → %s', (hash, expected) => {
    expect(isEmailConfirmationHash(hash)).toBe(expected)
  })
})

describe('landing page: arriving from a confirmation e-mail', () => {
  it('redirects to /login?emailConfirmed=true when the hash holds an access token', async () => {
    const router = renderLanding('/#access_token=abc&expires_in=3600&type=signup')
    expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/login')
    expect(router.state.location.search).toBe('?emailConfirmed=true')
    // The tokens travel along, for the auth client on the login page.
    expect(router.state.location.hash).toContain('access_token=abc')
  })

  it('redirects on a confirmation marker without a token', async () => {
    const router = renderLanding('/#type=signup')
    await screen.findByRole('heading', { name: 'login' })
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?emailConfirmed=true')
  })

  it('sends a password-recovery link that fell back to the home page on to the new-password screen', async () => {
    const router = renderLanding('/#access_token=abc&expires_in=3600&type=recovery')
    await screen.findByRole('heading', { name: 'update password' })
    expect(router.state.location.pathname).toBe('/update-password')
    expect(router.state.location.hash).toContain('type=recovery')
  })

  it('stays on the landing page otherwise', () => {
    const router = renderLanding('/')
    expect(screen.getByRole('heading', { level: 1, name: t('landing.hero.title') })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})

describe('landing page: the request to pick a plan', () => {
  let scrollIntoView: MockInstance<Element['scrollIntoView']>

  beforeEach(() => {
    vi.useFakeTimers()
    scrollIntoView = vi.spyOn(Element.prototype, 'scrollIntoView').mockImplementation(() => {})
  })

  afterEach(() => {
    vi.useRealTimers()
  })

  function expectSmoothScrollToPackagesAfterHalfASecond() {
    act(() => vi.advanceTimersByTime(499))
    expect(scrollIntoView).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(scrollIntoView).toHaveBeenCalledTimes(1)
    expect(scrollIntoView).toHaveBeenCalledWith({ behavior: 'smooth', block: 'start' })
    expect(scrollIntoView.mock.contexts[0]).toBe(document.getElementById(packagesSectionId))
  }

  it('scrolls smoothly to the packages after 0.5 s when local storage holds needsToSelectPlan=true, and removes the flag', () => {
    window.localStorage.setItem(storageKeys.needsToSelectPlan, 'true')
    renderLanding('/')
    expect(window.localStorage.getItem(storageKeys.needsToSelectPlan)).toBeNull()
    expectSmoothScrollToPackagesAfterHalfASecond()
  })

  it('scrolls smoothly to the packages after 0.5 s when the query has select_plan=true', () => {
    renderLanding('/?select_plan=true')
    expectSmoothScrollToPackagesAfterHalfASecond()
  })

  it('does not scroll without a request', () => {
    window.localStorage.setItem(storageKeys.needsToSelectPlan, 'false')
    renderLanding('/?select_plan=false')
    act(() => vi.advanceTimersByTime(2000))
    expect(scrollIntoView).not.toHaveBeenCalled()
  })
})

describe('landing page: content', () => {
  it("has the packages section with both plans, the server's prices with the old ones struck through, and links to register", async () => {
    renderLanding('/')
    const packages = document.getElementById(packagesSectionId)
    expect(packages).not.toBeNull()

    const basic = screen.getByRole('link', { name: t('packages.basic.cta') })
    const pro = screen.getByRole('link', { name: t('packages.pro.cta') })
    expect(basic).toHaveAttribute('href', '/register?plan=basic')
    expect(pro).toHaveAttribute('href', '/register?plan=pro')
    expect(screen.getByText(t('packages.popular'))).toBeInTheDocument()

    expect(await screen.findByText(t('packages.priceLabel', { amount: 95 }))).toBeInTheDocument()
    expect(screen.getByText(t('packages.priceLabel', { amount: 145.5 }))).toBeInTheDocument()
    const struck = Array.from(packages?.querySelectorAll('del [aria-hidden]') ?? []).map(
      (element) => element.textContent,
    )
    expect(struck).toEqual([t('common.price', { amount: 199 })])
    expect(fetchPlanPrices).toHaveBeenCalledTimes(1)
  })

  it("keeps the price's place, without a made-up price, until the server answers", () => {
    fetchPlanPrices.mockReturnValue(new Promise(() => {}))
    renderLanding('/')
    const packages = document.getElementById(packagesSectionId)
    expect(packages?.querySelectorAll('[aria-busy="true"]')).toHaveLength(2)
    expect(packages?.textContent).not.toMatch(/\d+\s*₪/)
  })

  it('says in the hero what a book costs: the lowest price of the plans on offer, never "free"', async () => {
    renderLanding('/')
    expect(screen.getByTestId('hero-price')).toHaveTextContent(t('landing.hero.price'))
    expect(await screen.findByText(t('landing.hero.priceFrom', { amount: 95 }))).toBeInTheDocument()
    expect(document.body.textContent).not.toContain('חינם')
  })

  it('leads both calls to action to /onboarding', () => {
    renderLanding('/')
    const ctas = screen.getAllByRole('link', { name: t('landing.hero.cta') })
    expect(ctas).toHaveLength(2)
    for (const cta of ctas) expect(cta).toHaveAttribute('href', '/onboarding')
  })
})
