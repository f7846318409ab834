import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'

const createClient = vi.fn(() => ({ auth: {} }))
const loadedModules = vi.fn()

vi.mock('@supabase/supabase-js', () => {
  loadedModules('supabase-js')
  return { createClient }
})
vi.mock('@/lib/auth-session/connect-auth-session', () => {
  loadedModules('connect-auth-session')
  return { connectAuthSession: vi.fn() }
})

describe('preloadSupabase', () => {
  let idleTasks: Array<() => void>

  beforeEach(() => {
    vi.resetModules()
    createClient.mockClear()
    loadedModules.mockClear()
    idleTasks = []
    vi.stubGlobal('requestIdleCallback', (task: () => void) => idleTasks.push(task))
  })
  afterEach(() => vi.unstubAllGlobals())

  it("'when-idle' loads the client's code once the browser is idle, and makes the client only at its first use", async () => {
    const { getSupabase, preloadSupabase } = await import('./supabase')
    preloadSupabase('when-idle')
    expect(loadedModules).not.toHaveBeenCalled()

    idleTasks.forEach((task) => task())
    await vi.waitFor(() => expect(loadedModules).toHaveBeenCalledTimes(2))
    expect(createClient).not.toHaveBeenCalled()

    await getSupabase()
    await getSupabase()
    expect(createClient).toHaveBeenCalledTimes(1)
  })

  it("'now' makes the client at once", async () => {
    const { preloadSupabase } = await import('./supabase')
    preloadSupabase('now')
    await vi.waitFor(() => expect(createClient).toHaveBeenCalledTimes(1))
  })
})
