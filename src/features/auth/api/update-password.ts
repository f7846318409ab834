import { useMutation } from '@tanstack/react-query'
import { withNetworkRetry } from '@/lib/retry'
import { getSupabase } from '@/lib/supabase'

/** Sets a new password for the signed-in (or recovering) user, then signs out everywhere. */
export async function updatePasswordAndSignOut(password: string): Promise<void> {
  const supabase = await getSupabase()
  await withNetworkRetry(async () => {
    const { error } = await supabase.auth.updateUser({ password })
    if (error) throw error
  })
  await withNetworkRetry(async () => {
    const { error } = await supabase.auth.signOut()
    if (error) throw error
  })
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePasswordAndSignOut })
}
