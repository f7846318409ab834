import { format } from 'date-fns'
import { Badge } from '@/components/ui/Badge'
import { Card } from '@/components/ui/Card'
import { Spinner } from '@/components/ui/Spinner'
import { shekels } from '@shared/price-format.ts'
import { tDashboard as t } from '@/i18n/dashboard'
import { useMyPayments, type MyPayment } from '@/domains/payments/api/my-payments'
import { paymentState, type PaymentState } from '../lib/payment-state'
import { isPlanType } from '@contracts/plans.ts'

const stateTone = {
  paid: 'success',
  refunding: 'gold',
  refunded: 'neutral',
  free: 'neutral',
  freeCancelled: 'neutral',
} as const satisfies Record<PaymentState, string>

const METHODS = ['card', 'bit', 'apple_pay', 'google_pay', 'other'] as const

function day(iso: string | null): string {
  return iso ? format(new Date(iso), 'dd/MM/yyyy') : ''
}

function methodText(payment: MyPayment): string {
  const method = METHODS.find((entry) => entry === payment.payment_method) ?? 'card'
  if (method === 'card' && payment.card_last4) return t('payments.method.cardEnding', { digits: payment.card_last4 })
  return t(`payments.method.${method}`)
}

function PaymentItem({ payment }: { payment: MyPayment }) {
  const state = paymentState(payment)
  const plan = isPlanType(payment.plan_type) ? t(`payments.plans.${payment.plan_type}`) : payment.plan_type
  const free = state === 'free' || state === 'freeCancelled'
  return (
    <li data-testid="payment-item" className="flex flex-col gap-1 px-5 py-4">
      <div className="flex items-center justify-between gap-3">
        <span className="font-medium text-ink">
          {t(payment.recipient_type === 'gift' ? 'payments.product.gift' : 'payments.product.for_me', { plan })}
        </span>
        <Badge tone={stateTone[state]}>{t(`payments.state.${state}`)}</Badge>
      </div>
      {free ? (
        <p className="text-sm text-ink-soft">{t('payments.freeOn', { date: day(payment.paid_at) })}</p>
      ) : (
        <>
          <p className="text-sm text-ink-soft">
            {t('payments.amount', { amount: shekels(payment.amount_agorot) })} ·{' '}
            {t('payments.paidOn', { date: day(payment.paid_at) })} · {methodText(payment)}
          </p>
          {payment.transaction_id && (
            <p className="text-sm text-ink-muted">
              {t('payments.transaction')}
              <bdi dir="ltr">{payment.transaction_id}</bdi>
            </p>
          )}
          {state === 'refunded' && (
            <p className="text-sm text-ink-soft">
              {t('payments.refundedOn', { amount: shekels(payment.amount_agorot), date: day(payment.refunded_at) })}
            </p>
          )}
          {state === 'refunding' && <p className="text-sm text-ink-soft">{t('payments.refundingNote')}</p>}
          {payment.tax_document_url && (
            <a
              href={payment.tax_document_url}
              target="_blank"
              rel="noreferrer"
              className="self-start text-sm font-medium text-plum-700 underline"
            >
              {t('payments.taxDocument')}
            </a>
          )}
        </>
      )}
    </li>
  )
}

/** The buyer's payments and refunds (and free coupon orders, which are neither), newest first. */
export function PaymentHistory() {
  const payments = useMyPayments()
  if (payments.isPending) return <Spinner />
  if (payments.isError)
    return (
      <p role="alert" className="text-danger-700">
        {t('payments.loadError')}
      </p>
    )
  if (payments.data.length === 0) return null
  return (
    <section aria-labelledby="payment-history-title" className="flex flex-col gap-4">
      <h2 id="payment-history-title" className="font-serif text-2xl font-bold text-ink">
        {t('payments.title')}
      </h2>
      <Card className="p-0">
        <ul className="divide-y divide-line">
          {payments.data.map((payment) => (
            <PaymentItem key={payment.session_id} payment={payment} />
          ))}
        </ul>
      </Card>
    </section>
  )
}
