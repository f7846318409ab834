import { brandParams } from '@/config/brand'
import { faqStrings, tFaq } from '@/i18n/faq'
import { PLAN_NAMES } from '@contracts/plans.ts'
import type { PlanWords } from '@shared/price-format.ts'

export type FaqEntryId = keyof typeof faqStrings.items

export interface FaqEntry {
  id: FaqEntryId
  question: string
  answer: string
}

const entryIds = Object.keys(faqStrings.items) as FaqEntryId[]

function answerOf(id: FaqEntryId, prices: PlanWords | null): string {
  if (id !== 'price') return tFaq(`items.${id}.answer`, brandParams)
  if (prices) return tFaq('items.price.answer', prices)
  return tFaq('items.price.answerWithoutPrices', { basicName: PLAN_NAMES.basic, proName: PLAN_NAMES.pro })
}

/** The questions and answers, in catalogue order, with the plans' prices; shown on the landing page and on /faq. */
export function faqEntries(prices: PlanWords | null): FaqEntry[] {
  return entryIds.map((id) => ({ id, question: tFaq(`items.${id}.question`), answer: answerOf(id, prices) }))
}
