import { Badge } from '@/components/ui/Badge'
import { RadioGroup, RadioGroupItem } from '@/components/ui/RadioGroup'
import { tPayment as t } from '@/domains/payments/strings/payment'
import { cn } from '@/lib/cn'
import type { PlanPrice } from '@/domains/payments/plans/get-plan-prices'
import { shekels } from '@shared/price-format.ts'
import { popularPlan } from '@/domains/payments/plans/plans'
import type { PlanType } from '@contracts/plans.ts'

export interface PlanPickerProps {
  plans: readonly PlanType[]
  prices: Record<PlanType, PlanPrice>
  /** null: nothing chosen yet, no card is checked. */
  value: PlanType | null
  onChange: (plan: PlanType) => void
  disabled?: boolean
}

function PlanOption({ plan, price, checked }: { plan: PlanType; price: PlanPrice; checked: boolean }) {
  const id = `plan-option-${plan}`
  return (
    <label
      htmlFor={id}
      className={cn(
        'relative flex cursor-pointer items-center gap-4 rounded-2xl border bg-surface p-5 shadow-soft transition-colors',
        checked ? 'border-plum-500 ring-2 ring-plum-200' : 'border-line hover:border-plum-200',
      )}
    >
      <RadioGroupItem id={id} value={plan} />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex flex-wrap items-center gap-2">
          <span className="text-lg font-bold text-ink">{t(`plans.${plan}.name`)}</span>
          {plan === popularPlan && <Badge tone="accent">{t('plans.popular')}</Badge>}
        </span>
        <span className="text-sm text-ink-muted">{t(`plans.${plan}.description`)}</span>
      </span>
      <span className="flex shrink-0 flex-col items-end text-end">
        <span className="font-serif text-2xl font-bold text-plum-800">
          {t('plans.price', { amount: shekels(price.priceAgorot) })}
        </span>
        {price.originalPriceAgorot !== null && (
          <del className="text-sm text-ink-muted decoration-gold-500">
            <span className="sr-only">
              {t('plans.previousPriceLabel', { amount: shekels(price.originalPriceAgorot) })}
            </span>
            <span aria-hidden="true">{t('plans.price', { amount: shekels(price.originalPriceAgorot) })}</span>
          </del>
        )}
      </span>
    </label>
  )
}

/** The plan choice of /payment: one card per plan, with its price from the server. */
export function PlanPicker({ plans, prices, value, onChange, disabled }: PlanPickerProps) {
  return (
    <RadioGroup
      aria-label={t('payment.planLegend')}
      value={value ?? ''}
      onValueChange={(next) => onChange(next as PlanType)}
      disabled={disabled}
    >
      {plans.map((plan) =>
        prices[plan] ? <PlanOption key={plan} plan={plan} price={prices[plan]} checked={plan === value} /> : null,
      )}
    </RadioGroup>
  )
}
