import { Eye, Inbox, ShieldCheck, Timer } from 'lucide-react'
import { BenefitGrid, type Benefit } from '#web/components/benefit-grid.tsx'
import { PageSection } from '#web/components/page-section.tsx'
import type { MarketingClaims } from '#shared/contracts/directory.ts'
import { showsUnbackedClaims } from '../marketing-claims'

const BENEFITS: readonly Benefit[] = [
  {
    icon: Eye,
    title: 'Transparency',
    text: 'Every party sees the same verified progress, documents and next steps. No more guessing what stage you are at.',
  },
  {
    icon: Inbox,
    title: 'Fewer Emails',
    text: 'Updates, questions and documents live with the move they belong to, instead of scattered across inboxes.',
  },
  {
    icon: Timer,
    title: 'Faster Completion',
    text: 'Bottlenecks are visible early, so searches, enquiries and mortgage offers keep moving and deals close up to 40% faster.',
  },
  {
    icon: ShieldCheck,
    title: 'Safer Payments',
    text: 'Deposits are held by an FCA-authorised escrow partner and bank details are verified, so fraudsters have nothing to intercept.',
  },
]

/** Faster Completion's text where no live figure backs "up to 40% faster" (decision 068). */
const FASTER_LIVE = 'Bottlenecks are visible early, so searches, enquiries and mortgage offers keep moving.'

/** The four benefit cards of spec: Screens and routes; the 40% claim only as `claims` allow. */
export function BenefitsSection({ claims }: { claims: MarketingClaims }) {
  const benefits = showsUnbackedClaims(claims)
    ? BENEFITS
    : BENEFITS.map((b) => (b.title === 'Faster Completion' ? { ...b, text: FASTER_LIVE } : b))
  return (
    <PageSection
      id="benefits"
      title="Why movers and professionals choose Homeward"
      intro="Built around how conveyancing in England and Wales really works, from memorandum of sale to the keys."
    >
      <BenefitGrid benefits={benefits} />
    </PageSection>
  )
}
