import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { updatePasswordRedirectUrl } from './redirects'

/**
 * Asks for the password-recovery e-mail, whose link leads to /update-password. The server answers
 * the same for unknown addresses, so the screen cannot reveal who is registered.
 */
async function requestPasswordReset(email: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.resetPasswordForEmail(email, { redirectTo: updatePasswordRedirectUrl() })
  if (error) throw error
}

export function useRequestPasswordReset() {
  return useMutation({ mutationFn: requestPasswordReset })
}
