import { SearchX } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { DirectoryOrganization } from '#shared/contracts/directory.ts'
import { Button } from '#web/components/ui/button.tsx'
import { PAGE_SIZE } from '../first-page'
import { OrganizationCard } from './organization-card'

/**
 * The result grid (one column, two from medium, three from large screens), showing PAGE_SIZE cards at
 * a time, or the empty state of spec: Screens and routes. A new result list (new filters) starts again at
 * one page; cards are keyed by id and memoised, so a keystroke re-renders only what changed.
 * `total` and `children`: the server's first page of a longer list, with what to show in place of
 * 'Show more' until the rest has arrived.
 */
export function OrganizationResults({
  organizations,
  signedIn,
  total = organizations.length,
  children,
}: {
  organizations: readonly DirectoryOrganization[]
  signedIn: boolean | undefined
  total?: number
  children?: ReactNode
}) {
  const [page, setPage] = useState({ list: organizations, shown: PAGE_SIZE })
  // Reset during render when the list changes (React's pattern for state derived from props).
  if (page.list !== organizations) setPage({ list: organizations, shown: PAGE_SIZE })
  const shown = page.list === organizations ? page.shown : PAGE_SIZE

  if (total === 0) {
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
      {children ??
        (remaining > 0 && (
          <div className="mt-8 flex flex-col items-center gap-2">
            <p className="text-sm text-muted-foreground">
              Showing {visible.length} of {total}
            </p>
            <Button variant="outline" size="lg" onClick={() => setPage((p) => ({ ...p, shown: p.shown + PAGE_SIZE }))}>
              Show {Math.min(PAGE_SIZE, remaining)} more
            </Button>
          </div>
        ))}
    </>
  )
}
