import { shekels } from '@shared/price-format.ts'
import { tPlatformAdmin as t } from '@/domains/platform-admin/strings/platform-admin'
import { useUnknownRefunds, type UnknownRefund } from '../api/unknown-refunds'
import { shortDateTime } from '../lib/format'
import { LoadError } from './LoadError'

function RefundRow({ refund }: { refund: UnknownRefund }) {
  return (
    <li className="grid gap-1 border-t border-line px-4 py-3 text-sm first:border-t-0 lg:grid-cols-[9rem_1fr_6rem_1.4fr] lg:items-center lg:gap-4">
      <span className="text-ink-muted tabular-nums">
        <span className="sr-only">{t('unknownRefunds.columns.since')}: </span>
        {shortDateTime(refund.refund_unknown_since!)}
      </span>
      <span className="truncate text-ink" dir="ltr">
        <span className="sr-only">{t('unknownRefunds.columns.buyer')}: </span>
        {refund.email}
      </span>
      <span className="font-medium text-ink tabular-nums">
        <span className="sr-only">{t('unknownRefunds.columns.amount')}: </span>
        {t('unknownRefunds.amount', { amount: shekels(refund.amount_agorot) })}
      </span>
      <span className="break-all text-ink-soft" dir="ltr">
        <span className="sr-only">{t('unknownRefunds.columns.transaction')}: </span>
        {t(`unknownRefunds.providers.${refund.provider === 'stripe' ? 'stripe' : 'payplus'}`)} ·{' '}
        {refund.transaction_id ?? refund.session_id}
      </span>
    </li>
  )
}

/** Refunds whose outcome the provider never told: shown until the next cancel reconciles them. */
export function UnknownRefunds() {
  const refunds = useUnknownRefunds()
  if (refunds.isError) return <LoadError text={t('unknownRefunds.loadError')} onRetry={() => void refunds.refetch()} />
  if (!refunds.data?.length) return null
  return (
    <section aria-labelledby="unknown-refunds-title" className="flex flex-col gap-3">
      <div>
        <h2 id="unknown-refunds-title" className="font-serif text-xl font-bold text-danger-700">
          {t('unknownRefunds.title', { count: refunds.data.length })}
        </h2>
        <p className="text-sm text-ink-soft">{t('unknownRefunds.lead')}</p>
      </div>
      <ol
        aria-label={t('unknownRefunds.tableLabel')}
        className="overflow-hidden rounded-2xl border border-s-4 border-line border-s-danger-600 bg-surface shadow-soft"
      >
        {refunds.data.map((refund) => (
          <RefundRow key={refund.session_id} refund={refund} />
        ))}
      </ol>
    </section>
  )
}
