import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { toSessionUser, type SessionUser } from '@/lib/auth-session/auth-session-store'

export interface SignInInput {
  email: string
  password: string
}

/** Signs in with e-mail and password; the auth listener then reports SIGNED_IN. */
async function signIn({ email, password }: SignInInput): Promise<SessionUser> {
  const supabase = await getSupabase()
  const result = await supabase.auth.signInWithPassword({ email, password })
  if (result.error) throw result.error
  const user = toSessionUser(result.data.user)
  if (!user) throw new Error('The auth server answered a sign-in without a user')
  return user
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn })
}
