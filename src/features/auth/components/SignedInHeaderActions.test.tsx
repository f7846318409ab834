import { act, configure, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { he } from '@/i18n/he'
import { accountsStrings as s } from '@/domains/accounts/strings/accounts'
import { renderRoute } from '@/test/render-route'
import { updateAuthSnapshot } from '@/lib/auth-session/auth-session-store'
import { setCurrentBook } from '@/domains/book/lib/current-book'

const signOutOfApp = vi.fn()
vi.mock('@/domains/accounts/session/sign-out', () => ({ signOutOfApp: () => signOutOfApp() }))
vi.mock('sonner', () => ({ toast: { success: vi.fn(), error: vi.fn() } }))

function signInAs(fullName: string | null) {
  updateAuthSnapshot({
    session: { status: 'signed-in', user: { id: 'u1', email: 'dana@example.test', fullName } },
    settled: true,
  })
}

/** The site header: the first banner (information pages have a header of their own further down). */
async function siteHeader(): Promise<HTMLElement> {
  return (await screen.findAllByRole('banner'))[0]!
}

// Screens load lazily and the whole suite runs in parallel: allow them time to appear.
configure({ asyncUtilTimeout: 5000 })

beforeAll(async () => {
  await import('./SignedInHeaderActions')
}, 20_000)

afterEach(() => {
  setCurrentBook(null)
  updateAuthSnapshot({ session: { status: 'signed-out', user: null }, settled: true, passwordRecovery: false })
})

describe('the signed-in header', () => {
  it('greets by full name, or by e-mail without one, instead of the login button', async () => {
    signInAs('דנה כהן')
    renderRoute('/faq')
    const banner = await siteHeader()
    expect(await within(banner).findByText('שלום, דנה כהן')).toBeInTheDocument()
    expect(within(banner).queryByRole('link', { name: he.header.login })).not.toBeInTheDocument()

    act(() => signInAs(null))
    expect(await within(banner).findByText('שלום, dana@example.test')).toBeInTheDocument()
  })

  it('offers share and add-admin only when the user has a book, and a contact e-mail with a subject', async () => {
    signInAs('דנה')
    const user = userEvent.setup()
    renderRoute('/faq')
    await user.click(await screen.findByRole('button', { name: s.header.openMenu }))
    let menu = screen.getByRole('dialog')
    expect(within(menu).getByRole('link', { name: s.header.dashboard })).toHaveAttribute('href', '/dashboard')
    expect(within(menu).queryByRole('link', { name: s.header.shareBook })).not.toBeInTheDocument()
    expect(within(menu).queryByRole('link', { name: s.header.addAdmin })).not.toBeInTheDocument()
    expect(within(menu).getByRole('link', { name: s.header.contact }).getAttribute('href')).toMatch(
      /^mailto:[^?]+\?subject=.+/,
    )

    act(() => setCurrentBook({ id: 'book-uuid', shortCode: 'ABCDEFGH' }))
    menu = screen.getByRole('dialog')
    expect(within(menu).getByRole('link', { name: s.header.shareBook })).toHaveAttribute('href', '/share/ABCDEFGH')
    expect(within(menu).getByRole('link', { name: s.header.addAdmin })).toHaveAttribute(
      'href',
      '/add-family-admin?book=book-uuid',
    )
  })

  it('signs out and goes home', async () => {
    signInAs('דנה')
    signOutOfApp.mockImplementation(async () => {
      updateAuthSnapshot({ session: { status: 'signed-out', user: null } })
    })
    const user = userEvent.setup()
    const { router } = renderRoute('/faq')
    await user.click(await screen.findByRole('button', { name: s.header.openMenu }))
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: s.header.signOut }))
    await waitFor(() => expect(router.state.location.pathname).toBe('/'))
    expect(signOutOfApp).toHaveBeenCalledTimes(1)
    expect(within(await siteHeader()).getByRole('link', { name: he.header.login })).toBeInTheDocument()
  })
})
