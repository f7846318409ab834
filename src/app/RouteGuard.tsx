import { useEffect } from 'react'
import { Navigate, Outlet, useLocation, useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { ScreenLoading } from '@/components/screens/ScreenLoading'
import { FORCED_PASSWORD_CHANGE_PATH, useUserAccess } from '@/domains/accounts/api/user-role'
import { GuardedUserProvider } from '@/domains/accounts/session/guarded-user'
import type { SessionUser } from '@/domains/accounts/session/useAuthSession'
import { useSignedInUser } from '@/domains/accounts/session/useSignedInUser'
import { tPlatformAdmin } from '@/domains/platform-admin/strings/platform-admin'
import { loginPathReturningTo } from '@/lib/return-to'
import type { RouteAccess } from './routes'

/** A signed-in user who is not a platform admin: told so in Hebrew, and sent home. */
function Refused() {
  const navigate = useNavigate()
  useEffect(() => {
    toast.error(tPlatformAdmin('denied.title'), {
      description: tPlatformAdmin('denied.text'),
      id: 'platform-admin-denied',
    })
    navigate('/', { replace: true })
  }, [navigate])
  return <ScreenLoading />
}

function SignedInChecks({ user, access }: { user: SessionUser; access: RouteAccess }) {
  const account = useUserAccess(user.id)
  if (account.isPending) return <ScreenLoading />
  if (account.data?.mustChangePassword) return <Navigate to={FORCED_PASSWORD_CHANGE_PATH} replace />
  if (access === 'platformAdmin' && account.data?.role !== 'admin') return <Refused />
  return (
    <GuardedUserProvider value={user}>
      <Outlet />
    </GuardedUserProvider>
  )
}

/**
 * The one check in front of every screen that needs an account: without a session → /login, which
 * returns here after signing in; a user whose password a platform admin reset → /update-password
 * first; on a platform-admin screen, anyone whose role (read from the database) is not admin is
 * refused. The database refuses their calls anyway: this spares them a broken screen.
 */
export function RouteGuard({ access }: { access: RouteAccess }) {
  const user = useSignedInUser()
  const location = useLocation()
  if (user === undefined) return <ScreenLoading />
  if (user === null) return <Navigate to={loginPathReturningTo(location)} replace />
  return <SignedInChecks user={user} access={access} />
}
