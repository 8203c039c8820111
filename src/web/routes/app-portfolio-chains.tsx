import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { ChainsPage } from '../features/portfolio/components/chains-page'
import { PageTitle } from '../lib/page-meta'

/** /app/portfolio/chains: the chains of an estate agent's live sales (signed in only). */
export function Component() {
  const pageMeta = { title: 'Chains', description: 'The chain below and above each of your sales.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional>
            <ChainsPage />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
