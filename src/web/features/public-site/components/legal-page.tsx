import type { ReactNode } from 'react'

/** One numbered part of a legal page. */
export interface LegalSection {
  id: string
  title: string
  body: ReactNode
}

/** The effective date shared by the legal pages (spec: Screens and routes: 'legal text dated January 2025'). */
export const LEGAL_EFFECTIVE_DATE = 'January 2025'

/**
 * A legal page: title, last-updated line, a contents list linking to each section, then the
 * sections. Used by /privacy, /terms and /cookies.
 */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string
  intro: ReactNode
  sections: readonly LegalSection[]
}) {
  return (
    <article className="mx-auto max-w-3xl px-4 py-14 sm:px-6 lg:px-8">
      <header className="border-b pb-8">
        <h1 className="text-4xl font-bold tracking-tight">{title}</h1>
        <p className="mt-3 text-sm text-muted-foreground">Last updated: {LEGAL_EFFECTIVE_DATE}</p>
        <div className="mt-6 flex flex-col gap-4 text-base text-slate-700">{intro}</div>
      </header>
      <nav aria-label="Contents" className="border-b py-6">
        <h2 className="text-sm font-semibold tracking-wide text-muted-foreground uppercase">Contents</h2>
        <ol className="mt-3 grid grid-cols-1 list-decimal gap-1.5 pl-5 text-sm sm:grid-cols-2">
          {sections.map((s) => (
            <li key={s.id}>
              <a className="text-primary underline-offset-4 hover:underline" href={`#${s.id}`}>
                {s.title}
              </a>
            </li>
          ))}
        </ol>
      </nav>
      {sections.map((s, i) => (
        <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className="border-b py-8 last:border-b-0">
          <h2 id={`${s.id}-title`} className="text-xl font-semibold">
            {i + 1}. {s.title}
          </h2>
          <div className="mt-3 flex flex-col gap-3 leading-relaxed text-slate-700 [&_a]:text-primary [&_a]:underline [&_li]:ml-5 [&_ul]:flex [&_ul]:list-disc [&_ul]:flex-col [&_ul]:gap-1.5">
            {s.body}
          </div>
        </section>
      ))}
    </article>
  )
}
