import { AlertTriangle, Handshake, Mail, TrendingUp } from 'lucide-react'
import { ProfessionalPage } from '../features/public-site/components/professional-page'

/** /professionals/agents (spec: Screens and routes). */
export function Component() {
  return (
    <ProfessionalPage
      meta={{
        title: 'For estate agents',
        description:
          'See every sale agreed in your portfolio on one board, get risk alerts before a sale falls through and send sellers automatic weekly updates.',
      }}
      eyebrow="For estate agents"
      title="Keep sales agreed from falling through"
      intro={
        <p>
          Your sales progression team sees every chain at a glance, with alerts when a search, survey or mortgage offer
          starts to slip.
        </p>
      }
      benefitsTitle="Sales progression without the phone tag"
      benefits={[
        {
          icon: AlertTriangle,
          title: 'Portfolio risk alerts',
          text: 'Sales that have stalled or are likely to fall through are flagged early, with the reason and who needs to act.',
        },
        {
          icon: Mail,
          title: 'Weekly seller updates',
          text: 'Sellers get an automatic weekly summary of their sale, written from the live timeline.',
        },
        {
          icon: Handshake,
          title: 'Memorandum of sale in one step',
          text: 'Issue the memorandum of sale and invite both conveyancers to the deal room at the same time.',
        },
        {
          icon: TrendingUp,
          title: 'Faster fees',
          text: 'Fewer collapsed sales and shorter chains mean commission arrives sooner.',
        },
      ]}
      ctaTitle="Bring your pipeline onto Homeward"
      ctaText="Add your branch, import your sales agreed and switch on weekly seller updates."
    />
  )
}
