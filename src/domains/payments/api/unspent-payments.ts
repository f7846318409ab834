import { queryOptions, useQuery } from '@tanstack/react-query'
import type { RecipientType } from '@/domains/payments/plans/plans'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { paymentKeys } from './payment-keys'

export interface UnspentPayment {
  session_id: string
  plan_type: string
}

/**
 * The user's paid purchases (for themselves, or gifts) that no book has used yet (e.g. the form was
 * never sent). A session whose book was deleted is spent (used_at stays), not offered again.
 */
async function fetchUnspentPayments(recipient: RecipientType, signal: AbortSignal): Promise<UnspentPayment[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('payment_sessions')
    .select('session_id, plan_type')
    .eq('status', 'paid')
    .eq('recipient_type', recipient)
    .is('used_by_book', null)
    .is('used_at', null)
    .order('created_at', { ascending: false })
    .abortSignal(signal)
  if (error) throw toRefusal(error)
  return data
}

const unspentPaymentsQueryOptions = (recipient: RecipientType) =>
  queryOptions({
    queryKey: paymentKeys.unspent(recipient),
    queryFn: ({ signal }) => fetchUnspentPayments(recipient, signal),
  })

export function useUnspentPayments(enabled: boolean, recipient: RecipientType = 'for_me') {
  return useQuery({ ...unspentPaymentsQueryOptions(recipient), enabled })
}
