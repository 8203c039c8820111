import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { ChainPage } from '../features/chains/components/chain-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/chain: the move's property chain, first buyer to top (signed in only). */
export function Component() {
  const { txId = '' } = useParams()
  return (
    <>
      <PageTitle title="Property chain" description="Every move in the chain, from the first buyer to the top." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <ChainPage txId={txId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
