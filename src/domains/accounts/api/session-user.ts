import { getSupabase } from '@/lib/supabase'
import { toSessionUser, type SessionUser } from '@/lib/auth-session/auth-session-store'

/** The user of this browser's session as the auth client holds it now (the confirmation watch polls it). */
export async function readSessionUser(): Promise<SessionUser | null> {
  const supabase = await getSupabase()
  const { data } = await supabase.auth.getSession()
  return toSessionUser(data.session?.user)
}
