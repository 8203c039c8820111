import { Navigate, useParams } from 'react-router'
import { FIRM_SECTIONS, firmPath, type FirmSection } from '#shared/paths.ts'
import { SignedInPage } from '../app/signed-in-page'
import { ApiAccessPanel } from '../features/api-access/components/api-access-panel'
import { BillingSection } from '../features/billing/components/billing-section'
import { FirmPage } from '../features/firm/components/firm-page'
import { PageTitle } from '../lib/page-meta'

const TITLES: Record<FirmSection, string> = {
  members: 'Firm members',
  invitations: 'Firm invitations',
  settings: 'Firm settings',
  billing: 'Firm billing',
  activity: 'Firm activity',
}

/** /app/firm, /app/firm/invitations, /app/firm/settings, /app/firm/billing, /app/firm/activity: the professional's firm (signed in only). */
export function Component() {
  const { section: raw } = useParams()
  const section = (FIRM_SECTIONS as readonly string[]).includes(raw ?? 'members')
    ? ((raw ?? 'members') as FirmSection)
    : null
  if (!section || raw === 'members') return <Navigate to={firmPath()} replace />
  return (
    <>
      <PageTitle
        title={TITLES[section]}
        description="Your firm's members, invitations, SLA targets, standard enquiries and Pro plan."
      />
      <SignedInPage blocks={3}>
        {(me) => (
          <FirmPage
            section={section}
            email={me.user.email}
            billing={<BillingSection />}
            adminSettings={(firm) => (
              <section aria-labelledby="firm-api-title" className="flex flex-col gap-4">
                <div className="flex flex-col gap-1">
                  <h2 id="firm-api-title" className="text-xl font-semibold">
                    API and webhooks
                  </h2>
                  <p className="text-sm text-muted-foreground">
                    Connect {firm.name}’s case-management system: API keys and webhooks for the firm’s matters.
                  </p>
                </div>
                <ApiAccessPanel firmId={firm.id} />
              </section>
            )}
          />
        )}
      </SignedInPage>
    </>
  )
}
