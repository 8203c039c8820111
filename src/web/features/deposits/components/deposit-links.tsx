import { Link } from 'react-router'
import type { Task } from '#shared/contracts/transactions.ts'
import { depositPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'

/** The timeline task a deposit page link sits under (src/shared/domain/timeline-template.ts). */
const DEPOSIT_TASK = /^Deposit transferred/

/** Who sees the deposit in full (the buyer's side) or as held yes/amount (the seller's side): access/deposits.ts. */
const FULL = ['buyer', 'buyer_conveyancer']
const SUMMARY = ['seller', 'seller_conveyancer', 'estate_agent']

/** The Overview card linking to the deposit page, for the buyer and their conveyancer. */
export function DepositOverviewCard({ txId, viewerRole }: { txId: string; viewerRole: string | null }) {
  if (!viewerRole || !FULL.includes(viewerRole)) return null
  return (
    <section
      aria-labelledby="deposit-card-heading"
      className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:flex-row sm:items-center sm:justify-between sm:p-6"
    >
      <div>
        <h2 id="deposit-card-heading" className="text-lg font-semibold">
          Deposit
        </h2>
        <p className="text-sm text-muted-foreground">
          {viewerRole === 'buyer'
            ? 'Where and how much to pay, checked with your bank before you pay.'
            : 'Set the deposit, approve its release and see the ledger.'}
        </p>
      </div>
      <Button asChild variant="outline" className="shrink-0">
        <Link to={depositPath(txId)}>Open the deposit</Link>
      </Button>
    </section>
  )
}

/** Under the deposit's timeline task: a link to the deposit page, for everyone who may see it. */
export function DepositTaskLink({ txId, task, viewerRole }: { txId: string; task: Task; viewerRole: string | null }) {
  if (!DEPOSIT_TASK.test(task.title) || !viewerRole || ![...FULL, ...SUMMARY].includes(viewerRole)) return null
  return (
    <Link className="font-medium text-primary underline" to={depositPath(txId)}>
      {FULL.includes(viewerRole) ? 'Pay or manage the deposit' : 'See whether the deposit is held'}
    </Link>
  )
}
