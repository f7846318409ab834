import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/types/database'
import { authStorageKeyFor } from './auth-storage-key'

let client: Promise<SupabaseClient<Database>> | undefined

async function createSupabaseClient(): Promise<SupabaseClient<Database>> {
  const [{ createClient }, { env }, { connectAuthSession }] = await Promise.all([
    import('@supabase/supabase-js'),
    import('@/config/env'),
    import('@/entities/user/session/connect-auth-session'),
  ])
  const created = createClient<Database>(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
    auth: {
      persistSession: true,
      autoRefreshToken: true,
      detectSessionInUrl: true,
      storageKey: authStorageKeyFor(env.VITE_SUPABASE_URL),
    },
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
  client ??= createSupabaseClient()
  return client
}

/** The same client (kept for existing callers: getSupabase is typed with the database too). */
export function getTypedSupabase(): Promise<SupabaseClient<Database>> {
  return getSupabase()
}

/** What a visitor does first when about to act: touch, type, or move into a field. */
const FIRST_ACTS = ['pointerdown', 'keydown', 'focusin'] as const

/**
 * Starts loading the client ahead of its first use: at once, or when the visitor first touches or
 * types (for a signed-out visitor, who needs it only when acting: its 200 KB then do not compete with
 * the first screen, nor keep a slow phone busy while nobody has asked for anything).
 */
export function preloadSupabase({ onFirstAct }: { onFirstAct: boolean }): void {
  // A page rendered at build time (src/app/prerender.tsx) talks to no server.
  if (typeof window === 'undefined') return
  if (!onFirstAct) {
    void getSupabase()
    return
  }
  const load = () => {
    for (const act of FIRST_ACTS) window.removeEventListener(act, load, true)
    void getSupabase()
  }
  for (const act of FIRST_ACTS) window.addEventListener(act, load, { capture: true, passive: true })
}
