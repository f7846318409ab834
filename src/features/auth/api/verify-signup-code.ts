import { getSupabase } from '@/lib/supabase'

/** The 6-digit code of the confirmation e-mail: confirms the address and signs in on this device. */
export async function verifySignupCode(email: string, code: string): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.verifyOtp({ email, token: code, type: 'email' })
  if (error) throw error
}
