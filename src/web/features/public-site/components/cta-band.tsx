import type { ReactNode } from 'react'

/** The closing call to action of a page: a teal band with a heading, a line of text and buttons. */
export function CtaBand({ title, children, actions }: { title: string; children: ReactNode; actions: ReactNode }) {
  return (
    <section aria-labelledby="cta-heading" className="px-4 py-16 sm:px-6 lg:px-8">
      <div className="mx-auto flex max-w-5xl flex-col items-center gap-5 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground shadow-lg sm:px-12">
        <h2 id="cta-heading" className="text-3xl font-bold tracking-tight text-balance">
          {title}
        </h2>
        <div className="max-w-2xl text-lg text-teal-50">{children}</div>
        <div className="flex flex-wrap justify-center gap-3">{actions}</div>
      </div>
    </section>
  )
}
