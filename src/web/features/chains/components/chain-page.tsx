import { Link } from 'react-router'
import { transactionPath } from '#shared/paths.ts'
import { ChainPanel } from './chain-panel'

/** /app/transactions/{txId}/chain: the move's property chain on a page of its own. */
export function ChainPage({ txId }: { txId: string }) {
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <Link className="text-sm underline" to={transactionPath(txId)}>
          Back to the move
        </Link>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">Property chain</h1>
        <p className="text-muted-foreground">
          Every move that depends on this one. Other moves show their town, stage, status and dates only.
        </p>
      </div>
      <ChainPanel txId={txId} />
    </div>
  )
}
