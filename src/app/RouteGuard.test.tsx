import { configure, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { updateAuthSnapshot } from '@/lib/auth-session/auth-session-store'
import { useGuardedUser } from '@/domains/accounts/session/guarded-user'
import { tPlatformAdmin } from '@/domains/platform-admin/strings/platform-admin'
import { renderRoute, type AppRoute } from '@/test/render-route'
import type { RouteAccess } from './routes'

const toastError = vi.fn()
vi.mock('sonner', () => ({ toast: { error: (...args: unknown[]) => toastError(...args), success: vi.fn() } }))

let access: { role: 'admin' | 'user'; mustChangePassword: boolean } = { role: 'user', mustChangePassword: false }
vi.mock('@/domains/accounts/api/user-role', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/domains/accounts/api/user-role')>()),
  useUserAccess: () => ({ isPending: false, isError: false, data: access }),
}))

configure({ asyncUtilTimeout: 5000 })

function Secret() {
  const user = useGuardedUser()
  return <h1>secret of {user.email}</h1>
}

const stub = (path: string, text: string, guard?: RouteAccess): AppRoute => ({
  path,
  screen: 'landing',
  kind: 'app',
  access: guard,
  load: async () => ({ default: () => <h1>{text}</h1> }),
})
const routes: AppRoute[] = [
  stub('/', 'home'),
  stub('/login', 'login'),
  stub('/update-password', 'update password'),
  { path: '/dashboard', screen: 'dashboard', kind: 'app', access: 'signedIn', load: async () => ({ default: Secret }) },
  {
    path: '/admin-panel',
    screen: 'adminPanel',
    kind: 'app',
    access: 'platformAdmin',
    load: async () => ({ default: Secret }),
  },
]

const user = { id: 'u1', email: 'dana@example.test', fullName: 'דנה' }
const signIn = () => updateAuthSnapshot({ session: { status: 'signed-in', user }, settled: true })

beforeEach(() => {
  toastError.mockReset()
  access = { role: 'user', mustChangePassword: false }
  updateAuthSnapshot({ session: { status: 'signed-out', user: null }, settled: true, passwordRecovery: false })
})

afterEach(() => {
  updateAuthSnapshot({ session: { status: 'signed-out', user: null }, settled: true, passwordRecovery: false })
})

describe('route guard', () => {
  it.each(['/dashboard?view=purchases', '/admin-panel'])(
    'sends a signed-out visitor from %s to /login, keeping the address to return to',
    async (address) => {
      const { router } = renderRoute(address, routes)
      expect(await screen.findByRole('heading', { name: 'login' })).toBeInTheDocument()
      expect(router.state.location.pathname).toBe('/login')
      expect(new URLSearchParams(router.state.location.search).get('returnTo')).toBe(address)
      expect(screen.queryByText(/secret/)).not.toBeInTheDocument()
    },
  )

  it('shows a signed-in screen to a signed-in user, who reaches it through useGuardedUser', async () => {
    signIn()
    renderRoute('/dashboard', routes)
    expect(await screen.findByRole('heading', { name: `secret of ${user.email}` })).toBeInTheDocument()
  })

  it('refuses a signed-in user who is not a platform admin, in Hebrew, and sends them home', async () => {
    signIn()
    const { router } = renderRoute('/admin-panel', routes)
    expect(await screen.findByRole('heading', { name: 'home' })).toBeInTheDocument()
    expect(router.state.location.pathname).toBe('/')
    expect(toastError).toHaveBeenCalledWith(tPlatformAdmin('denied.title'), {
      description: tPlatformAdmin('denied.text'),
      id: 'platform-admin-denied',
    })
    expect(screen.queryByText(/secret/)).not.toBeInTheDocument()
  })

  it('lets a platform admin in', async () => {
    access = { role: 'admin', mustChangePassword: false }
    signIn()
    renderRoute('/admin-panel', routes)
    expect(await screen.findByRole('heading', { name: `secret of ${user.email}` })).toBeInTheDocument()
    expect(toastError).not.toHaveBeenCalled()
  })

  it.each(['/dashboard', '/admin-panel'])(
    'sends a user whose password was reset from %s to choose a new one first',
    async (address) => {
      access = { role: 'admin', mustChangePassword: true }
      signIn()
      const { router } = renderRoute(address, routes)
      expect(await screen.findByRole('heading', { name: 'update password' })).toBeInTheDocument()
      await waitFor(() => expect(router.state.location.pathname).toBe('/update-password'))
      expect(screen.queryByText(/secret/)).not.toBeInTheDocument()
    },
  )
})
