import { useMutation } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'

/** Account steps of the join screen. Errors are supabase-js AuthErrors (shown by their code). */

export interface JoinSignUpInput {
  email: string
  password: string
  fullName: string
  /** The confirmation e-mail leads back here, to finish joining. */
  returnTo: string
}

/** Opens the account; true when it is signed in at once (no confirmation needed), false when an e-mail went out. */
export async function signUpToJoin({ email, password, fullName, returnTo }: JoinSignUpInput): Promise<boolean> {
  const supabase = await getSupabase()
  const result = await supabase.auth.signUp({
    email,
    password,
    options: { data: { full_name: fullName }, emailRedirectTo: returnTo },
  })
  if (result.error) throw result.error
  const data = result.data
  if (!data.user || (!data.session && data.user.identities?.length === 0)) throw new EmailTakenError()
  return data.session !== null
}

export class EmailTakenError extends Error {
  constructor() {
    super('email_taken')
    this.name = 'EmailTakenError'
  }
}

export async function signInToJoin(email: string, password: string): Promise<void> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.auth.signInWithPassword({ email, password })
  if (error) throw error
  if (!data.user) throw new Error('no user')
}

async function resendJoinConfirmation({ email, returnTo }: { email: string; returnTo: string }): Promise<void> {
  const supabase = await getSupabase()
  const { error } = await supabase.auth.resend({ type: 'signup', email, options: { emailRedirectTo: returnTo } })
  if (error) throw error
}

export function useResendJoinConfirmation() {
  return useMutation({ mutationFn: resendJoinConfirmation })
}

async function signOutToSwitch(): Promise<void> {
  const supabase = await getSupabase()
  await supabase.auth.signOut()
}

export function useSignOutToSwitch() {
  return useMutation({ mutationFn: signOutToSwitch })
}
