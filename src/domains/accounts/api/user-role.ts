import { queryOptions, useQuery } from '@tanstack/react-query'
import { queryClient } from '@/lib/query-client'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { accountKeys } from './account-keys'

export type UserRole = 'admin' | 'user'

/** What public.users says about the signed-in user's access. */
export interface UserAccess {
  role: UserRole
  /**
   * A platform admin reset the password: the user signed in with the temporary one and must choose
   * a new one before anything else (cleared when they do).
   */
  mustChangePassword: boolean
}

/** The page where a user whose password a platform admin reset chooses a new one. */
export const FORCED_PASSWORD_CHANGE_PATH = '/update-password'

/**
 * Platform admins are users whose role is admin, never recognised by their e-mail. Row-level
 * security lets a user read only their own row.
 */
async function readUserAccess(userId: string, signal: AbortSignal): Promise<UserAccess> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('users')
    .select('role, must_change_password')
    .eq('id', userId)
    .abortSignal(signal)
    .maybeSingle()
  if (error) throw toRefusal(error)
  return { role: data?.role === 'admin' ? 'admin' : 'user', mustChangePassword: data?.must_change_password === true }
}

function userAccessQueryOptions(userId: string) {
  return queryOptions({
    queryKey: accountKeys.access(userId),
    queryFn: ({ signal }) => readUserAccess(userId, signal),
    staleTime: 5 * 60_000,
  })
}

/** The role, read once and kept in the app's query cache (which forgets it on sign-out). */
export async function fetchUserRole(userId: string): Promise<UserRole> {
  return (await queryClient.fetchQuery(userAccessQueryOptions(userId))).role
}

/** Read afresh: a sign-in is where a pending password change must be noticed. */
export async function fetchMustChangePassword(userId: string): Promise<boolean> {
  return (await queryClient.fetchQuery({ ...userAccessQueryOptions(userId), staleTime: 0 })).mustChangePassword
}

/** The signed-in user's role and pending password change, cached. */
export function useUserAccess(userId: string) {
  return useQuery(userAccessQueryOptions(userId))
}

/** Is the signed-in user a platform admin? `undefined` data until known. */
export function useIsPlatformAdmin(userId: string | undefined) {
  return useQuery({
    ...userAccessQueryOptions(userId ?? ''),
    enabled: Boolean(userId),
    select: (access) => access.role === 'admin',
  })
}
