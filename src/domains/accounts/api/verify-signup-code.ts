import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'

export interface SignupCodeInput {
  email: string
  code: string
}

/** The 6-digit code of the confirmation e-mail: confirms the address and signs in on this device. */
async function verifySignupCode({ email, code }: SignupCodeInput): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' })
  if (error) throw error
}

export function useVerifySignupCode() {
  return useMutation({ mutationFn: verifySignupCode })
}
