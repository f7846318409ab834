import { useMutation } from '@tanstack/react-query'
import { withNetworkRetry } from '@/lib/retry'
import { getSupabase } from '@/lib/supabase'

/**
 * Sets a new password for the signed-in (or recovering) user, clears a pending forced change
 * (must_change_password, set when a platform admin reset the password), then signs out everywhere.
 */
async function updatePasswordAndSignOut(password: string): Promise<void> {
  const supabase = await getSupabase()
  const userId = await withNetworkRetry(async () => {
    const { data, error } = await supabase.auth.updateUser({ password })
    if (error) throw error
    return data.user.id
  })
  await withNetworkRetry(async () => {
    const { error } = await supabase.from('users').update({ must_change_password: false }).eq('id', userId)
    if (error) throw error
  }).catch((error: unknown) => console.warn('could not clear must_change_password', error))
  await withNetworkRetry(async () => {
    const { error } = await supabase.auth.signOut()
    if (error) throw error
  })
}

export function useUpdatePassword() {
  return useMutation({ mutationFn: updatePasswordAndSignOut })
}
