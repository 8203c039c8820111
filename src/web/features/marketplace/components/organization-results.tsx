import { SearchX } from 'lucide-react'
import { useEffect, useRef } from 'react'
import type { DirectoryOrganization } from '#shared/contracts/directory.ts'
import { PAGE_SIZE } from '../result-page'
import { OrganizationCard } from './organization-card'
import { ResultPagination } from './result-pagination'

/**
 * One page of results: the grid (one column, two from medium, three from large screens) and the
 * links to the other pages, or the empty state of spec: Screens and routes. `organizations` are the
 * page's cards, `total` the results on all `pages`, `pageSearch(n)` the query string of page n.
 * Cards are keyed by id and memoised, so a keystroke re-renders only what changed. Moving to another
 * page (a link, Back or Forward) brings the results into view and moves focus to their heading, so
 * that a keyboard or screen-reader user starts reading the new cards rather than the page's end.
 */
export function OrganizationResults({
  organizations,
  signedIn,
  total,
  page,
  pages,
  pageSearch,
}: {
  organizations: readonly DirectoryOrganization[]
  signedIn: boolean | undefined
  total: number
  page: number
  pages: number
  pageSearch: (page: number) => string
}) {
  const region = useRef<HTMLElement>(null)
  const heading = useRef<HTMLHeadingElement>(null)
  const shownPage = useRef(page)
  useEffect(() => {
    if (shownPage.current === page) return
    shownPage.current = page
    region.current?.scrollIntoView({ block: 'start' })
    heading.current?.focus({ preventScroll: true })
  }, [page])

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

  return (
    <section ref={region} aria-labelledby="results-heading" className="scroll-mt-20">
      <h2 id="results-heading" ref={heading} tabIndex={-1} className="sr-only">
        {pages > 1 ? `Results, page ${page} of ${pages}` : 'Results'}
      </h2>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="organization-grid">
        {organizations.map((org) => (
          <li key={org.id} className="flex [&>article]:w-full">
            <OrganizationCard org={org} signedIn={signedIn} />
          </li>
        ))}
      </ul>
      {pages > 1 && (
        <ResultPagination
          page={page}
          pages={pages}
          first={(page - 1) * PAGE_SIZE + 1}
          shown={organizations.length}
          total={total}
          pageSearch={pageSearch}
        />
      )}
    </section>
  )
}
