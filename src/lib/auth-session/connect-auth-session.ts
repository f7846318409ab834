import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js'
import {
  getAuthSnapshot,
  signedOutSession,
  toSessionUser,
  updateAuthSnapshot,
  type AuthSession,
  type AuthSnapshot,
} from './auth-session-store'

/*
 * The app's one onAuthStateChange listener. Loaded with supabase-js and
 * attached by src/lib/supabase.ts the moment the client is created. supabase-js itself keeps the
 * session in local storage and refreshes it before it expires (TOKEN_REFRESHED).
 */

function sessionOf(session: Session | null): AuthSession {
  const user = session ? toSessionUser(session.user) : null
  return user ? { status: 'signed-in', user } : signedOutSession
}

/** How each auth event changes the app's sign-in state. */
export function authSnapshotChange(event: AuthChangeEvent, session: Session | null): Partial<AuthSnapshot> {
  switch (event) {
    case 'INITIAL_SESSION':
    case 'SIGNED_IN':
    case 'TOKEN_REFRESHED':
    case 'USER_UPDATED':
    case 'MFA_CHALLENGE_VERIFIED':
      return { session: sessionOf(session), settled: true }
    case 'PASSWORD_RECOVERY':
      return { session: sessionOf(session), settled: true, passwordRecovery: true }
    case 'SIGNED_OUT':
      return { session: signedOutSession, settled: true, passwordRecovery: false }
    default:
      return { settled: true }
  }
}

/** Another person's data must not outlive their session in this browser: the cached queries. */
function forgetPreviousUser(): void {
  void import('@/lib/query-client').then(({ queryClient }) => queryClient.clear())
}

export function connectAuthSession(client: SupabaseClient): void {
  client.auth.onAuthStateChange((event, session) => {
    const previousUserId = getAuthSnapshot().session.user?.id
    updateAuthSnapshot(authSnapshotChange(event, session))
    const currentUserId = getAuthSnapshot().session.user?.id
    if (previousUserId && previousUserId !== currentUserId) forgetPreviousUser()
  })
}
