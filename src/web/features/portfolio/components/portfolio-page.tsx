import { useMemo, useState, type FormEvent } from 'react'
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
import { useGenerateMemorandum, usePortfolio } from '../api'
import { WeeklyUpdateDialog } from './weekly-update-dialog'
import { isProRequired, ProUpsell } from '#web/components/pro-upsell.tsx'

const BAND_VARIANT: Record<SaleRiskBand, BadgeVariant> = { high: 'destructive', medium: 'gold', low: 'success' }
const BAND_LABEL: Record<SaleRiskBand, string> = { high: 'High risk', medium: 'Medium risk', low: 'Low risk' }

/**
 * /app/portfolio: the estate agent's live sales (their own and their agency's), riskiest first, each
 * with its risk band, score and reasons in words; filters by band and by text kept in the URL. From
 * a sale: the weekly update to the sellers (preview, send this week's now) and the memorandum of sale.
 */
export function PortfolioPage() {
  const [params, setParams] = useSearchParams()
  const band = SALE_RISK_BANDS.find((b) => b === params.get('band'))
  const q = params.get('q') ?? ''
  const filters = useMemo<PortfolioQuery>(() => ({ ...(band ? { band } : {}), ...(q ? { q } : {}) }), [band, q])
  const portfolio = usePortfolio(filters)
  const [text, setText] = useState(q)
  const [previewing, setPreviewing] = useState<PortfolioSale | null>(null)

  const set = (key: string, value: string) => {
    const next = new URLSearchParams(params)
    if (value) next.set(key, value)
    else next.delete(key)
    setParams(next, { replace: true })
  }
  const onSearch = (e: FormEvent) => {
    e.preventDefault()
    set('q', text.trim())
  }
  const counts = portfolio.data?.counts

  return (
    <div className="flex flex-col gap-4">
      <div>
        <h1 className="text-2xl font-bold">Portfolio</h1>
        <p className="text-sm text-muted-foreground">
          {counts
            ? `${pluralise(counts.high + counts.medium + counts.low, 'live sale')} · ${counts.high} high risk · ${counts.medium} medium · ${counts.low} low`
            : 'Your sales, riskiest first.'}
        </p>
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
      ) : portfolio.data.sales.length === 0 ? (
        <div className="rounded-lg border p-6 text-center">
          <p className="font-medium">{band || q ? 'No sales match these filters.' : 'No live sales yet.'}</p>
          <p className="text-sm text-muted-foreground">
            {band || q
              ? 'Clear the search or choose another risk band.'
              : 'Sales appear here once a seller invites you to their move as the estate agent.'}
          </p>
        </div>
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Sales, riskiest first">
          {portfolio.data.sales.map((sale) => (
            <SaleCard key={sale.transaction_id} sale={sale} onPreview={() => setPreviewing(sale)} />
          ))}
        </ol>
      )}
      <WeeklyUpdateDialog sale={previewing} onClose={() => setPreviewing(null)} />
    </div>
  )
}

function SaleCard({ sale, onPreview }: { sale: PortfolioSale; onPreview: () => void }) {
  const memorandum = useGenerateMemorandum()
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
      <div className="mt-3 flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={onPreview}>
          Weekly update
        </Button>
        <Button
          size="sm"
          variant={sale.memorandum_sent ? 'outline' : 'default'}
          disabled={memorandum.isPending}
          onClick={() =>
            memorandum.mutate(sale.transaction_id, {
              onSuccess: (res) =>
                notify.success(
                  'Memorandum of sale sent',
                  `Saved to Contracts as version ${res.version} and emailed to ${pluralise(res.sent_to.length, 'person', 'people')}.`,
                ),
              onError: (err) => notify.error('Could not issue the memorandum of sale', err.message),
            })
          }
        >
          {memorandum.isPending
            ? 'Issuing…'
            : sale.memorandum_sent
              ? 'Issue memorandum of sale again'
              : 'Issue memorandum of sale'}
        </Button>
      </div>
    </li>
  )
}
