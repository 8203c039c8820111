import { BellRing, FileText, Fingerprint, Landmark } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../components/ui/button'
import { BenefitGrid } from '../components/benefit-grid'
import { CheckList } from '../features/public-site/components/check-list'
import { CtaBand } from '../features/public-site/components/cta-band'
import { PageHero } from '../features/public-site/components/page-hero'
import { PageSection } from '../components/page-section'
import { PublicPageMeta } from '../lib/page-meta'

/** /buyers: the public page for people buying a home (spec: Screens and routes). */
export function Component() {
  const pageMeta = {
    title: 'For buyers',
    description:
      'Buy your home with every step in view: searches, survey, mortgage offer, exchange and completion on one timeline shared with your conveyancer. Free for buyers.',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <PageHero
        eyebrow="For buyers"
        title="Buying a home, finally transparent."
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth">Start Your Purchase</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/marketplace">Find Professionals</Link>
            </Button>
          </>
        }
      >
        <p>
          See where your purchase is, who is working on it and what happens next, from the day your offer is accepted to
          the day you collect the keys. Homeward is free for buyers.
        </p>
      </PageHero>

      <PageSection title="Less waiting, less wondering" intro="What changes when your purchase runs on Homeward.">
        <BenefitGrid
          benefits={[
            {
              icon: BellRing,
              title: 'Updates without chasing',
              text: 'You are told when searches come back, when the survey is booked and when your mortgage offer lands.',
            },
            {
              icon: Fingerprint,
              title: 'ID checks done once',
              text: 'Verify your identity digitally with a chip read and a selfie, and share the result with every firm that needs it.',
            },
            {
              icon: Landmark,
              title: 'Proof of funds in minutes',
              text: 'Connect your bank through open banking instead of posting six months of statements to three different firms.',
            },
            {
              icon: FileText,
              title: 'Every document in one place',
              text: 'Contracts, search results, the survey and your mortgage offer, versioned and ready to sign online.',
            },
          ]}
        />
      </PageSection>

      <PageSection title="What you get" tone="tinted">
        <CheckList
          items={[
            {
              title: 'A shared timeline from offer to completion',
              text: 'Each milestone confirmed by the person responsible for it, with the date it happened.',
            },
            {
              title: 'Accredited professionals to choose from',
              text: 'Compare conveyancers, surveyors and brokers by real completion times and success rates.',
            },
            {
              title: 'Deposits held safely',
              text: 'Your deposit is held by an FCA-authorised escrow partner, never by Homeward.',
            },
            {
              title: 'Online signing',
              text: 'Sign your contract and mortgage paperwork online where your conveyancer allows it.',
            },
            {
              title: 'An audit trail of your move',
              text: 'Who did what and when, kept for you and your conveyancer.',
            },
            {
              title: 'A digital logbook for your new home',
              text: 'Warranties, certificates, the EPC and title documents handed over at completion.',
            },
          ]}
        />
      </PageSection>

      <CtaBand
        title="Start your purchase today"
        actions={
          <>
            <Button asChild size="lg" variant="inverse">
              <Link to="/auth">Start Your Purchase</Link>
            </Button>
            <Button asChild size="lg" variant="outline-inverse">
              <Link to="/marketplace">Find Professionals</Link>
            </Button>
          </>
        }
      >
        Set up your deal room in a few minutes and invite your conveyancer. Free for buyers, with no card needed.
      </CtaBand>
    </>
  )
}
