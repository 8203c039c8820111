import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { CddPage } from '../features/verification/components/cdd-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/cdd/:profileId: a client's due diligence record (their conveyancer; others see not found). */
export function Component() {
  const { txId = '', profileId = '' } = useParams()
  return (
    <>
      <PageTitle title="Client due diligence" description="A client's due diligence record." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <CddPage txId={txId} profileId={profileId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
