import { brandParams } from '@/config/brand'
import { faqStrings, tFaq } from '@/i18n/faq'

export type FaqEntryId = keyof typeof faqStrings.items

export interface FaqEntry {
  id: FaqEntryId
  question: string
  answer: string
}

const entryIds = Object.keys(faqStrings.items) as FaqEntryId[]

/** The questions and answers, in catalogue order; shown on the landing page and on /faq. */
export function faqEntries(): FaqEntry[] {
  return entryIds.map((id) => ({
    id,
    question: tFaq(`items.${id}.question`),
    answer: tFaq(`items.${id}.answer`, brandParams),
  }))
}
