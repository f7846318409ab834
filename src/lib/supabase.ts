import type { SupabaseClient } from '@supabase/supabase-js'
import type { Database } from '@/types/database'
import { authStorageKeyFor } from './auth-storage-key'

let client: Promise<SupabaseClient> | undefined

async function createSupabaseClient(): Promise<SupabaseClient> {
  const [{ createClient }, { env }, { connectAuthSession }] = await Promise.all([
    import('@supabase/supabase-js'),
    import('@/config/env'),
    import('@/features/auth/session/connect-auth-session'),
  ])
  const created = createClient(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
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
 * The one supabase-js client of the app. Created on first use and loaded in its own chunk,
 * so pages that never talk to the backend (the landing page) do not download supabase-js.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= createSupabaseClient()
  return client
}

/** The same client, typed with the database's tables and functions (src/types/database.ts). */
export function getTypedSupabase(): Promise<SupabaseClient<Database>> {
  return getSupabase() as unknown as Promise<SupabaseClient<Database>>
}
