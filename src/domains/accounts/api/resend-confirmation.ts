import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { loginRedirectUrl } from './redirects'

/** Sends the sign-up confirmation e-mail again (its link leads back to /login). */
async function resendConfirmation(email: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: loginRedirectUrl() },
  })
  if (error) throw error
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation })
}
