import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { CreateSaleForm } from '../features/portfolio/components/create-sale-form'
import { PageTitle } from '../lib/page-meta'

/** /app/portfolio/new: an estate agent creates a sale at SSTC (signed in only). */
export function Component() {
  const pageMeta = {
    title: 'New sale',
    description: 'Create a sale at sold subject to contract and invite the parties.',
  }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional>
            <CreateSaleForm />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
