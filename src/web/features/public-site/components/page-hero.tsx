import type { ReactNode } from 'react'

/** The top band of a public page: an eyebrow, the page's single h1, an introduction and actions. */
export function PageHero({
  eyebrow,
  title,
  children,
  actions,
  aside,
}: {
  eyebrow: string
  title: string
  children: ReactNode
  actions?: ReactNode
  aside?: ReactNode
}) {
  return (
    <section className="bg-gradient-to-b from-primary-soft/60 to-background">
      <div className="mx-auto grid max-w-7xl grid-cols-1 items-center gap-10 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2 lg:px-8">
        <div className="flex flex-col gap-6">
          <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
          <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
          <div className="max-w-xl text-lg text-slate-700">{children}</div>
          {actions && <div className="flex flex-wrap gap-3">{actions}</div>}
        </div>
        {aside && <div>{aside}</div>}
      </div>
    </section>
  )
}
