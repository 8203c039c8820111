import { AlertTriangle, ShieldCheck } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardDescription, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { useSecurityEvents } from '../api'
import { describeSecurityEvent, isWarning } from '../event-labels'

/** Security activity: the person's own sign-ins, sign-outs and changes, newest first, UK time. */
export function SecurityActivityCard() {
  const events = useSecurityEvents()
  return (
    <Card aria-labelledby="activity-title">
      <CardHeader>
        <CardTitle as="h2" id="activity-title">
          Security activity
        </CardTitle>
        <CardDescription>
          Sign-ins, sign-outs and password changes on your account, newest first. Something you don’t recognise? Change
          your password and sign out everywhere.
        </CardDescription>
      </CardHeader>
      {events.isPending ? (
        <div className="flex flex-col gap-2" role="status" aria-busy="true" aria-label="Loading security activity">
          <Skeleton className="h-12 w-full" />
          <Skeleton className="h-12 w-full" />
        </div>
      ) : events.isError ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p>{events.error.message}</p>
          <Button variant="outline" size="sm" onClick={() => void events.refetch()}>
            Try again
          </Button>
        </div>
      ) : events.data.events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing recorded yet.</p>
      ) : (
        <ol className="flex flex-col divide-y rounded-lg border" aria-label="Security activity, newest first">
          {events.data.events.map((e) => {
            const warn = isWarning(e)
            const Icon = warn ? AlertTriangle : ShieldCheck
            return (
              <li key={e.id} className="flex items-start gap-3 p-3 sm:p-4">
                <Icon
                  aria-hidden="true"
                  className={
                    warn ? 'mt-0.5 size-5 shrink-0 text-destructive' : 'mt-0.5 size-5 shrink-0 text-muted-foreground'
                  }
                />
                <div className="flex min-w-0 flex-1 flex-col gap-0.5 sm:flex-row sm:items-baseline sm:justify-between sm:gap-4">
                  <div className="min-w-0">
                    <p className="font-medium">{describeSecurityEvent(e)}</p>
                    <p className="text-sm break-words text-muted-foreground">
                      {e.device} · IP {e.ip ?? 'unknown'}
                    </p>
                  </div>
                  <p className="shrink-0 text-sm text-muted-foreground">
                    <time dateTime={e.createdAt}>{formatUkDateTime(e.createdAt)}</time>
                  </p>
                </div>
              </li>
            )
          })}
        </ol>
      )}
    </Card>
  )
}
