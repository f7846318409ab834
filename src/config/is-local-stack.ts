import { localSupabaseUrl } from './local-stack'

/**
 * True when the app talks to a stack on this machine (the embedded local stack or `supabase start`):
 * the demo conveniences (developer navigation) exist only then.
 */
export function isLocalStack(supabaseUrl: unknown = import.meta.env.VITE_SUPABASE_URL): boolean {
  const url = typeof supabaseUrl === 'string' && supabaseUrl.trim() !== '' ? supabaseUrl.trim() : localSupabaseUrl
  try {
    return ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname)
  } catch {
    return false
  }
}
