import { ClipboardList, FileCheck2, KeyRound, ScrollText } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../components/ui/button'
import { BenefitGrid } from '../components/benefit-grid'
import { CheckList } from '../features/public-site/components/check-list'
import { CtaBand } from '../features/public-site/components/cta-band'
import { PageHero } from '../features/public-site/components/page-hero'
import { PageSection } from '../components/page-section'
import { PublicPageMeta } from '../lib/page-meta'

const CONVEYANCER_SEARCH = '/marketplace?type=law'

/** /sellers: the public page for people selling a home (spec: Screens and routes). */
export function Component() {
  const pageMeta = {
    title: 'For sellers',
    description:
      'Sell your home with less stress: TA6 and TA10 forms online, an early title check, your EPC and a digital logbook handover, all on one shared timeline.',
  }
  return (
    <>
      <PublicPageMeta {...pageMeta} />
      <PageHero
        eyebrow="For sellers"
        title="Selling a home, finally stress-free."
        actions={
          <>
            <Button asChild size="lg">
              <Link to="/auth">Start Your Sale</Link>
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to={CONVEYANCER_SEARCH}>Find Your Conveyancer</Link>
            </Button>
          </>
        }
      >
        <p>
          Get your paperwork ready before you find a buyer, answer enquiries in one place and see your buyer's progress
          as it happens, so a sale agreed becomes a sale completed.
        </p>
      </PageHero>

      <PageSection
        title="A sale that keeps moving"
        intro="The slow parts of selling are the paperwork and the waiting. We cut both."
      >
        <BenefitGrid
          benefits={[
            {
              icon: ClipboardList,
              title: 'Property forms online',
              text: 'Fill in the TA6 property information form and the TA10 fittings and contents form online, saving as you go.',
            },
            {
              icon: ScrollText,
              title: 'Title checked early',
              text: 'Official copies of the register and title plan are pulled from the Land Registry up front, so problems surface before a buyer is waiting.',
            },
            {
              icon: FileCheck2,
              title: 'Enquiries in one thread',
              text: "Your buyer's conveyancer's questions and your answers sit on the timeline, not in a chain of forwarded emails.",
            },
            {
              icon: KeyRound,
              title: 'See your buyer’s progress',
              text: "Know when your buyer's mortgage offer and searches are through, so you can plan your own move with confidence.",
            },
          ]}
        />
      </PageSection>

      <PageSection title="What you get" tone="tinted">
        <CheckList
          items={[
            {
              title: 'TA6 and TA10 forms',
              text: 'Guided questions in plain English, shared with your conveyancer when you are ready.',
            },
            {
              title: 'Title check',
              text: 'Your title register and plan reviewed before marketing, not after an offer.',
            },
            {
              title: 'EPC on file',
              text: 'Your Energy Performance Certificate attached to the sale for buyers and lenders.',
            },
            {
              title: 'Logbook handover',
              text: 'Hand your buyer a digital logbook of guarantees, certificates and manuals at completion.',
            },
            { title: 'Chain visibility', text: 'See when every link in your chain is ready to exchange.' },
            { title: 'Free for sellers', text: 'A small flat fee is charged only when your sale completes.' },
          ]}
        />
      </PageSection>

      <CtaBand
        title="Get sale-ready before your buyer is"
        actions={
          <>
            <Button asChild size="lg" variant="inverse">
              <Link to="/auth">Start Your Sale</Link>
            </Button>
            <Button asChild size="lg" variant="outline-inverse">
              <Link to={CONVEYANCER_SEARCH}>Find Your Conveyancer</Link>
            </Button>
          </>
        }
      >
        Start your property forms today and instruct an accredited conveyancer when you are ready.
      </CtaBand>
    </>
  )
}
