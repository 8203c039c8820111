import { ArrowRight, BadgeCheck, ShieldCheck, Users } from 'lucide-react'
import { AppLink } from '#web/lib/app-link.tsx'
import { Button } from '#web/components/ui/button.tsx'
import type { MarketingClaims } from '#shared/contracts/directory.ts'
import { conveyancersFigure } from '../marketing-claims'

/**
 * The landing hero: headline, promise, 'Start your move' and "I'm a professional" (both to /auth);
 * the conveyancer figure only as `claims` allow (decision 068).
 */
export function LandingHero({ claims }: { claims: MarketingClaims }) {
  const figure = conveyancersFigure(claims)
  return (
    <section className="bg-gradient-to-b from-primary-soft/70 via-background to-background">
      <div className="mx-auto flex max-w-4xl flex-col items-center gap-7 px-4 pt-16 pb-14 text-center sm:px-6 md:pt-24 lg:px-8">
        <p className="rounded-full border border-primary/30 bg-background px-4 py-1.5 text-sm font-medium text-primary">
          For home moves in England and Wales
        </p>
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-6xl">
          Your whole home move, on one shared timeline
        </h1>
        <p className="max-w-2xl text-lg text-slate-700 sm:text-xl">
          Buyers, sellers, conveyancers, surveyors, brokers and agents see the same verified progress from offer to
          completion, so nobody has to chase anybody for an update.
        </p>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <AppLink to="/auth">
              Start your move
              <ArrowRight aria-hidden="true" />
            </AppLink>
          </Button>
          <Button asChild size="lg" variant="outline">
            <AppLink to="/auth">I'm a professional</AppLink>
          </Button>
        </div>
        <ul className="flex flex-wrap justify-center gap-x-6 gap-y-2 text-sm text-slate-700">
          <li className="flex items-center gap-1.5">
            <BadgeCheck aria-hidden="true" className="size-4 text-primary" />
            Free for buyers and sellers
          </li>
          {figure && (
            <li className="flex items-center gap-1.5">
              <Users aria-hidden="true" className="size-4 text-primary" />
              {figure} accredited conveyancers
            </li>
          )}
          <li className="flex items-center gap-1.5">
            <ShieldCheck aria-hidden="true" className="size-4 text-primary" />
            Digital ID and proof of funds built in
          </li>
        </ul>
      </div>
    </section>
  )
}
