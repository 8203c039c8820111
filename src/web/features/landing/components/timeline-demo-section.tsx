import { CircleCheck } from 'lucide-react'
import { DemoTimelineCard } from './demo-timeline-card'

const POINTS = [
  'Each milestone is confirmed by the person responsible for it, not guessed from an email',
  'Blocked steps show the reason and who needs to act, before it delays your completion date',
  'Everyone in the chain sees the same timeline, updated the moment something changes',
] as const

/** The demo timeline section (scroll target `timeline-demo`, spec: Screens and routes). */
export function TimelineDemoSection() {
  return (
    <section id="timeline-demo" aria-labelledby="timeline-demo-heading" className="bg-surface">
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-12 px-4 py-16 sm:px-6 md:py-20 lg:grid-cols-2 lg:px-8">
        <div>
          <h2 id="timeline-demo-heading" className="text-3xl font-bold tracking-tight text-balance">
            See exactly where your move is, at any moment
          </h2>
          <p className="mt-3 text-lg text-muted-foreground">
            Your move is a shared timeline of milestones from offer to completion. This is what buyers, sellers and
            their professionals see.
          </p>
          <ul className="mt-6 flex flex-col gap-4">
            {POINTS.map((point) => (
              <li key={point} className="flex gap-3">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-primary" />
                <span className="text-slate-700">{point}</span>
              </li>
            ))}
          </ul>
        </div>
        <DemoTimelineCard />
      </div>
    </section>
  )
}
