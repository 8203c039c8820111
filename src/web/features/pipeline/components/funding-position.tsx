import type { Affordability, FundingPositionView } from '#shared/contracts/mortgages.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { formatGbpFromPence } from '#web/lib/formatters.ts'

const gbp = (pence: number) => formatGbpFromPence(pence, { whole: true })

/** The affordability estimate as a range, with its not-advice note. */
export function AffordabilityRange({ a }: { a: Affordability | null }) {
  if (!a)
    return (
      <p className="text-sm text-muted-foreground">Add an income to the fact find to see an affordability range.</p>
    )
  return (
    <div className="rounded-md bg-surface p-4" data-testid="affordability">
      <p className="text-sm text-muted-foreground">Estimated borrowing range</p>
      <p className="text-xl font-semibold">
        {gbp(a.min_loan_pence)} to {gbp(a.max_loan_pence)}
      </p>
      <p className="text-sm">
        With the deposit, a price of {gbp(a.min_price_pence)} to {gbp(a.max_price_pence)}. Up to {a.lti_multiple} times
        income, repayments tested at {(a.stress_rate * 100).toFixed(1)}%.
      </p>
      <p className="mt-2 text-xs font-medium text-slate-700">{a.note}</p>
    </div>
  )
}

const MORTGAGE_SOURCE: Record<FundingPositionView['mortgage_source'], string> = {
  dip: 'the latest decision in principle',
  requested: 'the loan the client asks for',
  needed: 'the price less the deposit',
}

/**
 * The funding position against the price: loan-to-value, the deposit the mortgage leaves and the
 * funding gap (price, SDLT and costs against own funds and the mortgage), from the same calculation
 * as the buyer's funds page (src/shared/domain/source-of-funds.ts fundingBalance).
 */
export function FundingPosition({ p }: { p: FundingPositionView | null }) {
  if (!p)
    return (
      <p className="text-sm text-muted-foreground">
        Add a target price to the fact find (or link the client to a move with an agreed price) to see the loan-to-value
        and the funding gap.
      </p>
    )
  return (
    <div className="flex flex-col gap-3 rounded-md border p-4" data-testid="funding-position">
      <div className="flex flex-wrap items-baseline gap-x-6 gap-y-2">
        <div>
          <p className="text-xs text-muted-foreground">
            {p.price_source === 'agreed' ? 'Agreed price' : 'Target price'}
          </p>
          <p className="text-lg font-semibold">{gbp(p.price_pence)}</p>
        </div>
        <div>
          <p className="text-xs text-muted-foreground">Loan-to-value</p>
          <p className="text-lg font-semibold" data-testid="ltv">
            {p.loan_to_value_percent === null ? 'n/a' : `${p.loan_to_value_percent}%`}
          </p>
        </div>
        <div>
          <p className="text-xs text-muted-foreground">Funding gap</p>
          <p className="text-lg font-semibold" data-testid="funding-gap">
            {p.gap_pence > 0 ? gbp(p.gap_pence) : 'None'}
          </p>
        </div>
      </div>
      <p className="text-sm">
        Mortgage {gbp(p.mortgage_pence)} ({MORTGAGE_SOURCE[p.mortgage_source]}), own funds {gbp(p.own_funds_pence)},
        {p.land_tax === 'ltt' ? 'LTT' : 'SDLT'} {gbp(p.sdlt_pence)}, buying costs {gbp(p.fees_pence)}:{' '}
        {gbp(p.needed_pence)} needed, {gbp(p.available_pence)} available.
      </p>
      {p.gap_pence > 0 && (
        <p role="status" className="text-sm font-medium text-destructive">
          The funds fall short by {gbp(p.gap_pence)}: the same figure the buyer&apos;s funds page shows for the same
          amounts.
        </p>
      )}
      {p.above_affordability && (
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          <Badge variant="destructive">Above the estimate</Badge>
          The mortgage is above the top of the estimated borrowing range.
        </p>
      )}
    </div>
  )
}
