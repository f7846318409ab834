import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'

/** Is the signed-in user a platform admin? Asked of the database (users.role), never decided in the browser. */
export async function fetchIsPlatformAdmin(): Promise<boolean> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('is_platform_admin')
  if (error) throw error
  return data === true
}

export function platformAdminAccessQuery(userId: string) {
  return queryOptions({
    queryKey: ['platform-admin', 'access', userId],
    queryFn: fetchIsPlatformAdmin,
    staleTime: 60_000,
  })
}

export function usePlatformAdminAccess(userId: string) {
  return useQuery(platformAdminAccessQuery(userId))
}
