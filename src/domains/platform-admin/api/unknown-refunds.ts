import { useQuery } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import type { Database } from '@contracts/database.ts'
import { toRefusal } from '@/lib/refusal'
import { platformAdminKeys } from './platform-admin-keys'

type PaymentRow = Database['public']['Tables']['payment_sessions']['Row']

export type UnknownRefund = Pick<
  PaymentRow,
  'session_id' | 'email' | 'amount_agorot' | 'provider' | 'transaction_id' | 'refund_unknown_since'
>

const UNKNOWN_REFUNDS_REFRESH_MS = 30_000

/**
 * Refunds sent to the payment provider that never answered (platform admins read every payment
 * session): each may have been made, so none is sent again before the provider is asked.
 */
async function fetchUnknownRefunds(signal: AbortSignal): Promise<UnknownRefund[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('payment_sessions')
    .select('session_id, email, amount_agorot, provider, transaction_id, refund_unknown_since')
    .not('refund_unknown_since', 'is', null)
    .order('refund_unknown_since', { ascending: true })
    .abortSignal(signal)
  if (error) throw toRefusal(error)
  return data
}

export function useUnknownRefunds() {
  return useQuery({
    queryKey: platformAdminKeys.unknownRefunds(),
    queryFn: ({ signal }) => fetchUnknownRefunds(signal),
    refetchInterval: UNKNOWN_REFUNDS_REFRESH_MS,
  })
}
