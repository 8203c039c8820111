import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { VerifyIdentityPage } from '../features/verification/components/verify-identity-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/identity: verify my identity, step by step (signed in only). */
export function Component() {
  const { txId = '' } = useParams()
  return (
    <>
      <PageTitle title="Verify my identity" description="Verify your identity for your move." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <VerifyIdentityPage txId={txId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
