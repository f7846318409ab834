/** Plan prices from the one price table, public.plan_prices: prices live on the server, never in the client. */
import type { ServiceClient } from '../clients/clients.ts'
import { HttpError } from '../http/http.ts'
import { messages } from '../../../../contracts/messages.ts'
import { isPlanType, type PlanType } from '../../../../contracts/plans.ts'

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

/** Every plan's price in agorot, as the price table holds it now (a plan it lacks is missing here). */
export async function loadPlanPrices(service: ServiceClient): Promise<Partial<Record<PlanType, number>>> {
  const { data, error } = await service.from('plan_prices').select('plan_type, price_agorot')
  if (error) throw new Error(`plan_prices: ${error.message}`)
  return Object.fromEntries(
    data.filter((row) => isPlanType(row.plan_type)).map((row) => [row.plan_type, row.price_agorot]),
  )
}
