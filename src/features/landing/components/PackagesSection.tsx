import { useEffect, useState } from 'react'
import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { Container } from '@/components/ui/Container'
import { PlanCard } from '@/domains/payments/plans/PlanCard'
import type { PlanPrices } from '@/domains/payments/plans/plan-prices'
import { pickerPlans, planFeatures, popularPlan, registerPathForPlan } from '@/domains/payments/plans/plans'
import { t } from '@/i18n/he'
import { useNearViewport } from '@/lib/use-near-viewport'
import { packagesSectionId } from '../hooks/usePackagesScrollRequest'
import { SectionHeading } from './SectionHeading'

type Answer = { status: 'failed' } | { status: 'ready'; prices: PlanPrices }
type PricesState = Answer | { status: 'waiting' | 'loading' }

/** The server's prices, asked for once the reader nears the section (never while prerendering). */
function usePricesWhenNear(near: boolean): PricesState {
  const [answer, setAnswer] = useState<Answer | null>(null)
  useEffect(() => {
    if (!near) return
    let current = true
    // The reader's code loads with the request: the first download of the page stays as small as it was.
    import('@/domains/payments/plans/plan-prices')
      .then(({ fetchPlanPrices }) => fetchPlanPrices())
      .then((prices) => current && setAnswer({ status: 'ready', prices }))
      .catch(() => current && setAnswer({ status: 'failed' }))
    return () => {
      current = false
    }
  }, [near])
  return answer ?? { status: near ? 'loading' : 'waiting' }
}

export function PackagesSection() {
  const { ref, near } = useNearViewport<HTMLElement>()
  const prices = usePricesWhenNear(near)
  return (
    <section
      ref={ref}
      id={packagesSectionId}
      aria-labelledby="packages-title"
      className="render-near-screen scroll-mt-20 py-16 md:py-24"
    >
      <Container>
        <SectionHeading id="packages-title" title={t('packages.title')} lead={t('packages.lead')} />
        <ul className="mx-auto mt-12 grid max-w-3xl gap-6 md:grid-cols-2">
          {pickerPlans.map((plan) => (
            <li key={plan} className="flex">
              <PlanCard
                id={plan}
                name={t(`packages.${plan}.name`)}
                description={t(`packages.${plan}.description`)}
                features={planFeatures[plan].map((feature) => t(`packages.features.${feature}`))}
                popular={plan === popularPlan}
                price={prices.status === 'ready' ? prices.prices[plan] : undefined}
                priceLoading={prices.status === 'loading'}
                priceUnavailable={prices.status === 'failed'}
                action={
                  <Link
                    to={registerPathForPlan(plan)}
                    className={buttonClasses(
                      { variant: plan === popularPlan ? 'primary' : 'secondary', size: 'lg' },
                      'w-full',
                    )}
                  >
                    {t(`packages.${plan}.cta`)}
                  </Link>
                }
              />
            </li>
          ))}
        </ul>
      </Container>
    </section>
  )
}
