import { AlertTriangle, ArrowDown, Clock, Link2 } from 'lucide-react'
import { Link } from 'react-router'
import type { ChainMove } from '#shared/contracts/chains.ts'
import { chainPath, transactionPath } from '#shared/paths.ts'
import { SeatHolderName } from '#web/components/not-on-homeward-badge.tsx'
import { LoadFailed, LoadingRows } from '#web/components/query-states.tsx'
import { TransactionStatusBadge } from '#web/components/transaction-status-badge.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Progress } from '#web/components/ui/progress.tsx'
import { cn } from '#web/lib/cn.ts'
import { formatUkDate } from '#web/lib/formatters.ts'
import { useChain } from '../api'
import { ChainDates } from './chain-dates'
import { LinkRequestForm, PendingLinks } from './chain-links'

/**
 * A move's property chain (the Chain view of the workspace's Timeline, and its own page): every move from the first
 * buyer to the top of the chain with its stage, progress, target dates and any block, the slowest
 * link marked, each side's conveyancer of a move the viewer is on (a firm recorded as not on Homeward
 * with that badge); the links waiting for an answer; asking to link this move; and the chain's dates.
 * Moves the viewer is not on show town, postcode district, stage, status and dates only.
 */
export function ChainPanel({ txId, showPageLink = false }: { txId: string; showPageLink?: boolean }) {
  const chain = useChain(txId)
  if (chain.isPending) return <LoadingRows label="Loading the chain" rows={3} rowClassName="h-28" />
  if (chain.isError) return <LoadFailed what="the chain" error={chain.error} onRetry={() => void chain.refetch()} />
  const view = chain.data
  const slowest = view.moves.find((m) => m.slowest)
  return (
    <div className="flex flex-col gap-6">
      <section aria-labelledby="chain-heading" className="flex flex-col gap-3">
        <div className="flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="chain-heading" className="text-xl font-semibold">
            {view.moves.length > 1 ? `A chain of ${view.moves.length} moves` : 'Not linked to a chain yet'}
          </h2>
          {showPageLink && (
            <Link className="text-sm underline" to={chainPath(txId)}>
              Open the chain page
            </Link>
          )}
        </div>
        <p className="text-sm text-muted-foreground">
          {view.moves.length > 1
            ? 'From the first buyer down to the top of the chain. Every move must be ready before anyone can exchange.'
            : 'If the seller here is buying another home, or the buyer here is selling one, link the two moves so everyone can see the whole chain.'}
        </p>
        {slowest && (
          <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
            <Clock aria-hidden className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong>Slowest link: {slowest.place}.</strong>{' '}
              {slowest.blocked
                ? `Blocked at ${slowest.blocked.stage} since ${formatUkDate(slowest.blocked.since)}.`
                : `${slowest.progress}% done${slowest.stage ? `, at ${slowest.stage}` : ''}.`}
            </span>
          </p>
        )}
        <ol aria-label="The chain, first buyer to top" className="flex flex-col gap-2">
          {view.moves.map((move) => (
            <li key={move.position} className="flex flex-col items-center gap-2">
              <MoveCard move={move} count={view.moves.length} />
              {move.position < view.moves.length - 1 && (
                <ArrowDown aria-hidden className="size-5 text-muted-foreground" strokeWidth={1.5} />
              )}
            </li>
          ))}
        </ol>
      </section>
      <PendingLinks txId={txId} links={view.pending_links} />
      {(view.can_link.onward || view.can_link.previous) && <LinkRequestForm txId={txId} view={view} />}
      <ChainDates txId={txId} view={view} />
    </div>
  )
}

/** Where a move sits: the first buyer's purchase, the top of the chain, or a link between. */
function positionLabel(position: number, count: number): string {
  if (count === 1) return 'This move'
  if (position === 0) return 'First buyer'
  if (position === count - 1) return 'Top of the chain'
  return `Link ${position + 1} of ${count}`
}

