import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { DEFAULT_VALUE_ATTRIBUTE, SUBMIT_ON_CHANGE_ATTRIBUTE } from '#web/lib/hydrate-on-intent.ts'
import {
  countLabel,
  DEFAULT_FILTERS,
  isTierFilter,
  isTypeFilter,
  TIER_OPTIONS,
  TYPE_OPTIONS,
  type TierFilter,
  type TypeFilter,
} from '../filter'
import type { IntentHandlers } from '../use-directory-intent'
import { SEARCH_FORM_ID } from './marketplace-hero'

/**
 * Type and tier selects and the live result count (spec: Screens and routes). The selects are the
 * browser's own, fields of the hero's search form (SEARCH_FORM_ID): before the page is hydrated a
 * choice submits that form (a GET the server answers with the filtered page; lib/hydrate-on-intent.ts),
 * and without JavaScript the Search button sends them with the search. `autoComplete="off"`: a page
 * reached by Back shows the choice of its address, not one the browser restores from before. `intent`: handlers telling
 * the page the reader is about to choose a filter.
 */
export function FilterBar({
  type,
  tier,
  count,
  onTypeChange,
  onTierChange,
  welsh = false,
  onWelshChange,
  intent,
}: {
  type: TypeFilter
  tier: TierFilter
  count: number | null
  onTypeChange: (type: TypeFilter) => void
  onTierChange: (tier: TierFilter) => void
  /** 'Welsh-speaking': only firms that speak Welsh (Cymraeg) with clients. */
  welsh?: boolean
  onWelshChange?: (welsh: boolean) => void
  intent?: IntentHandlers
}) {
  return (
    <div className="flex flex-col gap-4 border-b pb-5 sm:flex-row sm:items-end sm:justify-between">
      <div className="grid grid-cols-2 gap-3 sm:flex sm:gap-4" {...intent}>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filter-type">Type</Label>
          <NativeSelect
            id="filter-type"
            name="type"
            form={SEARCH_FORM_ID}
            autoComplete="off"
            {...{ [SUBMIT_ON_CHANGE_ATTRIBUTE]: '', [DEFAULT_VALUE_ATTRIBUTE]: DEFAULT_FILTERS.type }}
            value={type}
            onChange={(e) => isTypeFilter(e.target.value) && onTypeChange(e.target.value)}
            className="sm:w-48"
          >
            {TYPE_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-col gap-1.5">
          <Label htmlFor="filter-tier">Tier</Label>
          <NativeSelect
            id="filter-tier"
            name="tier"
            form={SEARCH_FORM_ID}
            autoComplete="off"
            {...{ [SUBMIT_ON_CHANGE_ATTRIBUTE]: '', [DEFAULT_VALUE_ATTRIBUTE]: DEFAULT_FILTERS.tier }}
            value={tier}
            onChange={(e) => isTierFilter(e.target.value) && onTierChange(e.target.value)}
            className="sm:w-48"
          >
            {TIER_OPTIONS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <label className="flex min-h-10 items-center gap-2 self-end text-sm font-medium" lang="en">
          <input
            type="checkbox"
            name="welsh"
            value="1"
            form={SEARCH_FORM_ID}
            autoComplete="off"
            {...{ [SUBMIT_ON_CHANGE_ATTRIBUTE]: '' }}
            checked={welsh}
            onChange={(e) => onWelshChange?.(e.target.checked)}
            className="size-4 accent-primary"
          />
          Welsh-speaking <span lang="cy">(Cymraeg)</span>
        </label>
      </div>
      <p role="status" aria-live="polite" className="text-sm font-medium text-slate-700" data-testid="result-count">
        {count === null ? '' : countLabel(count)}
      </p>
    </div>
  )
}
