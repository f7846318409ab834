import { Link } from 'react-router-dom'
import { buttonClasses } from '@/components/ui/button-classes'
import { Container } from '@/components/ui/Container'
import { PlanCard } from '@/domains/payments/plans/PlanCard'
import { pickerPlans, planFeatures, popularPlan, registerPathForPlan } from '@/domains/payments/plans/plans'
import { t } from '@/i18n/he'
import { packagesSectionId } from '../hooks/usePackagesScrollRequest'
import type { PricesState } from '@/domains/payments/plans/use-public-plan-prices'
import { SectionHeading } from './SectionHeading'

export function PackagesSection({ prices }: { prices: PricesState }) {
  return (
    <section
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
