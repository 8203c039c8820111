import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { PipelinePage } from '../features/pipeline/components/pipeline-page'
import { PageTitle } from '../lib/page-meta'

/** /app/pipeline: the mortgage broker's pipeline, their home (signed in only). */
export function Component() {
  const pageMeta = { title: 'Pipeline', description: 'Your buyers, their mortgage stage, DIP and offer expiry.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional>
            <PipelinePage />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
