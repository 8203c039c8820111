import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { GiftChecksPage } from '../features/funds/components/gift-checks-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/gifts/:giftId/checks: due diligence on a giftor (the buyer's conveyancer; decision 069). */
export function Component() {
  const { txId = '', giftId = '' } = useParams()
  return (
    <>
      <PageTitle title="Giftor due diligence" description="A giftor's identity, screening and bank checks." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <GiftChecksPage txId={txId} giftId={giftId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
