import { Link } from 'react-router'
import type { PortfolioChainsResponse } from '#shared/contracts/portfolio.ts'
import { BUYER_POSITION_LABELS } from '#shared/domain/agent-sales.ts'
import { PAGE_PATHS, transactionPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { isProRequired, ProUpsell } from '#web/components/pro-upsell.tsx'
import { cn } from '#web/lib/cn.ts'
import { usePortfolioChains } from '../api'

type Chain = PortfolioChainsResponse['chains'][number]
type Link = Chain['below'][number]

/**
 * /app/portfolio/chains: every live sale of the agent with its chain, read left to right from the
 * bottom of the chain (the buyer's own sale) to the top (the seller's onward purchase), each link
 * with its stage and progress; links the agent does not work are shown without their address. The
 * slowest link is said in words. Longest chains first.
 */
export function ChainsPage() {
  const chains = usePortfolioChains()
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Chains</h1>
          <p className="text-sm text-muted-foreground">
            Each sale with the buyer&apos;s own sale below it and the seller&apos;s onward purchase above it, as linked
            on Homeward.
          </p>
        </div>
        <Button asChild variant="outline">
          <Link to={PAGE_PATHS.portfolio}>Back to the portfolio</Link>
        </Button>
      </div>
      {chains.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading your chains" className="flex flex-col gap-3">
          {[0, 1].map((i) => (
            <Skeleton key={i} className="h-28 w-full" />
          ))}
        </div>
      ) : chains.isError && isProRequired(chains.error) ? (
        <ProUpsell message={chains.error.message} />
      ) : chains.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 p-4">
          <p className="font-medium">Could not load your chains.</p>
          <p className="text-sm text-muted-foreground">{chains.error.message}</p>
          <Button className="mt-2" variant="outline" size="sm" onClick={() => chains.refetch()}>
            Try again
          </Button>
        </div>
      ) : chains.data.chains.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border p-6 text-center">
          <p className="font-medium">No live sales yet.</p>
          <Button asChild className="mt-2">
            <Link to={PAGE_PATHS.newSale}>Create a sale at SSTC</Link>
          </Button>
        </div>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Your sales' chains">
          {chains.data.chains.map((c) => (
            <ChainCard key={c.transaction_id} chain={c} />
          ))}
        </ol>
      )}
    </div>
  )
}

function ChainCard({ chain }: { chain: Chain }) {
  const nodes: { key: string; label: string; link: Link; self?: boolean }[] = [
    ...[...chain.below].reverse().map((l, i, all) => ({
      key: `b${i}`,
      label: all.length - i === 1 ? "Buyer's sale" : `Sale ${all.length - i} below`,
      link: l,
    })),
    {
      key: 'self',
      label: 'This sale',
      self: true,
      link: {
        transaction_id: chain.transaction_id,
        address: chain.address,
        current_stage: chain.current_stage,
        percent_complete: chain.percent_complete,
        status: 'active',
      },
    },
    ...chain.above.map((l, i) => ({
      key: `a${i}`,
      label: i === 0 ? "Seller's purchase" : `Purchase ${i + 1} above`,
      link: l,
    })),
  ]
  const headingId = `chain-${chain.transaction_id}`
  return (
    <li aria-labelledby={headingId} className="rounded-lg border bg-card p-4 shadow-sm" data-testid="portfolio-chain">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          <Link
            className="underline-offset-4 hover:underline"
            to={transactionPath(chain.transaction_id, { view: 'chain' })}
          >
            {chain.address}
          </Link>
        </h2>
        <p className="text-sm text-muted-foreground">
          {chain.buyer_position ? BUYER_POSITION_LABELS[chain.buyer_position] : 'Buyer position not recorded'} ·{' '}
          {chain.below.length + chain.above.length === 0
            ? 'No linked chain'
            : `${chain.below.length + chain.above.length + 1} sales in the chain`}
        </p>
      </div>
      <ol
        className="mt-3 flex flex-col gap-2 sm:flex-row sm:flex-wrap sm:items-stretch"
        aria-label={`Chain of ${chain.address}, bottom to top`}
      >
        {nodes.map((n) => (
          <li
            key={n.key}
            className={cn('min-w-0 rounded-md border p-2 text-sm sm:w-48', n.self && 'border-primary bg-primary/5')}
          >
            <p className="text-xs font-medium text-muted-foreground">{n.label}</p>
            <p className="truncate font-medium">{n.link.address ?? 'Another sale in the chain'}</p>
            <p>
              {n.link.current_stage ?? 'All stages done'} · {n.link.percent_complete}%
            </p>
          </li>
        ))}
      </ol>
      {chain.weakest && <p className="mt-2 text-sm">{chain.weakest}</p>}
    </li>
  )
}
