import type { AuthChangeEvent, Session, SupabaseClient } from '@supabase/supabase-js'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getAuthSnapshot, updateAuthSnapshot } from './auth-session-store'
import { authSnapshotChange, connectAuthSession } from './connect-auth-session'

const clearQueries = vi.fn()
vi.mock('@/lib/query-client', () => ({ queryClient: { clear: () => clearQueries() } }))

function session(id: string, fullName = 'דנה'): Session {
  return {
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 3600,
    token_type: 'bearer',
    user: {
      id,
      email: `${id}@example.test`,
      user_metadata: { full_name: fullName },
      app_metadata: {},
      aud: 'authenticated',
      created_at: '',
    },
  } as Session
}

const signedIn = (id: string, fullName = 'דנה') => ({
  status: 'signed-in',
  user: { id, email: `${id}@example.test`, fullName },
})
const signedOut = { status: 'signed-out', user: null }

describe('authSnapshotChange: every auth event', () => {
  it.each([
    ['INITIAL_SESSION', session('u1'), { session: signedIn('u1'), settled: true }],
    ['INITIAL_SESSION', null, { session: signedOut, settled: true }],
    ['SIGNED_IN', session('u1'), { session: signedIn('u1'), settled: true }],
    ['TOKEN_REFRESHED', session('u1'), { session: signedIn('u1'), settled: true }],
    ['USER_UPDATED', session('u1', 'דנה לוי'), { session: signedIn('u1', 'דנה לוי'), settled: true }],
    ['MFA_CHALLENGE_VERIFIED', session('u1'), { session: signedIn('u1'), settled: true }],
    ['PASSWORD_RECOVERY', session('u1'), { session: signedIn('u1'), settled: true, passwordRecovery: true }],
    ['SIGNED_OUT', null, { session: signedOut, settled: true, passwordRecovery: false }],
  ] as const)('%s', (event, current, expected) => {
    expect(authSnapshotChange(event as AuthChangeEvent, current)).toEqual(expected)
  })
})

describe('connectAuthSession', () => {
  let emit: (event: AuthChangeEvent, session: Session | null) => void
  const client = {
    auth: {
      onAuthStateChange: (callback: typeof emit) => {
        emit = callback
        return { data: { subscription: { unsubscribe: () => {} } } }
      },
    },
  } as unknown as SupabaseClient

  beforeEach(() => {
    clearQueries.mockReset()
    updateAuthSnapshot({ session: { status: 'signed-out', user: null }, settled: true, passwordRecovery: false })
    connectAuthSession(client)
  })

  it('keeps the app’s state in step with the client', () => {
    emit('INITIAL_SESSION', session('u1'))
    expect(getAuthSnapshot().session).toEqual(signedIn('u1'))
    emit('PASSWORD_RECOVERY', session('u1'))
    expect(getAuthSnapshot().passwordRecovery).toBe(true)
    emit('SIGNED_OUT', null)
    expect(getAuthSnapshot()).toEqual({ session: signedOut, settled: true, passwordRecovery: false })
  })

  it("forgets the previous user's cached data on sign-out or a change of user", async () => {
    emit('SIGNED_IN', session('u1'))
    emit('TOKEN_REFRESHED', session('u1'))
    expect(clearQueries).not.toHaveBeenCalled()

    emit('SIGNED_IN', session('u2'))
    await vi.waitFor(() => expect(clearQueries).toHaveBeenCalledTimes(1))

    emit('SIGNED_OUT', null)
    await vi.waitFor(() => expect(clearQueries).toHaveBeenCalledTimes(2))
  })
})
