import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { LogbookPage } from '../features/logbook/components/logbook-page'
import { PageTitle } from '../lib/page-meta'

/** /app/logbook/:logbookId: one home logbook, its owner only (signed in only). */
export function Component() {
  const { logbookId = '' } = useParams()
  return (
    <>
      <PageTitle
        title="Home logbook"
        description="Your home's handed-over documents, property data and maintenance record."
      />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <LogbookPage logbookId={logbookId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
