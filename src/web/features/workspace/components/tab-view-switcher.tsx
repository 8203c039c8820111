import type { TransactionView } from '#shared/paths.ts'
import { cn } from '#web/lib/cn.ts'
import { TAB_VIEWS } from '../tabs'

/**
 * The views of a workspace tab (Documents: Documents, Enquiries, Activity; Timeline: Stages, Chain),
 * as a row of toggle buttons under the tabs: the open one is pressed (decision 063). Wraps at 390 px.
 */
export function TabViewSwitcher({
  tab,
  view,
  onChange,
}: {
  tab: keyof typeof TAB_VIEWS
  view: TransactionView | null
  onChange: (view: TransactionView | null) => void
}) {
  const label = tab === 'documents' ? 'Documents' : 'Timeline'
  return (
    <div role="group" aria-label={`${label} views`} className="flex flex-wrap gap-2" data-testid={`${tab}-views`}>
      {TAB_VIEWS[tab].map((v) => {
        const on = v.value === view
        return (
          <button
            key={v.label}
            type="button"
            aria-pressed={on}
            onClick={() => onChange(v.value)}
            className={cn(
              'rounded-full border px-3 py-1 text-sm font-medium transition-colors focus-visible:outline-2 focus-visible:outline-ring',
              on ? 'border-primary bg-primary text-primary-foreground' : 'bg-background hover:bg-muted',
            )}
          >
            {v.label}
          </button>
        )
      })}
    </div>
  )
}
