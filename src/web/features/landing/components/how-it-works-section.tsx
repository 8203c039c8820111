import { PageSection } from '#web/components/page-section.tsx'

const STEPS = [
  {
    title: 'Create your deal room',
    text: 'Add the property and invite the other side, your conveyancer, broker and agent. Each person verifies their identity once.',
  },
  {
    title: 'Follow the timeline',
    text: 'Searches, enquiries, survey, mortgage offer and signing appear as milestones with owners and dates. You are told when something needs you.',
  },
  {
    title: 'Complete with confidence',
    text: 'Exchange and completion are confirmed on the timeline, funds move through a regulated partner and you keep a digital logbook for your new home.',
  },
] as const

/** The three-step explainer of spec: Screens and routes. */
export function HowItWorksSection() {
  return (
    <PageSection
      id="how-it-works"
      title="How it works"
      intro="Three steps, from accepted offer to keys in hand."
      tone="tinted"
    >
      <ol className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {STEPS.map((step, index) => (
          <li key={step.title} className="flex flex-col gap-3 rounded-xl bg-background p-6 shadow-sm">
            <span
              aria-hidden="true"
              className="flex size-10 items-center justify-center rounded-full bg-primary text-lg font-bold text-primary-foreground"
            >
              {index + 1}
            </span>
            <h3 className="text-lg font-semibold">
              <span className="sr-only">Step {index + 1}: </span>
              {step.title}
            </h3>
            <p className="text-slate-700">{step.text}</p>
          </li>
        ))}
      </ol>
    </PageSection>
  )
}
