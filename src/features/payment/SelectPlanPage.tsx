import { Link, useSearchParams } from 'react-router-dom'
import { PageLoading } from '@/components/screens/PageLoading'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { PageHeading } from '@/components/ui/PageHeading'
import { buttonClasses } from '@/components/ui/button-classes'
import { tPayment as t } from '@/domains/payments/strings/payment'
import { usePlanPrices, type PlanPrice } from '@/domains/payments/plans/get-plan-prices'
import { PlanCard } from '@/domains/payments/plans/PlanCard'
import { t as tCore } from '@/i18n/he'
import { pickerPlans, planFeatures, popularPlan, type RecipientType } from '@/domains/payments/plans/plans'
import type { PlanType } from '@contracts/plans.ts'

type Purpose = 'gift' | 'additional_book' | 'first_book'

function purposeOf(params: URLSearchParams): Purpose {
  if (params.get('gift') === 'true' || params.get('type') === 'gift') return 'gift'
  return params.get('type') === 'additional_book' ? 'additional_book' : 'first_book'
}

const headings: Record<
  Purpose,
  {
    title: 'selectPlan.title' | 'selectPlan.giftTitle' | 'selectPlan.additionalTitle'
    lead: 'selectPlan.lead' | 'selectPlan.giftLead' | 'selectPlan.additionalLead'
  }
> = {
  first_book: { title: 'selectPlan.title', lead: 'selectPlan.lead' },
  gift: { title: 'selectPlan.giftTitle', lead: 'selectPlan.giftLead' },
  additional_book: { title: 'selectPlan.additionalTitle', lead: 'selectPlan.additionalLead' },
}

function PlanChoice({ plan, price, recipient }: { plan: PlanType; price: PlanPrice; recipient: RecipientType }) {
  const popular = plan === popularPlan
  return (
    <PlanCard
      id={plan}
      headingLevel="h2"
      name={t(`plans.${plan}.name`)}
      description={t(`plans.${plan}.description`)}
      features={planFeatures[plan].map((feature) => tCore(`packages.features.${feature}`))}
      popular={popular}
      price={price}
      action={
        <Link
          to={`/payment?plan=${plan}&type=${recipient}`}
          className={buttonClasses({ variant: popular ? 'primary' : 'secondary', size: 'lg' }, 'w-full')}
        >
          {t('selectPlan.choose', { plan: t(`plans.${plan}.name`) })}
        </Link>
      }
    />
  )
}

/**
 * /select-plan (query gift=true, type=gift | additional_book): the plans with their server prices;
 * choosing one continues to /payment for the book itself or as a gift.
 */
export default function SelectPlanPage() {
  const [params] = useSearchParams()
  const prices = usePlanPrices()
  const purpose = purposeOf(params)
  const recipient: RecipientType = purpose === 'gift' ? 'gift' : 'for_me'

  return (
    <Container className="flex flex-col gap-8 py-10 md:py-14">
      <PageHeading title={t(headings[purpose].title)} lead={t(headings[purpose].lead)} />
      {prices.isPending ? (
        <PageLoading />
      ) : prices.isError ? (
        <Card role="alert" className="flex flex-col items-start gap-4">
          <p className="text-ink-soft">{t('payment.loadError')}</p>
          <Button variant="secondary" onClick={() => void prices.refetch()}>
            {t('payment.tryAgain')}
          </Button>
        </Card>
      ) : (
        <ul className="grid gap-6 md:grid-cols-2">
          {pickerPlans.map((plan) =>
            prices.data[plan] ? (
              <li key={plan} className="flex">
                <PlanChoice plan={plan} price={prices.data[plan]} recipient={recipient} />
              </li>
            ) : null,
          )}
        </ul>
      )}
    </Container>
  )
}
