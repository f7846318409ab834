import { PLAN_NAMES, PLAN_TYPES, type PlanType } from '../contracts/plans.ts'

/**
 * Amounts arrive from the server in agorot. Shown in shekels: whole shekels without decimals,
 * otherwise one decimal (the server rounds coupon prices to a tenth of a shekel).
 */
export function shekels(agorot: number): string {
  const value = agorot / 100
  return Number.isInteger(value) ? String(value) : value.toFixed(1)
}

type PlanWord = `${PlanType}Name` | `${PlanType}Price`
export type PlanWords = Record<PlanWord, string>

/**
 * What a text about the plans fills in, from the price table's prices (agorot): each plan's name
 * ({basicName}, {proName}, {fullName}) and its price in shekels ({basicPrice}, {proPrice},
 * {fullPrice}). Null unless every plan has a price, so no text names a plan without its price.
 */
export function planWords(pricesAgorot: Partial<Record<PlanType, number>>): PlanWords | null {
  const words: Partial<Record<PlanWord, string>> = {}
  for (const plan of PLAN_TYPES) {
    const price = pricesAgorot[plan]
    if (price === undefined) return null
    words[`${plan}Name`] = PLAN_NAMES[plan]
    words[`${plan}Price`] = shekels(price)
  }
  return words as PlanWords
}
