import { useEffect, useState } from 'react'
import type { PlanPrices } from '@/domains/payments/plans/plan-prices'

type Answer = { status: 'failed' } | { status: 'ready'; prices: PlanPrices }
export type PricesState = Answer | { status: 'loading' }

/**
 * The server's prices (public.plan_prices), asked for once the page is live (never while
 * prerendering): the hero says what a book costs, the packages what each plan does.
 */
export function useLandingPrices(): PricesState {
  const [answer, setAnswer] = useState<Answer | null>(null)
  useEffect(() => {
    let current = true
    // The reader's code loads with the request: the first download of the page stays as small as it was.
    import('@/domains/payments/plans/plan-prices')
      .then(({ fetchPlanPrices }) => fetchPlanPrices())
      .then((prices) => current && setAnswer({ status: 'ready', prices }))
      .catch(() => current && setAnswer({ status: 'failed' }))
    return () => {
      current = false
    }
  }, [])
  return answer ?? { status: 'loading' }
}

/** The lowest price of the plans on offer, in agorot; null before the prices arrive. */
export function lowestPrice(state: PricesState): number | null {
  if (state.status !== 'ready') return null
  const offered = Object.values(state.prices).filter((price) => price.offered)
  return offered.length ? Math.min(...offered.map((price) => price.priceAgorot)) : null
}
