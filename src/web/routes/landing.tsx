import { AppLink } from '../lib/app-link'
import { Button } from '../components/ui/button'
import { AudiencesSection } from '../features/landing/components/audiences-section'
import { BenefitsSection } from '../features/landing/components/benefits-section'
import { HowItWorksSection } from '../features/landing/components/how-it-works-section'
import { LandingHero } from '../features/landing/components/landing-hero'
import { ProblemSection } from '../features/landing/components/problem-section'
import { SocialProofSection } from '../features/landing/components/social-proof-section'
import { TimelineDemoSection } from '../features/landing/components/timeline-demo-section'
import { CtaBand } from '../features/public-site/components/cta-band'
import { PublicPageMeta } from '../lib/page-meta'
import { useLoaderData } from 'react-router'
import type { landingLoader } from '../route-loaders'

/** The landing page (spec: Screens and routes, '/'). */
export function Component() {
  const claims = useLoaderData<typeof landingLoader>()
  const pageMeta = {
    title: 'Homeward: one shared timeline for moving home',
    description:
      'Homeward puts buyers, sellers, conveyancers, surveyors, brokers and agents on one verified timeline from offer to completion in England and Wales.',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <LandingHero claims={claims} />
      <ProblemSection />
      <TimelineDemoSection />
      <BenefitsSection claims={claims} />
      <AudiencesSection />
      <HowItWorksSection />
      <SocialProofSection claims={claims} />
      <CtaBand
        title="Ready to move without the chasing?"
        actions={
          <>
            <Button asChild size="lg" variant="inverse">
              <AppLink to="/auth">Start your move</AppLink>
            </Button>
            <Button asChild size="lg" variant="outline-inverse">
              <AppLink to="/marketplace">Find a professional</AppLink>
            </Button>
          </>
        }
      >
        Free for buyers and sellers. A small flat fee is charged only when your move completes.
      </CtaBand>
    </>
  )
}
