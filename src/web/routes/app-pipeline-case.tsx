import { useParams } from 'react-router'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { MortgageCasePage } from '../features/pipeline/components/mortgage-case-page'
import { PageTitle } from '../lib/page-meta'

/** /app/pipeline/{txId}: one buyer's mortgage case, for the move's broker (signed in only). */
export function Component() {
  const { txId = '' } = useParams()
  const pageMeta = { title: 'Mortgage case', description: 'Fact find, decisions in principle, stage and lender pack.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional>
            <MortgageCasePage key={txId} txId={txId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
