/** The signed-in person as the header and the pages need them. */
export interface SessionUser {
  id: string
  email: string
  fullName: string | null
}

export type AuthSession =
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser }

export interface AuthSessionState {
  session: AuthSession
  signOut: () => Promise<void>
}

const signedOut: AuthSessionState = {
  session: { status: 'signed-out', user: null },
  signOut: async () => {},
}

/**
 * The visitor's sign-in state. Accounts arrive with the authentication feature, which connects this
 * hook to supabase auth (loaded lazily through `getSupabase()`); until then every visitor is signed out.
 */
export function useAuthSession(): AuthSessionState {
  return signedOut
}
