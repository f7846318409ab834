import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { toRefusal } from '@/lib/refusal'

export type SecurityLogRow = Database['public']['Tables']['admin_logs']['Row']

const SECURITY_LOG_ROWS = 50
const SECURITY_LOG_REFRESH_MS = 30_000

const securityKey = ['platform-admin', 'security-log'] as const

async function fetchSecurityLog(): Promise<SecurityLogRow[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase.rpc('admin_security_logs', { max_rows: SECURITY_LOG_ROWS })
  if (error) throw toRefusal(error)
  return data
}

export function useSecurityLog() {
  return useQuery({ queryKey: securityKey, queryFn: fetchSecurityLog, refetchInterval: SECURITY_LOG_REFRESH_MS })
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
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKey }),
  })
}
