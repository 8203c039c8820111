import { SearchX } from 'lucide-react'
import { useState } from 'react'
import type { DirectoryOrganization } from '../../../../shared/contracts/directory'
import { Button } from '../../../components/ui/button'
import { OrganizationCard } from './organization-card'

/** Cards rendered per page; more appear with 'Show more'. Divisible by 1, 2 and 3 columns. */
export const PAGE_SIZE = 30

/**
 * The result grid (one column, two from medium, three from large screens), showing PAGE_SIZE cards at
 * a time, or the empty state of spec section 2. A new result list (new filters) starts again at
 * one page; cards are keyed by id and memoised, so a keystroke re-renders only what changed.
 */
export function OrganizationResults({
  organizations,
  signedIn,
}: {
  organizations: readonly DirectoryOrganization[]
  signedIn: boolean | undefined
}) {
  const [page, setPage] = useState({ list: organizations, shown: PAGE_SIZE })
  // Reset during render when the list changes (React's pattern for state derived from props).
  if (page.list !== organizations) setPage({ list: organizations, shown: PAGE_SIZE })
  const shown = page.list === organizations ? page.shown : PAGE_SIZE

  if (organizations.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed px-6 py-16 text-center">
        <SearchX aria-hidden="true" className="size-10 text-slate-500" />
        <h2 className="text-xl font-semibold">No professionals found</h2>
        <p className="max-w-md text-muted-foreground">
          Try adjusting your search or filters to find accredited professionals
        </p>
      </div>
    )
  }

  const visible = organizations.slice(0, shown)
  const remaining = organizations.length - visible.length
  return (
    <>
      <h2 className="sr-only">Results</h2>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="organization-grid">
        {visible.map((org) => (
          <li key={org.id} className="flex [&>article]:w-full">
            <OrganizationCard org={org} signedIn={signedIn} />
          </li>
        ))}
      </ul>
      {remaining > 0 && (
        <div className="mt-8 flex flex-col items-center gap-2">
          <p className="text-sm text-muted-foreground">
            Showing {visible.length} of {organizations.length}
          </p>
          <Button variant="outline" size="lg" onClick={() => setPage((p) => ({ ...p, shown: p.shown + PAGE_SIZE }))}>
            Show {Math.min(PAGE_SIZE, remaining)} more
          </Button>
        </div>
      )}
    </>
  )
}
