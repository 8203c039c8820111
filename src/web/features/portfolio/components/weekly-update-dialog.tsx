import { useState } from 'react'
import type { PortfolioSale } from '#shared/contracts/portfolio.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useSendWeeklyUpdate, useWeeklyUpdatePreview } from '../api'

/**
 * The weekly update of one sale as its sellers will get it on Monday at 09:00 UK time, who gets it
 * (a seller who switched it off in their email settings does not), the subject and text to edit
 * (a personal note, a correction) with the email previewed as edited, and 'Send this week's update
 * now' with the edits (once per seller per week: the Monday run then skips them).
 */
export function WeeklyUpdateDialog({ sale, onClose }: { sale: PortfolioSale | null; onClose: () => void }) {
  const preview = useWeeklyUpdatePreview(sale?.transaction_id ?? null)
  const send = useSendWeeklyUpdate()
  const due = preview.data?.recipients.filter((r) => !r.opted_out && !r.sent_this_week) ?? []
  // The agent's edits of this sale's update; the template's text until they type (null).
  const [edits, setEdits] = useState<{ txId: string; subject: string; text: string } | null>(null)
  const mine = edits && edits.txId === sale?.transaction_id ? edits : null
  const subject = mine?.subject ?? preview.data?.subject ?? ''
  const text = mine?.text ?? preview.data?.text ?? ''
  const edited = !!preview.data && (subject !== preview.data.subject || text !== preview.data.text)
  const edit = (change: { subject?: string; text?: string }) =>
    sale && setEdits({ txId: sale.transaction_id, subject, text, ...change })
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
                    <p className="text-sm text-muted-foreground">
                      No seller is on this move yet: record the seller on the sale to send them the update by email.
                    </p>
                  ) : (
                    <ul className="text-sm">
                      {preview.data.recipients.map((r) => (
                        <li key={r.email}>
                          {r.name} ({r.email}){r.on_homeward ? '' : ' · not on Homeward: by email'}
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
                <FormField id="weekly-subject" label="Subject">
                  {(f) => <Input {...f} value={subject} onChange={(e) => edit({ subject: e.target.value })} />}
                </FormField>
                <FormField
                  id="weekly-text"
                  label="Email text"
                  hint="Written from the timeline. Add a personal note or change anything before you send it; every seller gets it as written here."
                >
                  {(f) => <Textarea {...f} rows={10} value={text} onChange={(e) => edit({ text: e.target.value })} />}
                </FormField>
                <div className="flex items-center justify-between gap-2">
                  <h3 className="text-sm font-semibold">Preview{edited ? ' (edited)' : ''}</h3>
                  {edited && (
                    <Button variant="ghost" size="sm" onClick={() => setEdits(null)}>
                      Undo my changes
                    </Button>
                  )}
                </div>
                <div className="rounded-md border bg-muted/40 p-3 text-sm">
                  <p className="font-semibold">{subject}</p>
                  <pre aria-label="Email preview" className="mt-2 whitespace-pre-wrap break-words font-sans">
                    {text}
                  </pre>
                </div>
                <div className="flex flex-wrap justify-end gap-2">
                  <Button variant="outline" onClick={onClose} disabled={send.isPending}>
                    Close
                  </Button>
                  <Button
                    disabled={send.isPending || due.length === 0 || !subject.trim() || !text.trim()}
                    onClick={() =>
                      send.mutate(
                        {
                          txId: sale.transaction_id,
                          body: edited ? { subject: subject.trim(), text: text.trim() } : {},
                        },
                        {
                          onSuccess: (res) =>
                            notify.success(
                              "This week's update is sent",
                              `Emailed to ${pluralise(res.sent, 'seller')}.`,
                            ),
                          onError: (err) => notify.error('Could not send the update', err.message),
                        },
                      )
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
