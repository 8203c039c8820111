import { Link } from 'react-router'
import { transactionPath } from '#shared/paths.ts'
import { LoadFailed, LoadingRows } from '#web/components/query-states.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { useFirmEvents } from '../api'
import { describeFirmEvent } from '../firm-events'

/**
 * /app/firm/activity: the firm's events for its admins, newest first: members invited, joining,
 * changing role and leaving, matters reassigned, SLA targets and standard enquiry lists changed.
 * Older events load a page at a time. Loading, empty and error states; other members are told who
 * sees it (the server answers them 403).
 */
export function FirmActivity({ orgId, admin, firmName }: { orgId: string; admin: boolean; firmName: string }) {
  if (!admin) {
    return (
      <p className="rounded-lg border p-4 text-sm" role="status">
        Only an admin of {firmName} sees the firm&apos;s activity.
      </p>
    )
  }
  return <ActivityList orgId={orgId} />
}

function ActivityList({ orgId }: { orgId: string }) {
  const events = useFirmEvents(orgId)
  const list = events.data?.pages.flatMap((p) => p.events) ?? []
  return (
    <section aria-labelledby="activity-heading" className="flex flex-col gap-3 rounded-lg border bg-background p-4">
      <div>
        <h2 id="activity-heading" className="text-lg font-semibold">
          Firm activity
        </h2>
        <p className="text-sm text-muted-foreground">
          Who changed the firm: members and invitations, reassigned matters, SLA targets and standard enquiries.
        </p>
      </div>
      {events.isPending ? (
        <LoadingRows label="Loading the firm's activity" rows={5} rowClassName="h-10" />
      ) : events.isError ? (
        <LoadFailed what="the firm's activity" error={events.error} onRetry={() => void events.refetch()} />
      ) : list.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">Nothing has happened yet.</p>
      ) : (
        <ol className="flex flex-col divide-y" aria-label="Firm events, newest first">
          {list.map((e) => {
            const txId = e.kind === 'firm.matter_reassigned' ? e.detail.transaction_id : null
            return (
              <li
                key={e.id}
                data-testid="firm-event"
                className="flex flex-col gap-0.5 py-2 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4"
              >
                <span className="min-w-0 text-sm break-words">
                  {describeFirmEvent(e)}
                  {typeof txId === 'string' && (
                    <>
                      {' · '}
                      <Link className="underline underline-offset-2" to={transactionPath(txId)}>
                        Open the move
                      </Link>
                    </>
                  )}
                </span>
                <time dateTime={e.created_at} className="shrink-0 text-xs text-muted-foreground">
                  {formatUkDateTime(e.created_at)}
                </time>
              </li>
            )
          })}
        </ol>
      )}
      {events.hasNextPage && (
        <div>
          <Button variant="outline" onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
            {events.isFetchingNextPage ? 'Loading…' : 'Show older activity'}
          </Button>
        </div>
      )}
    </section>
  )
}
