import { queryOptions, useQuery } from '@tanstack/react-query'
import { getTypedSupabase } from '@/lib/supabase'

/** Is the signed-in user a platform admin? (users.role = 'admin'; read from the own row, never from the e-mail.) */
export async function fetchIsPlatformAdmin(userId: string): Promise<boolean> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase.from('users').select('role').eq('id', userId).maybeSingle()
  if (error) throw error
  return data?.role === 'admin'
}

export function platformAdminQueryOptions(userId: string) {
  return queryOptions({
    queryKey: ['platform-admin', userId],
    queryFn: () => fetchIsPlatformAdmin(userId),
    staleTime: 5 * 60_000,
  })
}

export function useIsPlatformAdmin(userId: string | undefined) {
  return useQuery({ ...platformAdminQueryOptions(userId ?? ''), enabled: Boolean(userId) })
}
