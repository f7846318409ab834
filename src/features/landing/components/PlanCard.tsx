import { Link } from 'react-router-dom'
import { Badge } from '@/components/ui/Badge'
import { buttonClasses } from '@/components/ui/button-classes'
import { CheckIcon } from '@/components/ui/icons'
import { t } from '@/i18n/he'
import { cn } from '@/lib/cn'
import { registerPathForPlan, type PlanOffer } from '@/entities/plan/plan-catalogue'

export function PlanCard({ offer }: { offer: PlanOffer }) {
  const titleId = `plan-${offer.id}-title`
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex w-full flex-col rounded-2xl border bg-surface p-7 shadow-soft',
        offer.popular ? 'border-plum-300 ring-1 ring-plum-300' : 'border-line',
      )}
    >
      {offer.popular && (
        <Badge tone="accent" className="absolute -top-3 start-6">
          {t('packages.popular')}
        </Badge>
      )}
      <h3 id={titleId} className="text-2xl font-bold text-ink">
        {t(`packages.${offer.id}.name`)}
      </h3>
      <p className="mt-1 text-ink-muted">{t(`packages.${offer.id}.description`)}</p>
      <p className="mt-6 flex items-baseline gap-3">
        <span className="sr-only">{t('packages.priceLabel', { amount: offer.price })}</span>
        <span aria-hidden="true" className="flex items-baseline gap-1.5 text-plum-800">
          <span className="font-serif text-5xl font-bold">{offer.price}</span>
          <span className="text-2xl font-medium">{t('common.currency')}</span>
        </span>
        <del className="text-lg text-ink-muted decoration-gold-500">
          <span className="sr-only">{t('packages.previousPrice', { amount: offer.previousPrice })}</span>
          <span aria-hidden="true">{t('common.price', { amount: offer.previousPrice })}</span>
        </del>
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-3">
        {offer.features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-ink-soft">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-gold-700" />
            <span>{t(feature)}</span>
          </li>
        ))}
      </ul>
      <Link
        to={registerPathForPlan(offer.id)}
        className={buttonClasses({ variant: offer.popular ? 'primary' : 'secondary', size: 'lg' }, 'mt-8 w-full')}
      >
        {t(`packages.${offer.id}.cta`)}
      </Link>
    </article>
  )
}
