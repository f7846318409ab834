import { useEffect, useSyncExternalStore } from 'react'
import { loadAuthClient, subscribeToAuth } from './auth-client-loader'
import { getAuthSnapshot, type AuthSnapshot } from './auth-session-store'

export type { AuthSession, SessionUser } from './auth-session-store'

export interface AuthSessionState extends AuthSnapshot {
  signOut: () => Promise<void>
}

/** Signs out on the server and here; the SIGNED_OUT event then clears the session everywhere. */
async function signOut(): Promise<void> {
  const { signOutOfApp } = await import('./sign-out')
  await signOutOfApp()
}

/**
 * The visitor's sign-in state, kept current by the app's one auth listener. On the first render it
 * reflects what the browser stored (`settled` false until the auth client confirms it); screens
 * that act on it use `useSettledAuthSession`.
 */
export function useAuthSession(): AuthSessionState {
  const snapshot = useSyncExternalStore(subscribeToAuth, getAuthSnapshot)
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
