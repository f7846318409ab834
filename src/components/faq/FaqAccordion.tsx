import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '@/components/ui/Accordion'
import { faqEntries } from './faq-entries'

/** The questions, one answer open at a time; pressing the open question closes it. */
export function FaqAccordion() {
  return (
    <Accordion>
      {faqEntries().map((entry) => (
        <AccordionItem key={entry.id} value={entry.id}>
          <AccordionTrigger>{entry.question}</AccordionTrigger>
          <AccordionContent>{entry.answer}</AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  )
}