function MoveCard({ move, count }: { move: ChainMove; count: number }) {
  const headingId = `chain-move-${move.position}`
  const fellThrough = move.status === 'cancelled'
  return (
    <article
      aria-labelledby={headingId}
      data-testid="chain-move"
      className={cn(
        'w-full rounded-xl border bg-card p-4 shadow-xs',
        move.is_current && 'border-primary ring-1 ring-primary',
        move.blocked && 'border-destructive',
        fellThrough && 'opacity-80',
      )}
    >
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
            {positionLabel(move.position, count)}
          </p>
          <h3 id={headingId} className="text-lg font-semibold">
            {move.place}
          </h3>
          {move.address && <p className="text-sm break-words text-muted-foreground">{move.address}</p>}
        </div>
        <div className="flex flex-wrap gap-1.5">
          {move.is_current && <Badge variant="outline">This move</Badge>}
          {move.slowest && <Badge variant="gold">Slowest link</Badge>}
          {fellThrough ? (
            <Badge variant="destructive">Fell through</Badge>
          ) : (
            <TransactionStatusBadge status={move.status} />
          )}
        </div>
      </div>
      <dl className="mt-3 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-muted-foreground">Stage</dt>
          <dd className="font-medium">{move.stage ?? 'All stages done'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Target exchange</dt>
          <dd className="font-medium">
            {move.target_exchange_date ? formatUkDate(move.target_exchange_date) : 'Not agreed yet'}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Target completion</dt>
          <dd className="font-medium">
            {move.target_completion_date ? formatUkDate(move.target_completion_date) : 'Not agreed yet'}
          </dd>
        </div>
      </dl>
      {/* Who acts on each side: only for a move the viewer is on (the rest of the chain is redacted). */}
      {move.transaction_id && (
        <dl className="mt-2 grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-2" data-testid="chain-conveyancers">
          <div className="min-w-0">
            <dt className="text-muted-foreground">Buyer&apos;s conveyancer</dt>
            <dd className="font-medium">
              <SeatHolderName holder={move.buyer_conveyancer} compact />
            </dd>
          </div>
          <div className="min-w-0">
            <dt className="text-muted-foreground">Seller&apos;s conveyancer</dt>
            <dd className="font-medium">
              <SeatHolderName holder={move.seller_conveyancer} compact />
            </dd>
          </div>
        </dl>
      )}
      <div className="mt-3 flex items-center gap-3">
        <Progress value={move.progress} aria-label={`Progress of the move at ${move.place}`} className="flex-1" />
        <span className="w-10 text-right text-sm tabular-nums">{move.progress}%</span>
      </div>
      {move.blocked && (
        <p className="mt-3 flex items-start gap-2 rounded-lg bg-destructive/10 p-2 text-sm text-destructive">
          <AlertTriangle aria-hidden className="mt-0.5 size-4 shrink-0" />
          <span>
            <strong>Blocked</strong> at {move.blocked.stage} since {formatUkDate(move.blocked.since)}
            {move.blocked.reason ? `: ${move.blocked.reason}` : '.'}
          </span>
        </p>
      )}
      {move.date_response && (
        <p className="mt-3 text-sm">
          Proposed dates:{' '}
          <strong>
            {move.date_response.response === 'accepted'
              ? 'accepted'
              : move.date_response.response === 'declined'
                ? 'declined'
                : 'waiting for this move’s conveyancer'}
          </strong>
          {move.date_response.note ? ` (${move.date_response.note})` : ''}
        </p>
      )}
      {move.mover_answers.length > 0 && (
        <ul
          className="mt-2 flex flex-col gap-1 text-sm"
          aria-label="What the buyers and sellers said"
          data-testid="mover-answers"
        >
          {move.mover_answers.map((a, i) => (
            <li key={`${a.role}-${i}`}>
              {a.name ? `${a.name} (${a.role})` : a.role === 'buyer' ? 'The buyer' : 'The seller'}:{' '}
              <strong>{a.suits ? 'the dates suit them' : 'the dates do not suit them'}</strong>
              {a.note ? ` (${a.note})` : ''}
            </li>
          ))}
        </ul>
      )}
      {move.transaction_id && !move.is_current && (
        <Link
          className="mt-3 inline-flex items-center gap-1 text-sm underline"
          to={transactionPath(move.transaction_id)}
        >
          <Link2 aria-hidden className="size-4" /> Open this move
        </Link>
      )}
    </article>
  )
}
