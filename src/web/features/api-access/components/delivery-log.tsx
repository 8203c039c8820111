import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useDeliveries, useRedeliver } from '../api'

const STATUS = {
  succeeded: { label: 'Delivered', variant: 'success' },
  pending: { label: 'Pending', variant: 'muted' },
  failed: { label: 'Failed', variant: 'destructive' },
} as const

/**
 * An endpoint's delivery log, newest first: event, outcome, HTTP status, duration, attempts and the
 * next retry or the time delivered, with Redeliver on each. Refreshed every few seconds while open.
 */
export function DeliveryLog({ id, endpointId, firmId }: { id: string; endpointId: string; firmId?: string }) {
  const deliveries = useDeliveries(endpointId, true)
  const redeliver = useRedeliver(firmId)
  const list = deliveries.data?.deliveries ?? []
  return (
    <section id={id} aria-label="Delivery log" className="flex flex-col gap-2">
      <h3 className="text-sm font-semibold">Delivery log</h3>
      {deliveries.isPending ? (
        <Skeleton className="h-12 w-full" aria-label="Loading deliveries" />
      ) : deliveries.isError ? (
        <div role="alert" className="flex items-center gap-2 text-sm">
          <p>{deliveries.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void deliveries.refetch()}>
            Try again
          </Button>
        </div>
      ) : list.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing sent yet. Send a test event to try your endpoint.</p>
      ) : (
        <ol className="flex flex-col divide-y rounded-md border text-sm" aria-label="Deliveries, newest first">
          {list.map((d) => {
            const status = STATUS[d.status]
            return (
              <li key={d.id} className="flex flex-col gap-1 p-2.5 sm:flex-row sm:items-center sm:justify-between">
                <div className="flex min-w-0 flex-col gap-0.5">
                  <div className="flex flex-wrap items-center gap-2">
                    <code className="font-mono text-xs font-medium">{d.event_type}</code>
                    <Badge variant={status.variant}>{status.label}</Badge>
                    {d.last_status_code !== null && <span className="text-xs">HTTP {d.last_status_code}</span>}
                    {d.last_duration_ms !== null && <span className="text-xs">{d.last_duration_ms} ms</span>}
                    <span className="text-xs">
                      {d.attempts} {d.attempts === 1 ? 'attempt' : 'attempts'}
                    </span>
                  </div>
                  <p className="text-xs text-muted-foreground">
                    Queued {formatUkDateTime(d.created_at)}
                    {d.delivered_at ? ` · delivered ${formatUkDateTime(d.delivered_at)}` : ''}
                    {d.status === 'pending' && d.next_attempt_at
                      ? ` · ${d.attempts ? 'next retry' : 'sending'} ${formatUkDateTime(d.next_attempt_at)}`
                      : ''}
                  </p>
                  {d.last_error && d.status !== 'succeeded' && (
                    <p className="text-xs break-words text-destructive">{d.last_error}</p>
                  )}
                </div>
                <Button
                  size="sm"
                  variant="ghost"
                  className="self-start sm:self-center"
                  disabled={redeliver.isPending}
                  onClick={() =>
                    redeliver.mutateAsync({ endpointId, deliveryId: d.id }).then(
                      () => notify.success('Redelivery queued', `${d.event_type} will be sent again.`),
                      (err: Error) => notify.error('Could not redeliver', err.message),
                    )
                  }
                >
                  Redeliver<span className="sr-only"> {d.event_type}</span>
                </Button>
              </li>
            )
          })}
        </ol>
      )}
    </section>
  )
}
