import { authStorageKeyFor } from './auth-storage-key'
import { env } from '../../config/env'

/*
 * The visitor's sign-in state for the whole app. It is part of the first download, so it stays
 * small and never imports supabase-js: it reads what the auth client left in local storage.
 * auth-client-loader.ts loads the client (which brings the one onAuthStateChange listener,
 * connect-auth-session.ts) only when someone may be signed in, when the URL carries an auth callback, or when a screen
 * asks for it. No stored session and no callback means signed out, with certainty.
 */

/** The signed-in person as the header and the pages need them. */
export interface SessionUser {
  id: string
  email: string
  fullName: string | null
}

export type AuthSession = { status: 'signed-out'; user: null } | { status: 'signed-in'; user: SessionUser }

export interface AuthSnapshot {
  session: AuthSession
  /** False until the auth client has confirmed (or corrected) what local storage suggested. */
  settled: boolean
  /** A password-recovery link signed this visitor in (PASSWORD_RECOVERY); cleared on sign-out. */
  passwordRecovery: boolean
}

export const signedOutSession: AuthSession = { status: 'signed-out', user: null }

/** The person of a supabase-js user object (stored or reported); null when it is not one. */
export function toSessionUser(user: unknown): SessionUser | null {
  if (typeof user !== 'object' || user === null) return null
  const {
    id,
    email,
    user_metadata: metadata,
  } = user as { id?: unknown; email?: unknown; user_metadata?: { full_name?: unknown } }
  if (typeof id !== 'string') return null
  const fullName = typeof metadata?.full_name === 'string' ? metadata.full_name.trim() : ''
  return { id, email: typeof email === 'string' ? email : '', fullName: fullName || null }
}

export const authStorageKey = authStorageKeyFor(env.VITE_SUPABASE_URL)

function readStoredUser(): SessionUser | null {
  try {
    const stored = JSON.parse(window.localStorage.getItem(authStorageKey) ?? 'null') as {
      refresh_token?: unknown
      user?: unknown
    } | null
    return stored?.refresh_token ? toSessionUser(stored.user) : null
  } catch {
    return null
  }
}

const authCallbackPattern = /[#&?](access_token|error_code|error_description)=/

/** The URL returns from an auth e-mail link (tokens or an error in the hash or query). */
export function hasAuthCallbackInUrl(): boolean {
  return authCallbackPattern.test(window.location.hash) || authCallbackPattern.test(window.location.search)
}

/** What a page prerendered at build time shows, and what hydration starts from: nobody signed in yet. */
export const prerenderedSnapshot: AuthSnapshot = { session: signedOutSession, settled: false, passwordRecovery: false }

function initialSnapshot(): AuthSnapshot {
  if (typeof window === 'undefined') return prerenderedSnapshot
  const user = readStoredUser()
  return {
    session: user ? { status: 'signed-in', user } : signedOutSession,
    settled: !user && !hasAuthCallbackInUrl(),
    passwordRecovery: false,
  }
}

let snapshot = initialSnapshot()
const listeners = new Set<() => void>()

/** No session stored and no auth callback in the address: nobody is signed in, without asking the auth client. */
export function isCertainlySignedOut(): boolean {
  const { settled, session } = getAuthSnapshot()
  return settled && session.status === 'signed-out'
}

export function getAuthSnapshot(): AuthSnapshot {
  return snapshot
}

export function getPrerenderedAuthSnapshot(): AuthSnapshot {
  return prerenderedSnapshot
}

export function updateAuthSnapshot(change: Partial<AuthSnapshot>): void {
  snapshot = { ...snapshot, ...change }
  for (const listener of listeners) listener()
}

/** Listens to the snapshot without loading anything (the auth client loader starts the loading). */
export function subscribeToSnapshot(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
