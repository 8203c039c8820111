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

/** The landing page (spec: Screens and routes, '/'). */
export function Component() {
  const pageMeta = {
    title: 'Homeward: one shared timeline for moving home',
    description:
      'Homeward puts buyers, sellers, conveyancers, surveyors, brokers and agents on one verified timeline from offer to completion in England and Wales.',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <LandingHero />
      <ProblemSection />
      <TimelineDemoSection />
      <BenefitsSection />
      <AudiencesSection />
      <HowItWorksSection />
      <SocialProofSection />
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
