import { useMemo, useRef, useState, type FormEvent } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { PortfolioQuery, PortfolioSale } from '#shared/contracts/portfolio.ts'
import { SALE_RISK_BANDS, type SaleRiskBand } from '#shared/domain/sale-risk.ts'
import { transactionPath } from '#shared/paths.ts'
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatGbpFromPence, formatUkDate, pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { BUYER_POSITION_LABELS } from '#shared/domain/agent-sales.ts'
import { PAGE_PATHS } from '#shared/paths.ts'
import { useChase, usePortfolio } from '../api'
import { MemorandumDialog } from './memorandum-dialog'
import { WeeklyUpdateDialog } from './weekly-update-dialog'
import { isProRequired, ProUpsell } from '#web/components/pro-upsell.tsx'
import { ListPagination } from '#web/components/list-pagination.tsx'

const BAND_VARIANT: Record<SaleRiskBand, BadgeVariant> = { high: 'destructive', medium: 'gold', low: 'success' }
const BAND_LABEL: Record<SaleRiskBand, string> = { high: 'High risk', medium: 'Medium risk', low: 'Low risk' }

/**
 * /app/portfolio: the estate agent's live sales (their own and their agency's), riskiest first, each
 * with its risk band, score and reasons in words; filters by band and by text kept in the URL; "New
 * sale" (create one at SSTC) and "Chains". From a sale: who it is waiting on, each with a one-click
 * chaser; the weekly update to the sellers (edit, preview, send this week's now) and the memorandum
 * of sale (form, preview, send). One page of 25 at a time (?page=N in the URL, reset by a new
 * filter): 'Showing 26–50 of 312' with Previous and Next, the page before stays while the next
 * loads, and focus moves to the list's top when the page changes.
 */
export function PortfolioPage() {
  const [params, setParams] = useSearchParams()
  const band = SALE_RISK_BANDS.find((b) => b === params.get('band'))
  const q = params.get('q') ?? ''
  const page = Math.max(1, Math.floor(Number(params.get('page'))) || 1)
  const filters = useMemo<PortfolioQuery>(
    () => ({ ...(band ? { band } : {}), ...(q ? { q } : {}), ...(page > 1 ? { page } : {}) }),
    [band, q, page],
  )
  const portfolio = usePortfolio(filters)
  const listRef = useRef<HTMLOListElement>(null)
  const [text, setText] = useState(q)
  const [previewing, setPreviewing] = useState<PortfolioSale | null>(null)
  const [memo, setMemo] = useState<PortfolioSale | null>(null)

  /** Sets one URL parameter; a new filter starts again from the first page. */
  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    if (key !== 'page') next.delete('page')
    setParams(next, { replace: key !== 'page' })
  }
  const goToPage = (n: number) => {
    set('page', n > 1 ? String(n) : '')
    listRef.current?.focus()
    listRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }
  const onSearch = (e: FormEvent) => {
    e.preventDefault()
    set('q', text.trim())
  }
  const counts = portfolio.data?.counts

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Portfolio</h1>
          <p className="text-sm text-muted-foreground">
            {counts
              ? `${pluralise(portfolio.data?.total ?? 0, 'live sale')} · ${counts.high} high risk · ${counts.medium} medium · ${counts.low} low`
              : 'Your sales, riskiest first.'}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline">
            <Link to={PAGE_PATHS.portfolioChains}>Chains</Link>
          </Button>
          <Button asChild>
            <Link to={PAGE_PATHS.newSale}>New sale</Link>
          </Button>
        </div>
      </div>

      <form onSubmit={onSearch} className="grid grid-cols-1 gap-3 sm:grid-cols-3" aria-label="Filters">
        <div className="flex flex-col gap-1 sm:col-span-2">
          <Label htmlFor="portfolio-q">Search address, postcode or name</Label>
          <div className="flex gap-2">
            <Input
              id="portfolio-q"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="e.g. AL1 or Clarke"
            />
            <Button type="submit" variant="outline">
              Search
            </Button>
          </div>
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="portfolio-band">Risk</Label>
          <NativeSelect id="portfolio-band" value={band ?? ''} onChange={(e) => set('band', e.target.value)}>
            <option value="">Any risk</option>
            {SALE_RISK_BANDS.map((b) => (
              <option key={b} value={b}>
                {BAND_LABEL[b]}
              </option>
            ))}
          </NativeSelect>
        </div>
      </form>

      {portfolio.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading your sales">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-36 w-full" />
          ))}
        </div>
      ) : portfolio.isError && isProRequired(portfolio.error) ? (
        <ProUpsell message={portfolio.error.message} />
      ) : portfolio.isError ? (
        <div role="alert" className="rounded-lg border border-destructive/40 p-4">
          <p className="font-medium">Could not load your portfolio.</p>
          <p className="text-sm text-muted-foreground">{portfolio.error.message}</p>
          <Button className="mt-2" variant="outline" size="sm" onClick={() => portfolio.refetch()}>
            Try again
          </Button>
        </div>
      ) : portfolio.data.sales.length === 0 && portfolio.data.matching > 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border p-6 text-center">
          <p className="font-medium">There is no page {page}.</p>
          <p className="text-sm text-muted-foreground">
            {pluralise(portfolio.data.matching, 'sale matches', 'sales match')} on fewer pages.
          </p>
          <Button className="mt-2" variant="outline" onClick={() => goToPage(1)}>
            Go to the first page
          </Button>
        </div>
      ) : portfolio.data.sales.length === 0 ? (
        <div className="flex flex-col items-center gap-2 rounded-lg border p-6 text-center">
          <p className="font-medium">{band || q ? 'No sales match these filters.' : 'No live sales yet.'}</p>
          <p className="text-sm text-muted-foreground">
            {band || q
              ? 'Clear the search or choose another risk band.'
              : 'When an offer is accepted, create the sale at SSTC: we set up its timeline, record the conveyancers and invite the seller and the buyer.'}
          </p>
          {!band && !q && (
            <Button asChild className="mt-2">
              <Link to={PAGE_PATHS.newSale}>Create a sale at SSTC</Link>
            </Button>
          )}
        </div>
      ) : (
        <>
          <ol
            ref={listRef}
            tabIndex={-1}
            className="flex scroll-mt-4 flex-col gap-3 outline-none aria-busy:opacity-60"
            aria-label="Sales, riskiest first"
            aria-busy={portfolio.isPlaceholderData}
          >
            {portfolio.data.sales.map((sale) => (
              <SaleCard
                key={sale.transaction_id}
                sale={sale}
                onPreview={() => setPreviewing(sale)}
                onMemorandum={() => setMemo(sale)}
              />
            ))}
          </ol>
          <ListPagination
            page={page}
            pageSize={portfolio.data.page_size}
            matching={portfolio.data.matching}
            shown={portfolio.data.sales.length}
            loading={portfolio.isPlaceholderData}
            noun="sales"
            onPage={goToPage}
          />
        </>
      )}
      <WeeklyUpdateDialog sale={previewing} onClose={() => setPreviewing(null)} />
      <MemorandumDialog sale={memo} onClose={() => setMemo(null)} />
    </div>
  )
}

