import { CheckIcon } from '@/components/ui/icons'
import { t } from '@/i18n/he'
import { planFeatures } from '@/domains/payments/plans/plans'
import type { PlanType } from '@contracts/plans.ts'

/** What the selected plan includes. */
export function PlanFeatures({ plan }: { plan: PlanType }) {
  return (
    <ul className="flex flex-col gap-2.5">
      {planFeatures[plan].map((feature) => (
        <li key={feature} className="flex items-start gap-3 text-ink-soft">
          <CheckIcon className="mt-0.5 size-5 shrink-0 text-gold-700" />
          <span>{t(`packages.features.${feature}`)}</span>
        </li>
      ))}
    </ul>
  )
}
