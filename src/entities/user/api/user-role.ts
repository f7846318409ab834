import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryClient } from '@/lib/query-client'
import { getTypedSupabase } from '@/lib/supabase'

export type UserRole = 'admin' | 'user'

/**
 * The user's role from public.users: platform admins are users whose role is admin, never
 * recognised by their e-mail. Row-level security lets a user read only their own row.
 */
async function readUserRole(userId: string): Promise<UserRole> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.from('users').select('role').eq('id', userId).maybeSingle()
  if (error) throw error
  return data?.role === 'admin' ? 'admin' : 'user'
}

export function userRoleQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['user-role', userId],
    queryFn: () => readUserRole(userId),
    staleTime: 5 * 60_000,
  })
}

/** The role, read once and kept in the app's query cache (which forgets it on sign-out). */
export function fetchUserRole(userId: string): Promise<UserRole> {
  return queryClient.fetchQuery(userRoleQueryOptions(userId))
}

/** Is the signed-in user a platform admin? `undefined` data until known. */
export function useIsPlatformAdmin(userId: string | undefined) {
  return useQuery({
    ...userRoleQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
    select: (role) => role === 'admin',
  })
}

/**
 * True while a platform admin's password reset is pending: the user signed in with the temporary
 * password and must choose a new one (users.must_change_password, cleared when they do).
 */
export async function fetchMustChangePassword(userId: string): Promise<boolean> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.from('users').select('must_change_password').eq('id', userId).maybeSingle()
  if (error) throw error
  return data?.must_change_password === true
}
