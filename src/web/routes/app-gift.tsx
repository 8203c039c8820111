import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { GiftorGiftPage } from '../features/funds/components/giftor-gift-page'
import { PageTitle } from '../lib/page-meta'

/** /app/gifts/:giftId: a giftor's own gift (identity, declaration, signature; signed in only). Decision 037. */
export function Component() {
  const { giftId = '' } = useParams()
  return (
    <>
      <PageTitle title="Your gift" description="Confirm your gift towards a deposit." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <GiftorGiftPage giftId={giftId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
