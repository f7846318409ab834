import { tPayment as t } from '@/domains/payments/strings/payment'

/** The secure-payment and 14-day cancellation notes. */
export function PaymentNotes() {
  return (
    <ul className="flex flex-col gap-2 text-sm leading-relaxed text-ink-muted">
      <li>{t('notes.secure')}</li>
      <li>{t('notes.cancellation')}</li>
    </ul>
  )
}
