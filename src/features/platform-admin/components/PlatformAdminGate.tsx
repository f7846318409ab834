import { useEffect, type ReactNode } from 'react'
import { Navigate, useNavigate } from 'react-router-dom'
import { toast } from 'sonner'
import { PageLoading } from '@/components/screens/PageLoading'
import { useSignedInUser } from '@/entities/user/session/useSignedInUser'
import { tPlatformAdmin as t } from '@/i18n/platform-admin'
import { usePlatformAdminAccess } from '../api/admin-access'

function Refused() {
  const navigate = useNavigate()
  useEffect(() => {
    toast.error(t('denied.title'), { description: t('denied.text'), id: 'platform-admin-denied' })
    navigate('/', { replace: true })
  }, [navigate])
  return <PageLoading />
}

function AdminCheck({ userId, children }: { userId: string; children: ReactNode }) {
  const access = usePlatformAdminAccess(userId)
  if (access.isPending) return <PageLoading />
  if (access.isError || !access.data) return <Refused />
  return children
}

/**
 * The platform admin's screens: without a session → /login; a signed-in user who is not a platform
 * admin (the database says so) is told they have no permission and sent home. The database refuses their calls
 * anyway; this only spares them a broken screen.
 */
export function PlatformAdminGate({ children }: { children: ReactNode }) {
  const user = useSignedInUser()
  if (user === undefined) return <PageLoading />
  if (user === null) return <Navigate to="/login" replace />
  return <AdminCheck userId={user.id}>{children}</AdminCheck>
}
