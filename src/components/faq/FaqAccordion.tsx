import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/Accordion'
import type { PlanWords } from '@shared/price-format.ts'
import { faqEntries } from './faq-entries'

/** The questions, one answer open at a time; pressing the open question closes it. */
export function FaqAccordion({ prices }: { prices: PlanWords | null }) {
  return (
    <Accordion>
      {faqEntries(prices).map((entry) => (
        <AccordionItem key={entry.id} value={entry.id}>
          <AccordionTrigger>{entry.question}</AccordionTrigger>
          <AccordionContent>{entry.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  )
}
