import { Home, Plus } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { NewTransactionCard } from './new-transaction-card'

/**
 * No transactions yet (spec: Screens and routes): the message, a Create Transaction button and the dashed
 * 'Start a new transaction' card; both open the create flow.
 */
export function EmptyState({ onCreate }: { onCreate: () => void }) {
  return (
    <div className="grid gap-4 md:grid-cols-2">
      <div className="flex flex-col items-start gap-4 rounded-xl border bg-background p-6 shadow-sm">
        <span className="flex size-12 items-center justify-center rounded-full bg-primary-soft text-primary">
          <Home aria-hidden="true" className="size-6" />
        </span>
        <div>
          <h2 className="text-xl font-semibold">No transactions yet</h2>
          <p className="mt-1 text-muted-foreground">
            Create your first transaction to get a shared timeline from offer to completion, then invite the other side
            and your conveyancer.
          </p>
        </div>
        <Button onClick={onCreate}>
          <Plus aria-hidden="true" />
          Create Transaction
        </Button>
      </div>
      <NewTransactionCard onClick={onCreate} />
    </div>
  )
}
