import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { LogbookListPage } from '../features/logbook/components/logbook-list-page'
import { PageTitle } from '../lib/page-meta'

/** /app/logbook: the viewer's home logbooks (signed in only). */
export function Component() {
  return (
    <>
      <PageTitle
        title="Home logbook"
        description="Your home's handed-over documents, property data and maintenance record."
      />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <LogbookListPage />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
