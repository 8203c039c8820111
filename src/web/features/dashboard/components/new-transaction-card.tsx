import { Plus } from 'lucide-react'
import { useId } from 'react'

/** The dashed 'Start a new transaction' card (spec: Screens and routes); opens the create flow. */
export function NewTransactionCard({ onClick }: { onClick: () => void }) {
  const id = useId()
  return (
    <button
      type="button"
      onClick={onClick}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-hint`}
      className="flex min-h-48 flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-slate-300 bg-background/60 p-6 text-center text-muted-foreground transition-colors hover:border-primary hover:bg-primary-soft/30 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-muted">
        <Plus aria-hidden="true" className="size-6" />
      </span>
      <span id={`${id}-title`} className="font-semibold">
        Start a new transaction
      </span>
      <span id={`${id}-hint`} className="text-sm">
        Add the property and we set up the standard timeline.
      </span>
    </button>
  )
}
