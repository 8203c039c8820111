import { Gauge, LayoutList, ShieldCheck, Users } from 'lucide-react'
import { AccreditationTiers } from '../features/marketplace/components/accreditation-tiers'
import { PageSection } from '../components/page-section'
import { ProfessionalPage } from '../features/public-site/components/professional-page'
import { useLoaderData } from 'react-router'
import { conveyancersFigure } from '../features/landing/marketing-claims'
import type { marketingClaimsLoader } from '../route-loaders'

/** /professionals/conveyancers, with the accreditation tiers of spec: Business constants and limits. */
export function Component() {
  const figure = conveyancersFigure(useLoaderData<typeof marketingClaimsLoader>())
  return (
    <ProfessionalPage
      meta={{
        title: 'For conveyancers',
        description:
          'A live case board with SLA tracking, automated AML and ID checks, and clients who can see progress for themselves. Earn Silver, Gold or Platinum accreditation from your real results.',
      }}
      eyebrow="For conveyancers"
      title="Spend your day moving files on, not answering “any news?”"
      intro={
        <p>
          Homeward gives solicitors and licensed conveyancers one case board for every matter, with clients, agents and
          the other side working from the same verified timeline.
        </p>
      }
      benefitsTitle="Built for conveyancing practices"
      benefits={[
        {
          icon: LayoutList,
          title: 'Cases board with SLAs',
          text: 'Every matter by stage, with SLA clocks on searches, enquiries and reports so nothing quietly goes stale.',
        },
        {
          icon: ShieldCheck,
          title: 'AML and KYC automation',
          text: 'Digital ID checks that show what was checked and the confidence reached (PG81 only when the passport’s chip is read), and open-banking source of funds, recorded for your MLR 2017 file.',
        },
        {
          icon: Users,
          title: 'Clients who self-serve',
          text: 'Buyers and sellers see progress, tasks and documents themselves, so status calls and emails drop sharply.',
        },
        {
          icon: Gauge,
          title: 'Enquiry tracking',
          text: 'Raise, answer and close pre-contract enquiries in one thread with the other side, with a full audit trail.',
        },
      ]}
      ctaTitle={figure ? `Join ${figure} accredited conveyancers` : 'Join the accredited conveyancers on Homeward'}
      ctaText="Create your firm's profile, bring your current matters across and start earning accreditation from your results."
    >
      <PageSection
        id="accreditation"
        tone="tinted"
        title="Accreditation tiers"
        intro={
          <p>
            Tiers are awarded from your live metrics on Homeward, not bought. They rise from Silver to Gold to Platinum,
            and each tier includes the requirements of the one below. Your tier is reviewed as your metrics change.
          </p>
        }
      >
        <AccreditationTiers />
      </PageSection>
    </ProfessionalPage>
  )
}
