import { useEffect, useSyncExternalStore } from 'react'
import { loadAuthClient, subscribeToAuth } from '@/lib/auth-session/auth-client-loader'
import { getAuthSnapshot, getPrerenderedAuthSnapshot, type AuthSnapshot } from '@/lib/auth-session/auth-session-store'

export type { AuthSession, SessionUser } from '@/lib/auth-session/auth-session-store'

export interface AuthSessionState extends AuthSnapshot {
  signOut: () => Promise<void>
}

export { isCertainlySignedOut } from '@/lib/auth-session/auth-session-store'

/** Signs out on the server and here; the SIGNED_OUT event then clears the session everywhere. */
async function signOut(): Promise<void> {
  const { signOutOfApp } = await import('./sign-out')
  await signOutOfApp()
}

/**
 * The visitor's sign-in state, kept current by the app's one auth listener. On the first render it
 * reflects what the browser stored (`settled` false until the auth client confirms it); screens
 * that act on it use `useSettledAuthSession`. A page hydrating prerendered HTML starts signed out and
 * moves to the stored state right after.
 */
export function useAuthSession(): AuthSessionState {
  const snapshot = useSyncExternalStore(subscribeToAuth, getAuthSnapshot, getPrerenderedAuthSnapshot)
  return { ...snapshot, signOut }
}

/** The same, and loads the auth client at once so `settled` becomes true soon. */
export function useSettledAuthSession(): AuthSessionState {
  const state = useAuthSession()
  useEffect(() => {
    if (!state.settled) void loadAuthClient()
  }, [state.settled])
  return state
}
