import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { AccountError } from '../lib/errors'
import { loginRedirectUrl } from './redirects'

export interface SignUpInput {
  fullName: string
  email: string
  password: string
  /** Extra user metadata kept with the account (the registration's choices). */
  metadata?: Record<string, unknown>
}

export interface SignUpResult {
  userId: string
  /** True when the server confirmed the e-mail at once (confirmations off) and signed the user in. */
  signedIn: boolean
}

/**
 * Creates the account with the full name in its metadata; the confirmation e-mail leads back to
 * /login. With confirmations on, an e-mail that is already registered and confirmed answers a user
 * without identities (no error, so addresses cannot be probed): that is reported as taken here.
 */
async function signUp({ fullName, email, password, metadata }: SignUpInput): Promise<SignUpResult> {
  const supabase = await getSupabase()
  const result = await supabase.auth.signUp({
    email,
    password,
    options: { data: { ...metadata, full_name: fullName }, emailRedirectTo: loginRedirectUrl() },
  })
  if (result.error) throw result.error
  const data = result.data
  if (!data.user || (!data.session && data.user.identities?.length === 0)) throw new AccountError('email_taken')
  return { userId: data.user.id, signedIn: data.session !== null }
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp })
}
