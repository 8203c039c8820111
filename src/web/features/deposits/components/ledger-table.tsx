import type { Deposit } from '#shared/contracts/deposits.ts'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { ACCOUNT_LABEL } from './deposit-labels'

/**
 * The deposit's double-entry ledger in GBP: each posting's lines (debit and credit columns; every
 * posting balances), then each account's balance. Scrolls sideways on a narrow screen.
 */
export function LedgerTable({ ledger }: { ledger: NonNullable<Deposit['ledger']> }) {
  return (
    <section
      aria-labelledby="ledger-heading"
      className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:p-6"
    >
      <h2 id="ledger-heading" className="text-lg font-semibold">
        Ledger
      </h2>
      {ledger.entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">No money has moved yet.</p>
      ) : (
        <div role="region" aria-label="Ledger postings" tabIndex={0} className="overflow-x-auto">
          <table className="w-full min-w-[34rem] text-sm" data-testid="ledger-table">
            <caption className="sr-only">Ledger postings, oldest first, in pounds</caption>
            <thead>
              <tr className="border-b text-left text-xs text-muted-foreground">
                <th scope="col" className="py-2 pr-3 font-medium">
                  Date
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Posting
                </th>
                <th scope="col" className="py-2 pr-3 font-medium">
                  Account
                </th>
                <th scope="col" className="py-2 pr-3 text-right font-medium">
                  Debit
                </th>
                <th scope="col" className="py-2 text-right font-medium">
                  Credit
                </th>
              </tr>
            </thead>
            <tbody>
              {ledger.entries.flatMap((e) =>
                e.lines.map((l, i) => (
                  <tr key={`${e.id}-${i}`} className={i === e.lines.length - 1 ? 'border-b' : undefined}>
                    <td className="py-2 pr-3 align-top whitespace-nowrap">
                      {i === 0 ? formatUkDate(e.posted_at) : ''}
                    </td>
                    <td className="py-2 pr-3 align-top">{i === 0 ? e.description : ''}</td>
                    <td className="py-2 pr-3 align-top">{ACCOUNT_LABEL[l.account]}</td>
                    <td className="py-2 pr-3 text-right align-top tabular-nums">
                      {l.amount_pence > 0 ? formatGbpFromPence(l.amount_pence) : ''}
                    </td>
                    <td className="py-2 text-right align-top tabular-nums">
                      {l.amount_pence < 0 ? formatGbpFromPence(-l.amount_pence) : ''}
                    </td>
                  </tr>
                )),
              )}
            </tbody>
          </table>
        </div>
      )}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4" aria-label="Account balances">
        {ledger.accounts.map((a) => (
          <div key={a.code} className="rounded-lg bg-surface p-3">
            <dt className="text-xs font-medium text-muted-foreground">{ACCOUNT_LABEL[a.code]}</dt>
            <dd className="mt-1 font-semibold tabular-nums" data-testid={`balance-${a.code}`}>
              {formatGbpFromPence(Math.abs(a.balance_pence))}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  )
}
