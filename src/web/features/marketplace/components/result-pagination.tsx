import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { PAGE_PATHS } from '#shared/paths.ts'
import type { IntentHandlers } from '../use-directory-intent'

/**
 * Links to the previous and next page of marketplace results (?page=N), with where this page sits:
 * 'Showing 13–24 of 322' and 'Page 2 of 27'. Plain links, so they work before the page is live and
 * without JavaScript, and a crawler reaches every card (and so every profile) through them.
 * `intent`: handlers telling the page the reader is about to change page.
 */
export function ResultPagination({
  page,
  pages,
  first,
  shown,
  total,
  pageSearch,
  intent,
}: {
  page: number
  pages: number
  /** Position of this page's first card in all results, from 1. */
  first: number
  shown: number
  total: number
  pageSearch: (page: number) => string
  intent?: IntentHandlers
}) {
  const to = (n: number) => `${PAGE_PATHS.marketplace}${pageSearch(n)}`
  return (
    <nav aria-label="Result pages" {...intent} className="mt-10 flex flex-col items-center gap-3">
      <p className="text-sm text-muted-foreground" data-testid="page-range">
        Showing {first}–{first + shown - 1} of {total}
      </p>
      <div className="grid w-full max-w-md grid-cols-[1fr_auto_1fr] items-center gap-3">
        <div className="justify-self-start">
          {page > 1 && (
            <Button asChild variant="outline">
              <Link to={to(page - 1)} rel="prev" preventScrollReset>
                <ChevronLeft aria-hidden="true" />
                Previous<span className="sr-only"> page</span>
              </Link>
            </Button>
          )}
        </div>
        <p className="text-sm font-medium whitespace-nowrap">
          Page {page} of {pages}
        </p>
        <div className="justify-self-end">
          {page < pages && (
            <Button asChild variant="outline">
              <Link to={to(page + 1)} rel="next" preventScrollReset>
                Next<span className="sr-only"> page</span>
                <ChevronRight aria-hidden="true" />
              </Link>
            </Button>
          )}
        </div>
      </div>
    </nav>
  )
}
