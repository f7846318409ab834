import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { toRefusal } from '@/lib/refusal'
import { platformAdminKeys } from './platform-admin-keys'

export type SecurityLogRow = Database['public']['Tables']['admin_logs']['Row']

const SECURITY_LOG_ROWS = 50
const SECURITY_LOG_REFRESH_MS = 30_000

async function fetchSecurityLog(signal: AbortSignal): Promise<SecurityLogRow[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_security_logs', { max_rows: SECURITY_LOG_ROWS }).abortSignal(signal)
  if (error) throw toRefusal(error)
  return data
}

export function useSecurityLog() {
  return useQuery({
    queryKey: platformAdminKeys.securityLog(),
    queryFn: ({ signal }) => fetchSecurityLog(signal),
    refetchInterval: SECURITY_LOG_REFRESH_MS,
  })
}

async function cleanupSecurityLog(): Promise<number> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_cleanup_security_logs')
  if (error) throw toRefusal(error)
  return data
}

export function useCleanupSecurityLog() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: cleanupSecurityLog,
    onSettled: () => queryClient.invalidateQueries({ queryKey: platformAdminKeys.securityLog() }),
  })
}