function SaleCard({
  sale,
  onPreview,
  onMemorandum,
}: {
  sale: PortfolioSale
  onPreview: () => void
  onMemorandum: () => void
}) {
  const headingId = `sale-${sale.transaction_id}`
  return (
    <li aria-labelledby={headingId} className="rounded-lg border bg-card p-4 shadow-sm" data-testid="portfolio-sale">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={headingId} className="text-lg font-semibold">
            <Link className="underline-offset-4 hover:underline" to={transactionPath(sale.transaction_id)}>
              {sale.address}
            </Link>
          </h2>
          <p className="text-sm text-muted-foreground">
            {[
              sale.postcode,
              sale.agreed_price_pence !== null ? formatGbpFromPence(sale.agreed_price_pence, { whole: true }) : null,
              sale.buyer_position ? BUYER_POSITION_LABELS[sale.buyer_position] : null,
            ]
              .filter(Boolean)
              .join(' · ')}
          </p>
        </div>
        <Badge variant={BAND_VARIANT[sale.risk.band]}>
          {BAND_LABEL[sale.risk.band]} · {sale.risk.score}/100
        </Badge>
      </div>
      {sale.risk.reasons.length > 0 ? (
        <ul
          className="mt-2 list-disc pl-5 text-sm"
          aria-label={`Why ${sale.address} is ${BAND_LABEL[sale.risk.band].toLowerCase()}`}
        >
          {sale.risk.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-sm text-muted-foreground">On track: nothing is holding this sale up.</p>
      )}
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
        <div>
          <dt className="text-muted-foreground">Stage</dt>
          <dd>{sale.current_stage ?? 'All stages done'}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Progress</dt>
          <dd>{sale.percent_complete}%</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Last progress</dt>
          <dd>{formatUkDate(sale.last_progress_at)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Seller · buyer</dt>
          <dd>
            {sale.seller_name ?? 'Not joined'} · {sale.buyer_name ?? 'Not joined'}
          </dd>
        </div>
      </dl>
      {sale.waiting_on.length > 0 && <WaitingOn sale={sale} />}
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onPreview}>
          Weekly update
        </Button>
        <Button size="sm" variant={sale.memorandum_sent ? 'outline' : 'default'} onClick={onMemorandum}>
          {sale.memorandum_sent ? 'Issue memorandum of sale again' : 'Issue memorandum of sale'}
        </Button>
      </div>
    </li>
  )
}

/** The current stage's steps other people hold, each with "Chase" (one email, logged on the sale's activity). */
function WaitingOn({ sale }: { sale: PortfolioSale }) {
  const chase = useChase()
  return (
    <div className="mt-3">
      <h3 className="text-sm font-semibold">Waiting on</h3>
      <ul className="mt-1 flex flex-col gap-2 text-sm" aria-label={`Steps ${sale.address} is waiting on`}>
        {sale.waiting_on.map((step) => (
          <li key={step.task_id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0">
              {step.title} <span className="text-muted-foreground">({step.holder})</span>
              {step.last_chased_at && (
                <span className="block text-xs text-muted-foreground">Chased {formatUkDate(step.last_chased_at)}</span>
              )}
            </span>
            <Button
              size="sm"
              variant="outline"
              aria-label={`Chase ${step.holder}: ${step.title}`}
              title={step.chaseable ? undefined : 'Nobody is recorded in this seat yet'}
              disabled={!step.chaseable || chase.isPending}
              onClick={() =>
                chase.mutate(
                  { txId: sale.transaction_id, taskId: step.task_id },
                  {
                    onSuccess: (res) => notify.success('Chaser sent', `Emailed ${res.sent_to.join(' and ')}.`),
                    onError: (err) => notify.error('Could not send the chaser', err.message),
                  },
                )
              }
            >
              Chase
            </Button>
          </li>
        ))}
      </ul>
    </div>
  )
}
