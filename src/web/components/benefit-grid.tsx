import type { LucideIcon } from 'lucide-react'

/** One benefit: an icon, a short title and one or two sentences. */
export interface Benefit {
  icon: LucideIcon
  title: string
  text: string
}

/** Benefit cards in a responsive grid (one column on phones, two on tablets, four on desktops). */
export function BenefitGrid({ benefits }: { benefits: readonly Benefit[] }) {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {benefits.map(({ icon: Icon, title, text }) => (
        <li key={title} className="flex flex-col gap-3 rounded-xl border bg-background p-6 shadow-sm">
          <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">
            <Icon aria-hidden="true" className="size-5" />
          </span>
          <h3 className="text-lg font-semibold">{title}</h3>
          <p className="text-sm text-muted-foreground">{text}</p>
        </li>
      ))}
    </ul>
  )
}
