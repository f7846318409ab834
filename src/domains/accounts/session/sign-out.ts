import { withNetworkRetry } from '@/lib/retry'
import { getSupabase } from '@/lib/supabase'

/**
 * Ends this browser's session on the server and here (SIGNED_OUT follows). Scope 'local': the
 * same account signed in on another phone or computer stays signed in.
 */
export async function signOutOfApp(): Promise<void> {
  const supabase = await getSupabase()
  await withNetworkRetry(async () => {
    const { error } = await supabase.auth.signOut({ scope: 'local' })
    if (error) throw error
  })
}
