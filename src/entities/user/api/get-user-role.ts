import { getTypedSupabase } from '@/lib/supabase'

export type UserRole = 'admin' | 'user'

/**
 * The user's role from public.users (platform admins are users whose role is admin;
 * no e-mail comparison in the client). Row-level security lets a user read only their own row.
 */
export async function fetchUserRole(userId: string): Promise<UserRole> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.from('users').select('role').eq('id', userId).maybeSingle()
  if (error) throw error
  return data?.role === 'admin' ? 'admin' : 'user'
}
