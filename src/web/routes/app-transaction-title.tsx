import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { TitleCheckPage } from '../features/title-checks/components/title-check-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/title: the move's title checks; its conveyancers obtain the register (signed in only). */
export function Component() {
  const { txId = '' } = useParams()
  return (
    <>
      <PageTitle title="Title check" description="The official copy of the register, checked against the move." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <TitleCheckPage txId={txId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
