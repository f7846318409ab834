import { Link, useSearchParams } from 'react-router-dom'
import { PageLoading } from '@/components/screens/PageLoading'
import { Badge } from '@/components/ui/Badge'
import { Button } from '@/components/ui/Button'
import { Card } from '@/components/ui/Card'
import { Container } from '@/components/ui/Container'
import { PageHeading } from '@/components/ui/PageHeading'
import { buttonClasses } from '@/components/ui/button-classes'
import { tPayment as t } from '@/i18n/payment'
import { cn } from '@/lib/cn'
import { usePlanPrices, type PlanPrice } from '@/entities/plan/get-plan-prices'
import { PlanFeatures } from './components/PlanFeatures'
import { shekels } from '@/entities/plan/price-format'
import { pickerPlans, popularPlan, type PlanType, type RecipientType } from '@/entities/plan/plans'

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
    <Card className={cn('flex flex-col gap-5', popular && 'border-plum-300 ring-1 ring-plum-300')}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-2xl font-bold text-ink">{t(`plans.${plan}.name`)}</h2>
        {popular && <Badge tone="accent">{t('plans.popular')}</Badge>}
      </div>
      <p className="-mt-3 text-ink-muted">{t(`plans.${plan}.description`)}</p>
      <p className="flex items-baseline gap-3">
        <span className="font-serif text-4xl font-bold text-plum-800">
          {t('plans.price', { amount: shekels(price.priceAgorot) })}
        </span>
        {price.originalPriceAgorot !== null && (
          <del className="text-lg text-ink-muted decoration-gold-500">
            {t('plans.price', { amount: shekels(price.originalPriceAgorot) })}
          </del>
        )}
      </p>
      <PlanFeatures plan={plan} />
      <Link
        to={`/payment?plan=${plan}&type=${recipient}`}
        className={buttonClasses({ variant: popular ? 'primary' : 'secondary', size: 'lg' }, 'mt-auto w-full')}
      >
        {t('selectPlan.choose', { plan: t(`plans.${plan}.name`) })}
      </Link>
    </Card>
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
              <li key={plan} className="flex flex-col">
                <PlanChoice plan={plan} price={prices.data[plan]} recipient={recipient} />
              </li>
            ) : null,
          )}
        </ul>
      )}
    </Container>
  )
}
