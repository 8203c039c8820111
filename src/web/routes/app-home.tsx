import { isProfessional } from '../../shared/domain/academy'
import { useSearchParams } from 'react-router'
import { OrganizationInvite } from '../app/organization-invite'
import { ProfessionalOnboarding } from '../features/academy/components/professional-onboarding'
import { DashboardSkeleton } from '../features/dashboard/components/dashboard-skeleton'
import { DashboardView } from '../features/dashboard/components/dashboard-view'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { usePageMeta } from '../lib/use-page-meta'

/**
 * /app/home: 'Your Transactions' (spec section 2), signed in only: without a session, /auth. With
 * `?invite=<orgId>` (the marketplace's Invite) the sign-in comes back here to finish the invite.
 */
export function Component() {
  usePageMeta({
    title: 'Your Transactions',
    description: 'Every move you are part of on Homeward, and how far along it is.',
  })
  const [params] = useSearchParams()
  return (
    <SignedInGate
      returnHere={params.has('invite')}
      fallback={
        <AppFrameFallback>
          <DashboardSkeleton />
        </AppFrameFallback>
      }
    >
      {(me) => (
        <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
          {isProfessional(me.roles) ? <ProfessionalOnboarding /> : null}
          <DashboardView me={me} OrganizationInvite={OrganizationInvite} />
        </AppFrame>
      )}
    </SignedInGate>
  )
}
