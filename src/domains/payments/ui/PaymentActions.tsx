import { Button } from '@/components/ui/Button'
import { Spinner } from '@/components/ui/Spinner'
import { tPayment as t } from '@/domains/payments/strings/payment'
import type { RecipientType } from '@/domains/payments/plans/plans'

export interface PaymentActionsProps {
  free: boolean
  recipient: RecipientType
  busy: boolean
  redirecting: boolean
  onPay: () => void
  onFree: () => void
}

/** The pay button, or at price 0 the free-book button. */
export function PaymentActions({ free, recipient, busy, redirecting, onPay, onFree }: PaymentActionsProps) {
  if (redirecting) {
    return (
      <p role="status" className="flex items-center gap-3 rounded-2xl bg-plum-50 px-4 py-4 font-medium text-plum-800">
        <Spinner label={t('actions.redirecting')} />
        <span aria-hidden="true">{t('actions.redirecting')}</span>
      </p>
    )
  }
  if (free) {
    return (
      <Button size="lg" className="w-full" disabled={busy} onClick={onFree}>
        {busy ? t('actions.applyingCoupon') : recipient === 'gift' ? t('actions.freeGift') : t('actions.freeBook')}
      </Button>
    )
  }
  return (
    <Button size="lg" className="w-full" disabled={busy} onClick={onPay}>
      {busy ? t('actions.creatingCheckout') : t('actions.pay')}
    </Button>
  )
}
