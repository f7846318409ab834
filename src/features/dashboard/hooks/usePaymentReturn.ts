import { useEffect, useRef } from 'react'
import { useNavigate, useSearchParams } from 'react-router-dom'
import { toast } from 'sonner'
import { confirmedPayment, usePaymentSession } from '@/domains/payments/api/payment-session'
import { tDashboard as t } from '@/i18n/dashboard'
import type { UnspentPayment } from '@/domains/payments/api/unspent-payments'

/**
 * The return from payment (?paid=true&session_id). If that purchase has not made a book yet, its
 * details are completed at /create-book; otherwise the query is dropped, and the buyer is thanked
 * for the payment only when the server recorded one (never from the URL, never for a free order).
 */
export function usePaymentReturn(unspent: readonly UnspentPayment[] | undefined): void {
  const [params, setParams] = useSearchParams()
  const navigate = useNavigate()
  const handled = useRef(false)
  const sessionId = params.get('paid') === 'true' ? params.get('session_id') : null
  const payment = usePaymentSession(sessionId)

  useEffect(() => {
    if (!sessionId || !unspent || payment.isPending || handled.current) return
    handled.current = true
    const pending = unspent.find((payment) => payment.session_id === sessionId)
    if (pending) {
      navigate(`/create-book?session_id=${encodeURIComponent(sessionId)}&plan=${pending.plan_type}&paid=true`, {
        replace: true,
      })
      return
    }
    if (confirmedPayment(payment.data) === 'paid') toast.success(t('paymentReceived'))
    setParams(
      (current) => {
        current.delete('paid')
        current.delete('session_id')
        return current
      },
      { replace: true },
    )
  }, [sessionId, unspent, payment.isPending, payment.data, navigate, setParams])
}
