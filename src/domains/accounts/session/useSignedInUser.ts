import { useSettledAuthSession, type SessionUser } from '@/domains/accounts/session/useAuthSession'

/**
 * The signed-in user once the auth client has confirmed the session: `undefined` while that is
 * not known yet, `null` when signed out.
 */
export function useSignedInUser(): SessionUser | null | undefined {
  const { session, settled } = useSettledAuthSession()
  if (!settled) return undefined
  return session.status === 'signed-in' ? session.user : null
}
