import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { FundsPage } from '../features/funds/components/funds-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/funds: the buyer's source of funds (the buyer and their conveyancer; signed in only). */
export function Component() {
  const { txId = '' } = useParams()
  return (
    <>
      <PageTitle title="Source of funds" description="Where the money for your purchase comes from." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <FundsPage txId={txId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
