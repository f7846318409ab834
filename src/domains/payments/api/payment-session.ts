import { useQuery } from '@tanstack/react-query'
import { getSupabase } from '@/lib/supabase'
import { toRefusal } from '@/lib/refusal'
import { paymentKeys } from './payment-keys'

export interface PaymentSessionState {
  status: string
  amount_agorot: number
  /** The book this payment opened (null until then, and again if that book was deleted). */
  used_by_book: string | null
  /** When a book spent this payment: set once, kept when the book is deleted. */
  used_at: string | null
}

/** The caller's own checkout as the server recorded it (RLS: own rows only); null when there is none. */
async function fetchPaymentSession(sessionId: string, signal: AbortSignal): Promise<PaymentSessionState | null> {
  const supabase = await getSupabase()
  const { data, error } = await supabase
    .from('payment_sessions')
    .select('status, amount_agorot, used_by_book, used_at')
    .eq('session_id', sessionId)
    .abortSignal(signal)
    .maybeSingle()
  if (error) throw toRefusal(error)
  return data
}

/** While the provider's callback is on its way the checkout is still open: ask again every 2 s, for a minute. */
const RECHECK_MS = 2000
const RECHECKS = 30

export function usePaymentSession(sessionId: string | null) {
  return useQuery({
    queryKey: paymentKeys.session(sessionId),
    queryFn: ({ signal }) => fetchPaymentSession(sessionId!, signal),
    enabled: Boolean(sessionId),
    refetchInterval: (query) =>
      query.state.data?.status === 'created' && query.state.dataUpdateCount < RECHECKS ? RECHECK_MS : false,
  })
}

export type ConfirmedPayment = 'paid' | 'free' | 'pending' | 'unknown'

/** What the server says of a checkout: paid with money, free (a 100% coupon), still open, or nothing known. */
export function confirmedPayment(session: PaymentSessionState | null | undefined): ConfirmedPayment {
  if (!session) return 'unknown'
  if (session.status === 'paid') return session.amount_agorot === 0 ? 'free' : 'paid'
  return session.status === 'created' ? 'pending' : 'unknown'
}
