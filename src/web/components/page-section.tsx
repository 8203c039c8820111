import type { ReactNode } from 'react'
import { clsx as cn } from 'clsx'

/** A titled section of a public page (h2), optionally tinted, with an anchor id. */
export function PageSection({
  id,
  title,
  intro,
  children,
  tone = 'plain',
  className,
}: {
  id?: string
  title: string
  intro?: ReactNode
  children: ReactNode
  tone?: 'plain' | 'tinted'
  className?: string
}) {
  const headingId = id ? `${id}-heading` : undefined
  return (
    <section id={id} aria-labelledby={headingId} className={cn(tone === 'tinted' && 'bg-surface', className)}>
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20 lg:px-8">
        <div className="mb-10 max-w-2xl">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-balance">
            {title}
          </h2>
          {intro && <div className="mt-3 text-lg text-muted-foreground">{intro}</div>}
        </div>
        {children}
      </div>
    </section>
  )
}
