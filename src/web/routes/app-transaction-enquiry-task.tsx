import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { ClientTaskPage } from '../features/enquiries/components/client-task-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/enquiry-tasks/:taskId: a client's task to answer an enquiry for their conveyancer (signed in only). */
export function Component() {
  const { txId = '', taskId = '' } = useParams()
  return (
    <>
      <PageTitle title="Answer an enquiry" description="Your conveyancer needs your answer to an enquiry." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <ClientTaskPage txId={txId} taskId={taskId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
