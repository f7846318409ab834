import { queryOptions, useQuery } from '@tanstack/react-query'
import { paymentKeys } from '@/domains/payments/api/payment-keys'
import { fetchPlanPrices } from './plan-prices'

export type { PlanPrice, PlanPrices } from './plan-prices'

const planPricesQueryOptions = queryOptions({
  queryKey: paymentKeys.planPrices(),
  queryFn: ({ signal }) => fetchPlanPrices(signal),
  staleTime: 10 * 60_000,
})

export function usePlanPrices() {
  return useQuery(planPricesQueryOptions)
}
