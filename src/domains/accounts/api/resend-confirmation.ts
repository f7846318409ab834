import { useMutation } from '@tanstack/react-query'
import { withNetworkRetry } from '@/lib/retry'
import { getSupabase } from '@/lib/supabase'
import { loginRedirectUrl } from './redirects'

/** Sends the sign-up confirmation e-mail again (its link leads back to /login). */
async function resendConfirmation(email: string): Promise<void> {
  const supabase = await getSupabase()
  await withNetworkRetry(async () => {
    const { error } = await supabase.auth.resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: loginRedirectUrl() },
    })
    if (error) throw error
  })
}

export function useResendConfirmation() {
  return useMutation({ mutationFn: resendConfirmation })
}
