import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { DepositPage } from '../features/deposits/components/deposit-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/deposit: the move's deposit, held by the client-money partner (signed in only). */
export function Component() {
  const { txId = '' } = useParams()
  return (
    <>
      <PageTitle title="Deposit" description="Where and how much to pay, and the deposit's release." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <DepositPage txId={txId} viewerId={me.profile.id} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
