import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { tDashboard as t } from '@/i18n/dashboard'
import type { UnspentPayment } from '../api/unspent-payments'

/**
 * The return from payment (?paid=true&session_id). The server has already recorded the
 * payment; if that purchase has not made a book yet, its details are completed at /create-book,
 * otherwise the dashboard thanks the buyer and drops the query.
 */
export function usePaymentReturn(unspent: readonly UnspentPayment[] | undefined): void {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const handled = useRef(false)
  const sessionId = params.get('paid') === 'true' ? params.get('session_id') : null

  useEffect(() => {
    if (!sessionId || !unspent || handled.current) return
    handled.current = true
    const pending = unspent.find((payment) => payment.stripe_session_id === sessionId)
    if (pending) {
      navigate(`/create-book?session_id=${encodeURIComponent(sessionId)}&plan=${pending.plan_type}&paid=true`, {
        replace: true,
      })
      return
    }
    toast.success(t('paymentReceived'))
    setParams(
      (current) => {
        current.delete('paid')
        current.delete('session_id')
        return current
      },
      { replace: true },
    )
  }, [sessionId, unspent, navigate, setParams])
}
