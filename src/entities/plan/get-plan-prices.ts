import { queryOptions, useQuery } from '@tanstack/react-query'
import { getTypedSupabase } from '@/lib/supabase'
import type { Database } from '@/types/database'
import { isPlanType, type PlanType } from './plans'

export type PlanPriceRow = Database['public']['Tables']['plan_prices']['Row']

export interface PlanPrice {
  plan: PlanType
  priceAgorot: number
  originalPriceAgorot: number | null
  offered: boolean
}

/** The server's one price table (public.plan_prices): what each plan costs, in agorot. */
export async function fetchPlanPrices(): Promise<Record<PlanType, PlanPrice>> {
  const supabase = await getTypedSupabase()
  const { data, error } = await supabase
    .from('plan_prices')
    .select('plan_type, price_agorot, original_price_agorot, is_offered')
  if (error) throw error
  const prices = {} as Record<PlanType, PlanPrice>
  for (const row of data) {
    if (!isPlanType(row.plan_type)) continue
    prices[row.plan_type] = {
      plan: row.plan_type,
      priceAgorot: row.price_agorot,
      originalPriceAgorot: row.original_price_agorot,
      offered: row.is_offered,
    }
  }
  return prices
}

export const planPricesQueryOptions = queryOptions({
  queryKey: ['plan-prices'],
  queryFn: fetchPlanPrices,
  staleTime: 10 * 60_000,
})

export function usePlanPrices() {
  return useQuery(planPricesQueryOptions)
}
