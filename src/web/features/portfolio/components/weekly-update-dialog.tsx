import type { PortfolioSale } from '#shared/contracts/portfolio.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useSendWeeklyUpdate, useWeeklyUpdatePreview } from '../api'

/**
 * The weekly update of one sale as its sellers will get it on Monday at 09:00 UK time, who gets it
 * (a seller who switched it off in their email settings does not), and 'Send this week's update
 * now' (once per seller per week: the Monday run then skips them).
 */
export function WeeklyUpdateDialog({ sale, onClose }: { sale: PortfolioSale | null; onClose: () => void }) {
  const preview = useWeeklyUpdatePreview(sale?.transaction_id ?? null)
  const send = useSendWeeklyUpdate()
  const due = preview.data?.recipients.filter((r) => !r.opted_out && !r.sent_this_week) ?? []
  return (
    <Dialog open={!!sale} onOpenChange={(open) => !open && !send.isPending && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        {sale && (
          <div className="flex flex-col gap-4">
            <div className="pr-8">
              <DialogTitle>Weekly update: {sale.address}</DialogTitle>
              <DialogDescription className="mt-1">
                Sent to the sellers every Monday at 09:00 UK time, written from the timeline.
              </DialogDescription>
            </div>
            {preview.isPending ? (
              <Skeleton className="h-48 w-full" />
            ) : preview.isError ? (
              <p role="alert" className="text-sm">
                Could not load the preview: {preview.error.message}
              </p>
            ) : (
              <>
                <div>
                  <h3 className="text-sm font-semibold">To</h3>
                  {preview.data.recipients.length === 0 ? (
                    <p className="text-sm text-muted-foreground">No seller has joined this move yet.</p>
                  ) : (
                    <ul className="text-sm">
                      {preview.data.recipients.map((r) => (
                        <li key={r.email}>
                          {r.name} ({r.email})
                          {r.opted_out
                            ? ' · switched the weekly update off'
                            : r.sent_this_week
                              ? ' · sent this week'
                              : ''}
                        </li>
                      ))}
                    </ul>
                  )}
                </div>
                <div>
                  <h3 className="text-sm font-semibold">Subject</h3>
                  <p className="text-sm">{preview.data.subject}</p>
                </div>
                <pre
                  aria-label="Email preview"
                  className="whitespace-pre-wrap break-words rounded-md border bg-muted/40 p-3 font-sans text-sm"
                >
                  {preview.data.text}
                </pre>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="outline" onClick={onClose} disabled={send.isPending}>
                    Close
                  </Button>
                  <Button
                    disabled={send.isPending || due.length === 0}
                    onClick={() =>
                      send.mutate(sale.transaction_id, {
                        onSuccess: (res) =>
                          notify.success("This week's update is sent", `Emailed to ${pluralise(res.sent, 'seller')}.`),
                        onError: (err) => notify.error('Could not send the update', err.message),
                      })
                    }
                  >
                    {send.isPending ? 'Sending…' : "Send this week's update now"}
                  </Button>
                </div>
                {due.length === 0 && preview.data.recipients.length > 0 && (
                  <p className="text-sm text-muted-foreground">
                    Every seller has had this week&apos;s update or switched it off.
                  </p>
                )}
              </>
            )}
          </div>
        )}
      </DialogContent>
    </Dialog>
  )
}
