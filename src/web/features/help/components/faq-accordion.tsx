import { Accordion, AccordionContent, AccordionItem, AccordionTrigger } from '#web/components/ui/accordion.tsx'
import { FAQS } from '../faqs'

/**
 * The FAQs as an accessible accordion (each question a button in an h3 controlling its answer). A
 * question clicked before the page is live opens once it is (lib/hydrate-on-intent.ts).
 */
export function FaqAccordion() {
  return (
    <Accordion type="multiple" className="rounded-xl border bg-background px-5 shadow-sm sm:px-6">
      {FAQS.map((faq) => (
        <AccordionItem key={faq.id} value={faq.id} className="last:border-b-0">
          <AccordionTrigger headingLevel={3}>{faq.question}</AccordionTrigger>
          <AccordionContent className="text-base leading-relaxed text-slate-700 [&_a]:font-medium [&_a]:text-primary [&_a]:underline">
            {faq.answer}
          </AccordionContent>
        </AccordionItem>
      ))}
    </Accordion>
  )
}
