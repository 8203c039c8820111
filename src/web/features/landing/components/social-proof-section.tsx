import { Quote } from 'lucide-react'
import { PageSection } from '#web/components/page-section.tsx'
import type { MarketingClaims } from '#shared/contracts/directory.ts'
import { conveyancersFigure, showsUnbackedClaims } from '../marketing-claims'

/** Marketing figures of spec: What the product does; Business constants and limits. */
export const MARKETING_FIGURES = [
  { figure: '40%', text: 'Deals close up to 40% faster' },
  { figure: '180+', text: 'accredited conveyancers on Homeward' },
  { figure: '92%', text: 'of users say stress was reduced' },
] as const

const TESTIMONIALS = [
  {
    quote:
      'My clients used to ring three times a week for an update. Now they open the timeline. We spend that time moving files on instead, and our average completion time has come down by almost a month.',
    // Never a demo account's name (Priya Shah is the demo conveyancer): marketing copy, not a user (decision 068).
    name: 'Hannah Okafor',
    role: 'Licensed conveyancer, Leeds',
  },
  {
    quote:
      'As first-time buyers we had no idea what a CON29 was or why we were waiting. Homeward showed us every step and who was on it. We completed two weeks before our rental ran out.',
    name: 'Tom Evans',
    role: 'First-time buyer, Cardiff',
  },
] as const

/**
 * Social proof: the marketing figures and the two testimonials (a conveyancer, a buyer) in the demo;
 * live, only the count of listed accredited conveyancers, and nothing when there are none (decision 068).
 */
export function SocialProofSection({ claims }: { claims: MarketingClaims }) {
  const demo = showsUnbackedClaims(claims)
  const conveyancers = conveyancersFigure(claims)
  const figures = demo
    ? MARKETING_FIGURES
    : conveyancers
      ? [{ figure: conveyancers, text: 'accredited conveyancers on Homeward' }]
      : []
  if (figures.length === 0) return null
  return (
    <PageSection id="social-proof" title="Trusted by movers and the professionals who serve them">
      <dl className={demo ? 'grid grid-cols-1 gap-6 sm:grid-cols-3' : 'grid grid-cols-1 gap-6'}>
        {figures.map((f) => (
          <div key={f.figure} className="flex flex-col gap-1 rounded-xl border bg-background p-6 text-center shadow-sm">
            <dt className="text-slate-700">{f.text}</dt>
            <dd className="order-first text-4xl font-bold text-primary">{f.figure}</dd>
          </div>
        ))}
      </dl>
      {demo && (
        <div className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-2">
          {TESTIMONIALS.map((t) => (
            <figure key={t.name} className="flex flex-col gap-4 rounded-xl bg-sand p-6">
              <Quote aria-hidden="true" className="size-7 text-primary" />
              <blockquote className="text-lg text-slate-800">“{t.quote}”</blockquote>
              <figcaption className="mt-auto">
                <span className="font-semibold">{t.name}</span>
                <span className="text-muted-foreground">, {t.role}</span>
              </figcaption>
            </figure>
          ))}
        </div>
      )}
    </PageSection>
  )
}
