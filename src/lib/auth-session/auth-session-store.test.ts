import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const getSupabase = vi.fn()
vi.mock('@/lib/supabase', () => ({ getSupabase: () => getSupabase() }))

const storageKey = 'sb-127-auth-token'
const storedSession = {
  access_token: 'a',
  refresh_token: 'r',
  expires_at: 1,
  user: { id: 'u1', email: 'dana@example.test', user_metadata: { full_name: ' דנה כהן ' } },
}

async function freshStore() {
  vi.resetModules()
  return { ...(await import('./auth-session-store')), ...(await import('./auth-client-loader')) }
}

beforeEach(() => {
  getSupabase.mockReset().mockResolvedValue({})
})

afterEach(() => {
  window.history.replaceState(null, '', '/')
})

describe('the first snapshot, before supabase-js is loaded', () => {
  it('is a settled signed-out state when nothing is stored: no client is loaded', async () => {
    const store = await freshStore()
    expect(store.getAuthSnapshot()).toEqual({
      session: { status: 'signed-out', user: null },
      settled: true,
      passwordRecovery: false,
    })
    vi.useFakeTimers()
    try {
      const unsubscribe = store.subscribeToAuth(() => {})
      // Nothing started (every import settled without asking for the client), nothing scheduled for later.
      await vi.dynamicImportSettled()
      expect(getSupabase).not.toHaveBeenCalled()
      expect(vi.getTimerCount()).toBe(0)
      unsubscribe()
    } finally {
      vi.useRealTimers()
    }
  })

  it('greets a stored session at once, unsettled until the client confirms it', async () => {
    window.localStorage.setItem(storageKey, JSON.stringify(storedSession))
    const store = await freshStore()
    expect(store.getAuthSnapshot()).toEqual({
      session: { status: 'signed-in', user: { id: 'u1', email: 'dana@example.test', fullName: 'דנה כהן' } },
      settled: false,
      passwordRecovery: false,
    })
  })

  it('loads the client when a session is stored (after the page is idle)', async () => {
    window.localStorage.setItem(storageKey, JSON.stringify(storedSession))
    const store = await freshStore()
    store.subscribeToAuth(() => {})
    await vi.waitFor(() => expect(getSupabase).toHaveBeenCalled())
  })

  it('loads the client at once for an auth callback in the URL', async () => {
    window.history.replaceState(null, '', '/login#access_token=a&refresh_token=b&type=signup')
    const store = await freshStore()
    expect(store.getAuthSnapshot().settled).toBe(false)
    store.subscribeToAuth(() => {})
    await vi.waitFor(() => expect(getSupabase).toHaveBeenCalled(), { timeout: 200 })
  })

  it('ignores a stored value without a refresh token, or not JSON', async () => {
    window.localStorage.setItem(storageKey, JSON.stringify({ user: storedSession.user }))
    expect((await freshStore()).getAuthSnapshot().session.status).toBe('signed-out')
    window.localStorage.setItem(storageKey, '{')
    expect((await freshStore()).getAuthSnapshot().session.status).toBe('signed-out')
  })

  it('settles on the stored state when the client cannot be loaded', async () => {
    window.localStorage.setItem(storageKey, JSON.stringify(storedSession))
    getSupabase.mockRejectedValue(new Error('chunk failed'))
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const store = await freshStore()
    await store.loadAuthClient()
    expect(store.getAuthSnapshot()).toMatchObject({ settled: true, session: { status: 'signed-in' } })
  })
})

describe('toSessionUser', () => {
  it.each([
    [
      { id: 'u', email: 'a@b.co', user_metadata: { full_name: 'א ב' } },
      { id: 'u', email: 'a@b.co', fullName: 'א ב' },
    ],
    [
      { id: 'u', email: 'a@b.co', user_metadata: { full_name: '  ' } },
      { id: 'u', email: 'a@b.co', fullName: null },
    ],
    [
      { id: 'u', email: 'a@b.co', user_metadata: {} },
      { id: 'u', email: 'a@b.co', fullName: null },
    ],
    [{ email: 'a@b.co' }, null],
    [null, null],
  ])('%o → %o', async (user, expected) => {
    const { toSessionUser } = await freshStore()
    expect(toSessionUser(user)).toEqual(expected)
  })
})
