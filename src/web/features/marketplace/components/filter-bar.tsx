import { Label } from '#web/components/ui/label.tsx'
import { useHydrated } from '#web/lib/use-hydrated.ts'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '#web/components/ui/select.tsx'
import {
  countLabel,
  isTierFilter,
  isTypeFilter,
  TIER_OPTIONS,
  TYPE_OPTIONS,
  type TierFilter,
  type TypeFilter,
} from '../filter'
import type { IntentHandlers } from '../use-directory-intent'

/**
 * Type and tier selects and the live result count (spec: Screens and routes). `intent`: handlers
 * telling the page the reader is about to choose a filter.
 */
export function FilterBar({
  type,
  tier,
  count,
  onTypeChange,
  onTierChange,
  intent,
}: {
  type: TypeFilter
  tier: TierFilter
  count: number | null
  onTypeChange: (type: TypeFilter) => void
  onTierChange: (tier: TierFilter) => void
  intent?: IntentHandlers
}) {
  // The selects work once the page is live (a server-rendered page hydrates first).
  const live = useHydrated()
  return (
    <div className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid grid-cols-2 gap-3 sm:flex sm:gap-4" {...intent}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filter-type">Type</Label>
          <Select value={type} onValueChange={(v) => isTypeFilter(v) && onTypeChange(v)}>
            <SelectTrigger id="filter-type" className="sm:w-48" aria-disabled={!live || undefined}>
              {/* The label itself, so that the server-rendered page shows it too. */}
              <SelectValue>{TYPE_OPTIONS.find((o) => o.value === type)?.label}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {TYPE_OPTIONS.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filter-tier">Tier</Label>
          <Select value={tier} onValueChange={(v) => isTierFilter(v) && onTierChange(v)}>
            <SelectTrigger id="filter-tier" className="sm:w-48" aria-disabled={!live || undefined}>
              <SelectValue>{TIER_OPTIONS.find((o) => o.value === tier)?.label}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              {TIER_OPTIONS.map((o) => (
                <SelectItem key={o.value} value={o.value}>
                  {o.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
      </div>
      <p role="status" aria-live="polite" className="text-sm font-medium text-slate-700" data-testid="result-count">
        {count === null ? '' : countLabel(count)}
      </p>
    </div>
  )
}
