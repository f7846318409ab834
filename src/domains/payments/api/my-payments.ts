import { queryOptions, useQuery } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { paymentKeys } from './payment-keys'

export interface MyPayment {
  session_id: string
  plan_type: string
  recipient_type: string
  amount_agorot: number
  currency: string
  status: string
  payment_method: string | null
  card_last4: string | null
  transaction_id: string | null
  tax_document_url: string | null
  paid_at: string | null
  refunded_at: string | null
  refund_started_at: string | null
}

/** The user's purchases that took money or were free: paid, refunded or cancelled; newest first (RLS: own rows only). */
async function fetchMyPayments(signal: AbortSignal): Promise<MyPayment[]> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('payment_sessions')
    .select(
      'session_id, plan_type, recipient_type, amount_agorot, currency, status, payment_method, card_last4, transaction_id, tax_document_url, paid_at, refunded_at, refund_started_at',
    )
    .in('status', ['paid', 'refunded'])
    .order('created_at', { ascending: false })
    .abortSignal(signal)
  if (error) throw toRefusal(error)
  return data
}

const myPaymentsQueryOptions = queryOptions({
  queryKey: paymentKeys.mine(),
  queryFn: ({ signal }) => fetchMyPayments(signal),
})

export function useMyPayments() {
  return useQuery(myPaymentsQueryOptions)
}
