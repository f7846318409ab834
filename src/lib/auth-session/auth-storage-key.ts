import { localSupabaseUrl } from '../../config/local-stack'

/**
 * Where supabase-js keeps the session in local storage: `sb-<first label of the API host>-auth-token`
 * (`sb-127-auth-token` locally). An unset or invalid URL gives the local stack's key (the build
 * refuses an invalid VITE_SUPABASE_URL: src/config/env-schema.ts).
 */
export function authStorageKeyFor(supabaseUrl: unknown): string {
  let host = '127'
  try {
    host = new URL(
      typeof supabaseUrl === 'string' && supabaseUrl.trim() ? supabaseUrl.trim() : localSupabaseUrl,
    ).hostname.split('.')[0]!
  } catch {
    // keep the local stack's key
  }
  return `sb-${host}-auth-token`
}
