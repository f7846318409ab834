import { queryOptions, useQuery } from '@tanstack/react-query'
import { fetchPlanPrices } from './plan-prices'

export type { PlanPrice, PlanPrices } from './plan-prices'

const planPricesQueryOptions = queryOptions({
  queryKey: ['plan-prices'],
  queryFn: fetchPlanPrices,
  staleTime: 10 * 60_000,
})

export function usePlanPrices() {
  return useQuery(planPricesQueryOptions)
}
