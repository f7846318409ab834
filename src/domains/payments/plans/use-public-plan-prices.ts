import { useEffect, useState } from 'react'
import { planWords, type PlanWords } from '@shared/price-format.ts'
import type { PlanPrices } from './plan-prices'

type Answer = { status: 'failed' } | { status: 'ready'; prices: PlanPrices }
export type PricesState = Answer | { status: 'loading' }

/**
 * The server's prices (public.plan_prices) for a public page that has no data layer (the landing
 * page, /faq), asked for once the page is live (never while prerendering).
 */
export function usePublicPlanPrices(): PricesState {
  const [answer, setAnswer] = useState<Answer | null>(null)
  useEffect(() => {
    let current = true
    // The reader's code loads with the request: the first download of the page stays as small as it was.
    import('./plan-prices')
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

/** Each plan's name and price for a text about the plans; null before the prices arrive or when one is missing. */
export function priceWordsOf(state: PricesState): PlanWords | null {
  if (state.status !== 'ready') return null
  return planWords(Object.fromEntries(Object.values(state.prices).map((price) => [price.plan, price.priceAgorot])))
}
