import { BookOpen, ChevronRight } from 'lucide-react'
import { Link } from 'react-router'
import { logbookPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate, pluralise } from '#web/lib/formatters.ts'
import { useLogbooks } from '../api'

/**
 * /app/logbook: the viewer's home logbooks, newest first. Empty until a purchase of theirs completes;
 * a logbook handed over to the next owner stays listed, marked so.
 */
export function LogbookListPage() {
  const logbooks = useLogbooks()
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Home logbook</h1>
        <p className="mt-1 text-muted-foreground">
          Everything handed over with your home at completion, its property data, and the work you have done on it
          since.
        </p>
      </div>
      {logbooks.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading your logbooks" className="flex flex-col gap-3">
          <Skeleton className="h-24 w-full" />
        </div>
      ) : logbooks.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-destructive">Your logbooks could not be loaded: {logbooks.error.message}</p>
          <Button variant="outline" onClick={() => void logbooks.refetch()}>
            Try again
          </Button>
        </div>
      ) : logbooks.data.logbooks.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed bg-background p-8 text-center">
          <BookOpen aria-hidden="true" className="size-8 text-muted-foreground" />
          <h2 className="text-lg font-semibold">No logbook yet</h2>
          <p className="max-w-md text-sm text-muted-foreground">
            When a purchase of yours completes on Homeward, your home&apos;s logbook appears here with the TA6, TA10,
            EPC, guarantees, certificates and title handed over by the seller.
          </p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label="Your home logbooks">
          {logbooks.data.logbooks.map((l) => (
            <li key={l.id}>
              <Link
                to={logbookPath(l.id)}
                className="flex items-center justify-between gap-4 rounded-xl border bg-background p-5 hover:border-primary focus-visible:outline-2 focus-visible:outline-ring"
              >
                <div className="flex min-w-0 flex-col gap-1">
                  <span className="flex flex-wrap items-center gap-2">
                    <span className="text-lg font-semibold break-words">{l.address_lines[0]}</span>
                    {l.handed_over_at && <Badge variant="outline">Handed over</Badge>}
                  </span>
                  <span className="text-sm text-muted-foreground">
                    {[...l.address_lines.slice(1), l.postcode].join(', ')}
                    {l.completed_on && <> · Completed {formatUkDate(l.completed_on)}</>}
                  </span>
                  <span className="text-sm">
                    {pluralise(l.document_count, 'document')} ·{' '}
                    {pluralise(l.entry_count, 'maintenance entry', 'maintenance entries')}
                  </span>
                </div>
                <ChevronRight aria-hidden="true" className="size-5 shrink-0 text-muted-foreground" />
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
