import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { giftorGiftPath } from '#shared/paths.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { VerifyIdentityPage } from '../features/verification/components/verify-identity-page'
import { PageTitle } from '../lib/page-meta'

/** /app/gifts/:giftId/identity: the giftor verifies their identity (the same check as everyone's), back to their gift. */
export function Component() {
  const { giftId = '' } = useParams()
  return (
    <>
      <PageTitle title="Verify my identity" description="Verify your identity for your gift." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <VerifyIdentityPage back={{ to: giftorGiftPath(giftId), label: 'Back to your gift' }} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
