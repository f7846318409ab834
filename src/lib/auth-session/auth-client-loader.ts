import {
  authStorageKey,
  getAuthSnapshot,
  hasAuthCallbackInUrl,
  subscribeToSnapshot,
  updateAuthSnapshot,
} from './auth-session-store'

/** Loads the auth client (idempotent); a failure to load settles on what storage suggested. */
export function loadAuthClient(): Promise<void> {
  return import('@/lib/supabase')
    .then(({ getSupabase }) => getSupabase())
    .then(
      () => undefined,
      (error: unknown) => {
        console.error(error)
        updateAuthSnapshot({ settled: true })
      },
    )
}

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 2000 })
  else window.setTimeout(task, 1)
}

let started = false

function startOnce(): void {
  if (started) return
  started = true
  if (hasAuthCallbackInUrl()) void loadAuthClient()
  else if (!getAuthSnapshot().settled) whenIdle(() => void loadAuthClient())
  // A sign-in in another tab writes the key; the client then takes over (and syncs tabs itself).
  window.addEventListener('storage', (event) => {
    if (event.key === authStorageKey) void loadAuthClient()
  })
}

/** Listens to the sign-in state, and starts loading the auth client when someone may be signed in. */
export function subscribeToAuth(listener: () => void): () => void {
  const unsubscribe = subscribeToSnapshot(listener)
  startOnce()
  return unsubscribe
}
