import { Landmark } from 'lucide-react'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import type { DepositResponse } from '#shared/contracts/deposits.ts'
import { transactionPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatGbpFromPence } from '#web/lib/formatters.ts'
import { useDeposit } from '../api'
import { BuyerDeposit } from './buyer-deposit'
import { STATUS_LABEL } from './deposit-labels'
import { FirmDeposit } from './firm-deposit'
import { SandboxBadge } from '#web/components/sandbox-badge.tsx'

/**
 * The move's deposit (/app/transactions/{txId}/deposit), held by the client-money partner: for the
 * buyer where and how much to pay (after a Confirmation of Payee check) and its status; for the
 * buyer's conveyancer the amount, releases with their two approvals and the ledger; for the seller's
 * side only whether a deposit is held and how much. Sandbox results say so.
 */
export function DepositPage({ txId, viewerId }: { txId: string; viewerId: string }) {
  // After a sandbox transfer, the page polls until the partner's webhook has landed (at most 30 s).
  const [waitingFrom, setWaitingFrom] = useState<number | null>(null)
  const deposit = useDeposit(txId, waitingFrom !== null ? 1000 : false)
  const received = deposit.data?.deposit?.received_pence ?? 0
  if (waitingFrom !== null && received > waitingFrom) setWaitingFrom(null)
  useEffect(() => {
    if (waitingFrom === null) return
    const timer = setTimeout(() => setWaitingFrom(null), 30_000)
    return () => clearTimeout(timer)
  }, [waitingFrom])
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <Link className="text-sm underline" to={transactionPath(txId)}>
          Back to the move
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-2">
          <h1 className="text-3xl font-semibold tracking-tight">Deposit</h1>
          <SandboxBadge
            provider={deposit.data?.provider.name}
            detail="the sandbox client-money partner: no real money is held"
          />
        </div>
        <p className="text-muted-foreground">
          Held by {deposit.data ? deposit.data.provider.partner_name : 'a regulated client-money partner'}, never by
          Homeward, until two people at the buyer&apos;s conveyancer release it.
        </p>
        {deposit.data?.provider.regulation && (
          <p className="mt-1 text-xs text-muted-foreground" data-testid="deposit-partner">
            {deposit.data.provider.regulation}
          </p>
        )}
      </div>
      {deposit.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading the deposit">
          <Skeleton className="h-28 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : deposit.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-destructive">The deposit could not be loaded: {deposit.error.message}</p>
          <Button variant="outline" onClick={() => void deposit.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <DepositBody
          txId={txId}
          viewerId={viewerId}
          data={deposit.data}
          waiting={waitingFrom !== null}
          onTransferQueued={() => setWaitingFrom(received)}
        />
      )}
    </div>
  )
}

function DepositBody({
  txId,
  viewerId,
  data,
  waiting,
  onTransferQueued,
}: {
  txId: string
  viewerId: string
  data: DepositResponse
  waiting: boolean
  onTransferQueued: () => void
}) {
  if (data.view === 'summary') {
    return (
      <section aria-labelledby="summary-heading" className="rounded-xl border bg-background p-5 sm:p-6">
        <h2 id="summary-heading" className="text-lg font-semibold">
          Deposit held
        </h2>
        <p className="mt-1 text-2xl font-bold" data-testid="deposit-held">
          {data.summary?.held ? `Yes, ${formatGbpFromPence(data.summary.held_pence)}` : 'Not yet'}
        </p>
        <p className="mt-2 text-sm text-muted-foreground">
          The buyer&apos;s side manages the deposit. Its account details are shown only to the buyer and their
          conveyancer.
        </p>
      </section>
    )
  }
  const d = data.deposit
  const firm = data.viewer_role === 'buyer_conveyancer'
  return (
    <>
      {d ? (
        <section aria-labelledby="status-heading" className="rounded-xl border bg-background p-5 shadow-sm sm:p-6">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="status-heading" className="flex items-center gap-2 text-lg font-semibold">
              <Landmark aria-hidden="true" className="size-5" />
              {formatGbpFromPence(d.amount_pence)} deposit
            </h2>
            <Badge variant={STATUS_LABEL[d.status].variant} data-testid="deposit-status">
              {STATUS_LABEL[d.status].label}
            </Badge>
          </div>
          <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
            {[
              ['Received', d.received_pence],
              ['Held', d.held_pence],
              ['Released', d.released_pence],
              ['Refunded', d.refunded_pence],
            ].map(([label, pence]) => (
              <div key={label} className="rounded-lg bg-surface p-3">
                <dt className="text-xs font-medium text-muted-foreground">{label}</dt>
                <dd className="mt-1 font-semibold tabular-nums" data-testid={`deposit-${String(label).toLowerCase()}`}>
                  {formatGbpFromPence(Number(pence))}
                </dd>
              </div>
            ))}
          </dl>
          {d.set_by_name && (
            <p className="mt-3 text-xs text-muted-foreground">
              Amount set by {d.set_by_name}, the buyer&apos;s conveyancer.
            </p>
          )}
        </section>
      ) : (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
          {firm
            ? 'No deposit yet: set the amount to open its held-funds account.'
            : 'Your conveyancer has not set the deposit yet. Nothing to pay for now.'}
        </p>
      )}
      {firm ? (
        <FirmDeposit txId={txId} data={data} viewerId={viewerId} />
      ) : (
        d && <BuyerDeposit txId={txId} data={data} deposit={d} waiting={waiting} onTransferQueued={onTransferQueued} />
      )}
    </>
  )
}
