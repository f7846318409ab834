import type { SupabaseClient } from '@supabase/supabase-js'
import { env } from '@/config/env'
import type { Database } from '@contracts/database.ts'
import { authStorageKeyFor } from './auth-session/auth-storage-key'
import { fetchOrNetworkFailure } from './network-failure'

let client: Promise<SupabaseClient<Database>> | undefined

/** The client's code: supabase-js and the app's auth listener (fetched and evaluated once). */
function loadClientCode() {
  return Promise.all([import('@supabase/supabase-js'), import('@/lib/auth-session/connect-auth-session')])
}

async function createSupabaseClient(): Promise<SupabaseClient<Database>> {
  const [{ createClient }, { connectAuthSession }] = await loadClientCode()
  const created = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_PUBLISHABLE_KEY, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      storageKey: authStorageKeyFor(env.VITE_SUPABASE_URL),
    },
    // A request that got no answer fails as a NetworkFailure in every engine (src/lib/retry.ts).
    global: { fetch: fetchOrNetworkFailure },
  })
  // The app's one auth listener, attached before the client can report anything (e.g. a session
  // found in the URL), whichever feature asked for the client first.
  connectAuthSession(created)
  return created
}

/**
 * The one supabase-js client of the app, typed with the generated database types. Created on first use and loaded in its own chunk,
 * so pages that never talk to the backend (the landing page) do not download supabase-js.
 */
export function getSupabase(): Promise<SupabaseClient<Database>> {
  // A load that failed (offline) is tried again on the next call instead of failing for good.
  client ??= createSupabaseClient().catch((error: unknown) => {
    client = undefined
    throw error
  })
  return client
}

/** What a visitor does first when about to act: touch, type, or move into a field. */
const FIRST_ACTS = ['pointerdown', 'keydown', 'focusin'] as const

/**
 * When to load the client ahead of its first use:
 * - 'now';
 * - 'when-idle': its code only, once the page has painted and the browser is idle (a screen whose
 *   visitor will send something, so the code is at hand even if the connection drops before they
 *   do); the client itself is made at its first use, which then downloads nothing;
 * - 'on-first-act': when the visitor first touches or types (a signed-out reader, who may never
 *   need it: its 200 KB then neither compete with the first screen nor keep a slow phone busy).
 */
export type SupabasePreload = 'now' | 'when-idle' | 'on-first-act'

export function preloadSupabase(timing: SupabasePreload): void {
  // A page rendered at build time (src/app/prerender.tsx) talks to no server.
  if (typeof window === 'undefined') return
  const load = () => void getSupabase()
  if (timing === 'now') load()
  else if (timing === 'when-idle') whenIdle(() => void loadClientCode().catch(() => undefined))
  else onFirstAct(load)
}

function whenIdle(task: () => void): void {
  if (typeof window.requestIdleCallback === 'function') window.requestIdleCallback(task, { timeout: 4000 })
  else window.setTimeout(task, 1)
}

function onFirstAct(task: () => void): void {
  const run = () => {
    for (const act of FIRST_ACTS) window.removeEventListener(act, run, true)
    task()
  }
  for (const act of FIRST_ACTS) window.addEventListener(act, run, { capture: true, passive: true })
}
