import { ChevronLeft, ChevronRight, LoaderCircle } from 'lucide-react'
import { pageCount } from '#shared/contracts/paging.ts'
import { Button } from '#web/components/ui/button.tsx'

/**
 * Previous and next page of a paged list (the portfolio, the pipeline), with where this page sits:
 * 'Showing 26–50 of 312' and 'Page 2 of 13'. Real buttons (keyboard: Tab and Enter or Space),
 * disabled at either end and while the next page loads; the range is announced politely when it
 * changes. `noun`: what the rows are ('sales'), for the landmark's and buttons' names. Renders
 * nothing when every matching row fits on one page.
 */
export function ListPagination({
  page,
  pageSize,
  matching,
  shown,
  loading = false,
  noun,
  onPage,
}: {
  /** The page shown, from 1. */
  page: number
  pageSize: number
  /** Rows matching the filters, across every page. */
  matching: number
  /** Rows on this page. */
  shown: number
  /** The next page is on its way. */
  loading?: boolean
  noun: string
  onPage: (page: number) => void
}) {
  const pages = pageCount(matching, pageSize)
  if (pages <= 1 && page === 1) return null
  const first = (page - 1) * pageSize + 1
  return (
    <nav
      aria-label={`Pages of ${noun}`}
      className="flex flex-col items-center gap-3 pt-2"
      data-testid="list-pagination"
    >
      <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="page-range">
        {loading ? (
          <span className="inline-flex items-center gap-2">
            <LoaderCircle aria-hidden="true" className="size-4 animate-spin motion-reduce:animate-none" /> Loading page{' '}
            {page}…
          </span>
        ) : shown > 0 ? (
          `Showing ${first}–${first + shown - 1} of ${matching}`
        ) : (
          `No ${noun} on page ${page}`
        )}
      </p>
      <div className="grid w-full max-w-md grid-cols-[1fr_auto_1fr] items-center gap-3">
        <div className="justify-self-start">
          <Button
            type="button"
            variant="outline"
            disabled={page <= 1 || loading}
            onClick={() => onPage(Math.min(page - 1, pages))}
          >
            <ChevronLeft aria-hidden="true" />
            Previous<span className="sr-only"> page of {noun}</span>
          </Button>
        </div>
        <p className="text-sm font-medium whitespace-nowrap">
          Page {page} of {pages}
        </p>
        <div className="justify-self-end">
          <Button type="button" variant="outline" disabled={page >= pages || loading} onClick={() => onPage(page + 1)}>
            Next<span className="sr-only"> page of {noun}</span>
            <ChevronRight aria-hidden="true" />
          </Button>
        </div>
      </div>
    </nav>
  )
}
