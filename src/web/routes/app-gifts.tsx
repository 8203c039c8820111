import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { YourGifts } from '../features/funds/components/your-gifts'
import { PageTitle } from '../lib/page-meta'

/** /app/gifts: "Your gifts", every gift the signed-in person gives, each linking to its page (decision 069). */
export function Component() {
  return (
    <>
      <PageTitle
        title="Your gifts"
        description="The gifts you give towards someone's deposit, and what is left to do."
      />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <YourGifts headingLevel={1} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
