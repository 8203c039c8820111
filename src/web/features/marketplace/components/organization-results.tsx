import { useEffect, useRef } from 'react'
import { SearchX } from 'lucide-react'
import type { DirectoryOrganization } from '#shared/contracts/directory.ts'
import { HydratesApart } from '#web/components/hydrates-apart.tsx'
import { PAGE_SIZE } from '../result-page'
import type { IntentHandlers } from '../use-directory-intent'
import { OrganizationCard } from './organization-card'
import { ResultPagination } from './result-pagination'

/** Id of the results' heading, which takes focus when the page of results changes. */
export const RESULTS_HEADING_ID = 'results-heading'

/**
 * One page of results: the grid (one column, two from medium, three from large screens) and the
 * links to the other pages, or the empty state of spec: Screens and routes. `organizations` are the
 * page's cards, `total` the results on all `pages`, `pageSearch(n)` the query string of page n.
 * Cards are keyed by id and memoised, so a keystroke re-renders only what changed. The heading
 * (RESULTS_HEADING_ID) names the page for screen readers and takes focus on a page change
 * (useFocusResultsOnPageChange). `intent` goes to the page links (ResultPagination).
 */
export function OrganizationResults({
  organizations,
  signedIn,
  total,
  page,
  pages,
  pageSearch,
  intent,
}: {
  organizations: readonly DirectoryOrganization[]
  signedIn: boolean | undefined
  total: number
  page: number
  pages: number
  pageSearch: (page: number) => string
  intent?: IntentHandlers
}) {
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
    <section aria-labelledby={RESULTS_HEADING_ID} className="scroll-mt-20">
      <h2 id={RESULTS_HEADING_ID} tabIndex={-1} className="sr-only">
        {pages > 1 ? `Results, page ${page} of ${pages}` : 'Results'}
      </h2>
      <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3" data-testid="organization-grid">
        {organizations.map((org) => (
          <li key={org.id} className="flex [&>article]:w-full">
            {/* Each card hydrated apart from the rest of the page (first the one a reader clicks): the
                page's longest task under Lighthouse's 4x CPU slowdown fell from 307-420 to 269-286 ms
                (docs/benchmarks.md, "Web"). */}
            <HydratesApart>
              <OrganizationCard org={org} signedIn={signedIn} />
            </HydratesApart>
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
          intent={intent}
        />
      )}
    </section>
  )
}

/**
 * Moving to another page of the same results (a link, Back or Forward, once the page is live)
 * brings the results into view and moves focus to their heading, so that a keyboard or
 * screen-reader user continues at the new cards rather than at the end of the page. If the results
 * are not shown yet (the directory is still loading), this happens once they are. New filters
 * (`filtersKey` changes) also go back to page 1, but leave focus where the user is typing or choosing.
 */
export function useFocusResultsOnPageChange(page: number, filtersKey: string) {
  const seen = useRef({ page, filtersKey })
  const pending = useRef(false)
  useEffect(() => {
    if (seen.current.page !== page && seen.current.filtersKey === filtersKey) pending.current = true
    seen.current = { page, filtersKey }
  })
  useEffect(() => {
    if (!pending.current) return
    const heading = document.getElementById(RESULTS_HEADING_ID)
    if (!heading) return
    pending.current = false
    heading.parentElement?.scrollIntoView({ block: 'start' })
    heading.focus({ preventScroll: true })
  })
}
