import { ArrowRight, Briefcase, Home, KeyRound } from 'lucide-react'
import type { ReactNode } from 'react'
import { AppLink } from '#web/lib/app-link.tsx'
import { Button } from '#web/components/ui/button.tsx'

function AudienceCard({
  id,
  icon,
  title,
  text,
  more,
  cta,
}: {
  id: string
  icon: ReactNode
  title: string
  text: string
  more: { label: string; href: string }
  cta: string
}) {
  return (
    <article
      id={id}
      aria-labelledby={`${id}-title`}
      className="flex flex-col gap-4 rounded-2xl border bg-background p-6 shadow-sm"
    >
      <span className="flex size-11 items-center justify-center rounded-lg bg-primary-soft text-primary">{icon}</span>
      <h3 id={`${id}-title`} className="text-xl font-semibold">
        {title}
      </h3>
      <p className="text-slate-700">{text}</p>
      <div className="mt-auto flex flex-wrap items-center gap-3 pt-2">
        <Button asChild>
          <AppLink to="/auth">{cta}</AppLink>
        </Button>
        <AppLink
          to={more.href}
          className="inline-flex items-center gap-1 text-sm font-semibold text-primary hover:underline"
        >
          {more.label}
          <ArrowRight aria-hidden="true" className="size-4" />
        </AppLink>
      </div>
    </article>
  )
}

/** Who Homeward is for: the landing page's #buyers, #sellers and #professionals anchors. */
export function AudiencesSection() {
  return (
    <section aria-labelledby="audiences-heading">
      <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-20 lg:px-8">
        <h2 id="audiences-heading" className="max-w-2xl text-3xl font-bold tracking-tight text-balance">
          One place for everyone in the chain
        </h2>
        <div className="mt-10 grid grid-cols-1 gap-6 lg:grid-cols-3">
          <AudienceCard
            id="buyers"
            icon={<Home aria-hidden="true" className="size-5" />}
            title="For buyers"
            text="Know what is happening with your purchase without ringing anyone. Verify your ID and prove your funds once, then watch searches, survey and mortgage offer move along."
            more={{ label: 'How it works for buyers', href: '/buyers' }}
            cta="Get started free"
          />
          <AudienceCard
            id="sellers"
            icon={<KeyRound aria-hidden="true" className="size-5" />}
            title="For sellers"
            text="Complete your TA6 and TA10 forms online, answer enquiries in one thread and see when your buyer's mortgage and searches are through."
            more={{ label: 'How it works for sellers', href: '/sellers' }}
            cta="Get started free"
          />
          <AudienceCard
            id="professionals"
            icon={<Briefcase aria-hidden="true" className="size-5" />}
            title="For professionals"
            text="Conveyancers, surveyors, brokers and agents get a live case board, SLA tracking and clients who can see progress for themselves. Earn accreditation from your real results."
            more={{ label: 'See the accreditation tiers', href: '/professionals/conveyancers' }}
            cta="Join as a verified professional"
          />
        </div>
      </div>
    </section>
  )
}
