import { tPayment as t } from '@/domains/payments/strings/payment'
import type { CouponVerdict } from '@contracts/validate-coupon.ts'
import { shekels } from '@shared/price-format.ts'

export interface PriceSummaryProps {
  priceAgorot: number
  coupon: CouponVerdict | null
}

function discountLabel(coupon: CouponVerdict): string {
  const value = coupon.value ?? 0
  return coupon.discount_type === 'percent' ? t('summary.percent', { value }) : t('summary.fixed', { value })
}

/**
 * The plan's price, the coupon's discount line and the final price, all as the server computed them
 * (the discount is floored at 0 and rounded to one decimal there).
 */
export function PriceSummary({ priceAgorot, coupon }: PriceSummaryProps) {
  const finalAgorot = coupon ? coupon.final_agorot : priceAgorot
  return (
    <dl className="flex flex-col gap-2 text-ink-soft" aria-label={t('summary.title')}>
      <div className="flex items-center justify-between gap-4">
        <dt>{t('summary.price')}</dt>
        <dd>{t('summary.amount', { amount: shekels(coupon ? coupon.price_agorot : priceAgorot) })}</dd>
      </div>
      {coupon && (
        <div className="flex items-center justify-between gap-4 text-gold-700">
          <dt>{t('summary.discount', { label: discountLabel(coupon) })}</dt>
          <dd>{t('summary.discountAmount', { amount: shekels(coupon.discount_agorot) })}</dd>
        </div>
      )}
      <div className="mt-1 flex items-center justify-between gap-4 border-t border-line pt-3 text-ink">
        <dt className="text-lg font-bold">{t('summary.total')}</dt>
        <dd data-testid="final-price" className="font-serif text-3xl font-bold text-plum-800">
          {finalAgorot === 0 ? t('summary.free') : t('summary.amount', { amount: shekels(finalAgorot) })}
        </dd>
      </div>
    </dl>
  )
}
