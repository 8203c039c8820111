import { useParams } from 'react-router'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { ClientPage } from '../features/pipeline/components/client-page'
import { PageTitle } from '../lib/page-meta'

/** /app/pipeline/clients/{clientId}: one of the broker's client records (signed in only). */
export function Component() {
  const { clientId = '' } = useParams()
  const pageMeta = { title: 'Client', description: 'Fact find, affordability, funding position and recommendations.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional>
            <ClientPage key={clientId} clientId={clientId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
