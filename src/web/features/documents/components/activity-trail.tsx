import { useMutation, useQuery } from '@tanstack/react-query'
import { History, ShieldCheck, ShieldX } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { auditTrailQueryOptions, verifyAuditTrail } from '../api'
import { auditVerifyText } from '../audit-labels'

const PAGE = 20
const MAX = 200

/**
 * The Documents tab's Activity view (decision 063): the move's audit trail as a readable list,
 * newest first, of the entries the viewer may read (decision 052): who did what
 * and when, with 'Show more' and 'Verify audit trail', which walks the hash chain on the server and
 * says whether it is intact or names the first broken link.
 */
export function ActivityTrail({ txId }: { txId: string }) {
  const [limit, setLimit] = useState(PAGE)
  const trail = useQuery({ ...auditTrailQueryOptions(txId, limit), placeholderData: (previous) => previous })
  const verify = useMutation({
    mutationFn: () => verifyAuditTrail(txId),
    onError: (err) => notify.error('Could not verify the audit trail', err.message),
  })
  const entries = trail.data?.entries ?? []

  return (
    <section
      aria-labelledby="activity-title"
      className="flex flex-col gap-3 rounded-xl border bg-background p-4 shadow-sm"
      data-testid="activity-trail"
    >
      <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
        <h2 id="activity-title" className="flex items-center gap-2 text-lg font-semibold">
          <History aria-hidden="true" className="size-4 text-primary" />
          Activity
        </h2>
        <Button variant="outline" size="sm" disabled={verify.isPending} onClick={() => verify.mutate()}>
          <ShieldCheck aria-hidden="true" />
          {verify.isPending ? 'Verifying…' : 'Verify audit trail'}
        </Button>
      </div>
      <p className="text-sm text-muted-foreground">
        What happens on the move is recorded here: ticks and blocks, status changes, people joining, and every upload,
        view, download and signature, each shown only to the people it is for. Each entry holds the fingerprint of the
        one before it, so no one can quietly change the record.
      </p>
      {verify.data && (
        <p
          role="status"
          data-testid="audit-verify-result"
          className={`flex items-start gap-2 rounded-md p-2 text-sm ${verify.data.intact ? 'bg-success text-success-foreground' : 'bg-destructive/10 text-destructive'}`}
        >
          {verify.data.intact ? (
            <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          ) : (
            <ShieldX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          )}
          {auditVerifyText(verify.data)}
        </p>
      )}
      {trail.isPending ? (
        <div className="flex flex-col gap-2">
          <Skeleton className="h-5 w-3/4" />
          <Skeleton className="h-5 w-2/3" />
        </div>
      ) : trail.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {trail.error.message}
        </p>
      ) : entries.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has happened on this move yet.</p>
      ) : (
        <ol className="flex flex-col divide-y text-sm" aria-label="Activity, newest first">
          {entries.map((e) => (
            <li key={e.id} className="flex flex-col gap-0.5 py-2 sm:flex-row sm:gap-3">
              <time dateTime={e.created_at} className="shrink-0 text-xs text-muted-foreground sm:w-36 sm:pt-0.5">
                {formatUkDateTime(e.created_at)}
              </time>
              <p className="min-w-0 break-words">
                {e.actor && <span className="font-medium">{e.actor.full_name} </span>}
                {e.summary}
              </p>
            </li>
          ))}
        </ol>
      )}
      {entries.length >= limit && limit < MAX && (
        <Button
          variant="ghost"
          size="sm"
          className="self-start"
          disabled={trail.isFetching}
          onClick={() => setLimit((l) => Math.min(MAX, l * 2 + PAGE))}
        >
          {trail.isFetching ? 'Loading…' : 'Show more'}
        </Button>
      )}
    </section>
  )
}
