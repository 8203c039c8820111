import type { ReactNode } from 'react'

/** One titled card of a broker's page (the client record, the move's mortgage case), labelled by its heading. */
export function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="flex min-w-0 flex-col gap-4 rounded-lg border bg-background p-4 sm:p-6">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

/** A failed mutation's message under its form, announced to screen readers; nothing while there is none. */
export function Failure({ error }: { error: Error | null }) {
  if (!error) return null
  return (
    <p role="alert" className="text-sm font-medium text-destructive">
      {error.message}
    </p>
  )
}
