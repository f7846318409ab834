import { getPublicRows } from '@/lib/public-rpc'
import { toRefusal } from '@/lib/refusal'
import type { Database } from '@contracts/database.ts'
import { isPlanType, type PlanType } from '@contracts/plans.ts'

type PlanPriceRow = Pick<
  Database['public']['Tables']['plan_prices']['Row'],
  'plan_type' | 'price_agorot' | 'original_price_agorot' | 'is_offered'
>

export interface PlanPrice {
  plan: PlanType
  priceAgorot: number
  originalPriceAgorot: number | null
  offered: boolean
}

/** A plan missing from the table is missing here, although the type does not say so. */
export type PlanPrices = Record<PlanType, PlanPrice>

/**
 * The server's one price table (public.plan_prices, readable by every visitor): what each plan
 * costs, in agorot. A plain GET, so that the landing page reads it without the backend client.
 */
export async function fetchPlanPrices(signal?: AbortSignal): Promise<PlanPrices> {
  const rows = await getPublicRows<PlanPriceRow>(
    'plan_prices',
    'plan_type,price_agorot,original_price_agorot,is_offered',
    signal,
  ).catch((error: unknown) => {
    throw toRefusal(error)
  })
  const prices = {} as PlanPrices
  for (const row of rows) {
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
