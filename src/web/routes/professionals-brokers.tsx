import { BadgeCheck, FileStack, Landmark, Timer } from 'lucide-react'
import { ProfessionalPage } from '../features/public-site/components/professional-page'

/** /professionals/brokers (spec: Screens and routes). */
export function Component() {
  return (
    <ProfessionalPage
      meta={{
        title: 'For mortgage brokers',
        description:
          'Issue decisions in principle, assemble lender packs from verified documents and keep the whole chain informed of mortgage progress on Homeward.',
      }}
      eyebrow="For mortgage brokers"
      title="Mortgage progress the whole chain can see"
      intro={
        <p>
          Agree a decision in principle, build the lender pack from documents your client has already verified, and show
          the conveyancers exactly where the offer is.
        </p>
      }
      benefitsTitle="Less paperwork between DIP and offer"
      benefits={[
        {
          icon: BadgeCheck,
          title: 'Decision in principle',
          text: 'Record the DIP against the purchase so agents and sellers know your client is ready to proceed.',
        },
        {
          icon: FileStack,
          title: 'Lender pack',
          text: 'Payslips, bank statements and ID pulled from verified sources into a lender-ready pack.',
        },
        {
          icon: Landmark,
          title: 'Open banking proof of funds',
          text: 'Deposit and affordability evidence straight from the bank, with no doctored PDFs to worry about.',
        },
        {
          icon: Timer,
          title: 'Offer tracking',
          text: 'Valuation, underwriting and offer appear on the timeline, so the conveyancers plan exchange around real dates.',
        },
      ]}
      ctaTitle="Bring your pipeline onto one timeline"
      ctaText="Create your broker profile and invite your current clients to their deal rooms."
    />
  )
}
