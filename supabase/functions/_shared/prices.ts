/** Plan prices from the one price table, public.plan_prices: prices live on the server, never in the client. */
import type { ServiceClient } from './clients.ts'
import { HttpError } from './http.ts'
import { messages } from '../../../contracts/messages.ts'
import type { PlanType } from '../../../contracts/fields.ts'

export interface PlanPrice {
  plan_type: PlanType
  price_agorot: number
  currency: string
}

export async function loadPlanPrice(service: ServiceClient, plan: PlanType): Promise<PlanPrice> {
  const { data, error } = await service
    .from('plan_prices')
    .select('plan_type, price_agorot, currency')
    .eq('plan_type', plan)
    .maybeSingle()
  if (error) throw new Error(`plan_prices: ${error.message}`)
  if (!data) throw new HttpError(422, messages.planNotAvailable, 'plan_not_available')
  // plan_type and the other enumerated columns are text with a check constraint: the schema types them as string.
  return data as PlanPrice
}

/** Higher plans include everything of the lower ones (used for upgrades). */
export const PLAN_RANK: Record<PlanType, number> = { basic: 1, pro: 2, full: 3 }
