import { PageSection } from '#web/components/page-section.tsx'

const PROBLEMS = [
  {
    figure: 'About 5 months',
    text: 'from an accepted offer to getting the keys. Most of that time is spent waiting for someone to reply.',
  },
  {
    figure: '1 in 4 sales',
    text: 'falls through at least once, often because nobody saw a stalled search or a lapsed mortgage offer in time.',
  },
  {
    figure: '6 or more firms',
    text: 'work on a typical purchase, each with its own portal, inbox and phone queue, and none of them sees the whole picture.',
  },
] as const

/** Why moving home is hard today: the problem Homeward exists to solve. */
export function ProblemSection() {
  return (
    <PageSection
      id="problem"
      title="Moving home is slow because nobody can see the whole picture"
      intro="Every party holds a piece of the puzzle in a different place. You find out something is stuck when you phone to ask."
    >
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-3">
        {PROBLEMS.map((p) => (
          <li key={p.figure} className="rounded-xl border-l-4 border-primary bg-surface p-6">
            <p className="text-2xl font-bold text-primary">{p.figure}</p>
            <p className="mt-2 text-slate-700">{p.text}</p>
          </li>
        ))}
      </ul>
    </PageSection>
  )
}
