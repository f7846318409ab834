import { screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { t } from '@/i18n/he'
import { tFaq } from '@/i18n/faq'
import { renderRoute } from '@/test/render-route'
import { devNavigationRoute } from './router'
import { appRoutes } from './routes'

/** A concrete address for a route pattern: `/view-book/:book` → `/view-book/sample`. */
function addressOf(path: string): string {
  return path.replace(/:\w+/g, 'sample')
}

describe('404 page', () => {
  it('shows that the page was not found, with a home button that leads to the landing page', async () => {
    const user = userEvent.setup()
    const { router } = renderRoute('/no/such/page')

    expect(await screen.findByRole('heading', { level: 1, name: t('notFound.title') })).toBeInTheDocument()
    expect(screen.getByText(t('notFound.text'))).toBeInTheDocument()

    const main = screen.getByRole('main')
    const homeButton = within(main).getByRole('link', { name: t('notFound.backHome') })
    expect(homeButton).toHaveAttribute('href', '/')

    await user.click(homeButton)
    expect(await screen.findByRole('heading', { level: 1, name: t('landing.hero.title') })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
  })
})

describe('route table', () => {
  it.each([...appRoutes, devNavigationRoute].map((route) => [route.path, route] as const))(
    '%s opens its own screen',
    async (_path, route) => {
      const address = addressOf(route.path)
      const { router } = renderRoute(address)
      // The site's header comes with the first screen (the loading page before it has none).
      await screen.findAllByRole('banner')
      const heading = await screen.findByRole('heading', { level: 1 })
      expect(heading).not.toHaveTextContent(t('notFound.title'))
      // A screen may send a visitor without what it needs (a session, registration data) elsewhere;
      // one that stays at its address is named after its route.
      if (route.kind === 'app' && router.state.location.pathname === address) {
        expect(heading).toHaveTextContent(t(`routes.${route.screen}`))
      }
    },
  )

  it('names the browser tab after the screen', async () => {
    renderRoute('/faq')
    await screen.findByRole('heading', { level: 1, name: tFaq('title') })
    expect(document.title).toContain(t('routes.faq'))
  })
})

describe('error fallback', () => {
  it('says in Hebrew that something went wrong, inside the header and footer, with a home button, when a route fails', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    renderRoute('/', [
      {
        path: '/',
        screen: 'landing',
        kind: 'public',
        load: () => Promise.reject(new Error('chunk failed to load')),
      },
    ])

    expect(await screen.findByRole('heading', { level: 1, name: t('errorFallback.title') })).toBeInTheDocument()
    expect(screen.queryByText(/Unexpected Application Error/)).not.toBeInTheDocument()
    expect(screen.getByText(t('errorFallback.text'))).toBeInTheDocument()
    expect(screen.getAllByRole('main')).toHaveLength(1)
    expect(screen.getByRole('banner')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: t('errorFallback.backHome') })).toHaveAttribute('href', '/')
  })
})
