import { Navigate, useSearchParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { professionalHomePath } from '#shared/paths.ts'
import { OrganizationInvite } from '../app/organization-invite'
import { ProfessionalOnboarding } from '../features/academy/components/professional-onboarding'
import { DashboardSkeleton } from '../features/dashboard/components/dashboard-skeleton'
import { DashboardView } from '../features/dashboard/components/dashboard-view'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { YourGifts } from '../features/funds/components/your-gifts'
import { PageTitle } from '../lib/page-meta'

/**
 * /app/home: 'Your Transactions' (spec: Screens and routes), signed in only: without a session, /auth. With
 * `?invite=<orgId>` (the marketplace's Invite) the sign-in comes back here to finish the invite.
 */
export function Component() {
  const pageMeta = {
    title: 'Your Transactions',
    description: 'Every move you are part of on Homeward, and how far along it is.',
  }
  const [params] = useSearchParams()
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInGate
        returnHere={params.has('invite')}
        fallback={
          <AppFrameFallback>
            <DashboardSkeleton />
          </AppFrameFallback>
        }
      >
        {(me) =>
          // Professionals land on their role's workbench (schedule for surveyors, portfolio for agents, pipeline for brokers, else the cases board); buyers and sellers keep their move cards.
          isProfessional(me.roles) && !params.has('invite') && !params.has('moves') ? (
            <Navigate to={professionalHomePath(me.roles)} replace />
          ) : (
            <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
              {isProfessional(me.roles) ? <ProfessionalOnboarding /> : null}
              {/* A giftor's gifts come first; an account made only to give one shows nothing else (decision 069). */}
              {me.roles.length === 1 && me.roles[0] === 'consumer_giftor' ? (
                <YourGifts headingLevel={1} />
              ) : (
                <>
                  <YourGifts />
                  <DashboardView me={me} OrganizationInvite={OrganizationInvite} />
                </>
              )}
            </AppFrame>
          )
        }
      </SignedInGate>
    </>
  )
}
