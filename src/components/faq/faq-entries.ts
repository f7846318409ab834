import { brandParams } from '@/config/brand'
import { he, t } from '@/i18n/he'

export type FaqEntryId = keyof typeof he.faq.items

export interface FaqEntry {
  id: FaqEntryId
  question: string
  answer: string
}

const entryIds = Object.keys(he.faq.items) as FaqEntryId[]

/** The questions and answers, in catalogue order; shown on the landing page and on /faq. */
export function faqEntries(): FaqEntry[] {
  return entryIds.map((id) => ({
    id,
    question: t(`faq.items.${id}.question`),
    answer: t(`faq.items.${id}.answer`, brandParams),
  }))
}
