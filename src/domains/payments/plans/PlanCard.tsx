import type { ReactNode } from 'react'
import { Badge } from '@/components/ui/Badge'
import { CheckIcon } from '@/components/ui/icons'
import { t } from '@/i18n/he'
import { cn } from '@/lib/cn'
import type { PlanPrice } from './plan-prices'
import { shekels } from '@shared/price-format.ts'

export interface PlanCardProps {
  id: string
  name: string
  description: string
  features: readonly string[]
  popular: boolean
  /** From the server's price table; `undefined` until it arrives (its space is kept, nothing moves). */
  price: PlanPrice | undefined
  /** True while the price is being read, so that screen readers hear the line is not ready yet. */
  priceLoading?: boolean
  /** True when the price could not be read: the line says where the reader will see it instead. */
  priceUnavailable?: boolean
  /** The way onward (a link to register or to pay). */
  action: ReactNode
  headingLevel?: 'h2' | 'h3'
}

function PriceLine({ price, unavailable }: { price: PlanPrice | undefined; unavailable: boolean }) {
  if (!price && unavailable) return <span className="self-center text-ink-muted">{t('packages.priceUnavailable')}</span>
  if (!price) {
    return (
      <span aria-hidden="true" className="h-10 w-32 self-center rounded-lg bg-stone-100 motion-safe:animate-pulse" />
    )
  }
  const amount = shekels(price.priceAgorot)
  const previous = price.originalPriceAgorot === null ? null : shekels(price.originalPriceAgorot)
  return (
    <>
      <span className="sr-only">{t('packages.priceLabel', { amount })}</span>
      <span aria-hidden="true" className="flex items-baseline gap-1.5 text-plum-800">
        <span className="font-serif text-5xl leading-none font-bold">{amount}</span>
        <span className="text-2xl font-medium">{t('common.currency')}</span>
      </span>
      {previous && (
        <del className="text-lg text-ink-muted decoration-gold-500">
          <span className="sr-only">{t('packages.previousPrice', { amount: previous })}</span>
          <span aria-hidden="true">{t('common.price', { amount: previous })}</span>
        </del>
      )}
    </>
  )
}

/** The one plan card: name, what it is for, the price from the server, what it includes, the way onward. */
export function PlanCard({
  id,
  name,
  description,
  features,
  popular,
  price,
  priceLoading = false,
  priceUnavailable = false,
  action,
  headingLevel: Heading = 'h3',
}: PlanCardProps) {
  const titleId = `plan-${id}-title`
  return (
    <article
      aria-labelledby={titleId}
      className={cn(
        'relative flex w-full flex-col rounded-2xl border bg-surface p-7 shadow-soft',
        popular ? 'border-plum-300 ring-1 ring-plum-300' : 'border-line',
      )}
    >
      {popular && (
        <Badge tone="accent" className="absolute -top-3 start-6">
          {t('packages.popular')}
        </Badge>
      )}
      <Heading id={titleId} className="text-2xl font-bold text-ink">
        {name}
      </Heading>
      <p className="mt-1 text-ink-muted">{description}</p>
      <p className="mt-6 flex h-12 items-baseline gap-3" aria-busy={priceLoading}>
        <PriceLine price={price} unavailable={priceUnavailable} />
      </p>
      <ul className="mt-6 flex flex-1 flex-col gap-3">
        {features.map((feature) => (
          <li key={feature} className="flex items-start gap-3 text-ink-soft">
            <CheckIcon className="mt-0.5 size-5 shrink-0 text-gold-700" />
            <span>{feature}</span>
          </li>
        ))}
      </ul>
      <div className="mt-8">{action}</div>
    </article>
  )
}
