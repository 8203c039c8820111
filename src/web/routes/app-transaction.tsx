import { isProfessional } from '#shared/domain/academy.ts'
import { useParams } from 'react-router'
import { TransactionWorkspace } from '../app/transaction-workspace'
import { TransactionLiveUpdates } from '../features/live/use-transaction-live-updates'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { WorkspaceSkeleton } from '../features/workspace/components/workspace-skeleton'

/**
 * /app/transactions/:txId: the transaction workspace (spec: Screens and routes). Without a session, /auth and
 * back here afterwards; not found or not allowed, a toast and /app/home. Changes by others arrive
 * live through the transaction's event stream.
 */
export function Component() {
  const { txId = '' } = useParams()
  return (
    <SignedInGate
      fallback={
        <AppFrameFallback>
          <WorkspaceSkeleton />
        </AppFrameFallback>
      }
    >
      {(me) => (
        <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
          <TransactionLiveUpdates key={`live-${txId}`} txId={txId} />
          <TransactionWorkspace key={txId} txId={txId} viewerName={me.profile.full_name} viewerId={me.profile.id} />
        </AppFrame>
      )}
    </SignedInGate>
  )
}
