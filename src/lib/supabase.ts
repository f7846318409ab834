import type { SupabaseClient } from '@supabase/supabase-js'

let client: Promise<SupabaseClient> | undefined

async function createSupabaseClient(): Promise<SupabaseClient> {
  const [{ createClient }, { env }] = await Promise.all([import('@supabase/supabase-js'), import('@/config/env')])
  return createClient(env.VITE_SUPABASE_URL, env.VITE_SUPABASE_ANON_KEY, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  })
}

/**
 * The one supabase-js client of the app. Created on first use and loaded in its own chunk,
 * so pages that never talk to the backend (the landing page) do not download supabase-js.
 */
export function getSupabase(): Promise<SupabaseClient> {
  client ??= createSupabaseClient()
  return client
}
