import { BellRing } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { CreateUpdateRequestInput } from '#shared/contracts/update-requests.ts'
import { UPDATE_REQUEST_NOTE_MAX_CHARS } from '#shared/domain/chat.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { notify } from '#web/lib/toast.ts'
import { formatMessageTime } from '#web/lib/time-formatters.ts'
import { useRequestUpdate, useUpdateRequests } from '../api'

/** Roles that may ask their conveyancer for an update. */
export function mayRequestUpdate(viewerRole: string | null): boolean {
  return viewerRole === 'buyer' || viewerRole === 'seller'
}

/**
 * 'Request update' for buyers and sellers: a dialog with an optional note that tells their
 * conveyancer. Once per 24 hours per move: until then the button is disabled with when they may ask
 * again; a 429 from the server shows its message.
 */
export function RequestUpdateButton({ txId }: { txId: string }) {
  const id = useId()
  const requests = useUpdateRequests(txId)
  const request = useRequestUpdate(txId)
  const [open, setOpen] = useState(false)
  const [note, setNote] = useState('')
  const [error, setError] = useState<string>()

  const nextAt = requests.data?.next_allowed_at ?? null
  const blocked = !!requests.data && !requests.data.can_request && !!nextAt && new Date(nextAt) > new Date()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = CreateUpdateRequestInput.safeParse({ note })
    if (!parsed.success) return setError(parsed.error.issues[0]?.message)
    request.mutate(parsed.data, {
      onSuccess: () => {
        notify.success('Update requested', 'Your conveyancer has been told and will reply in chat.')
        setNote('')
        setError(undefined)
        setOpen(false)
      },
      // A 429 carries the server's own words on when they may ask again.
      onError: (err) => setError(err.message),
    })
  }

  return (
    <div className="flex flex-col items-start gap-1 lg:items-end">
      <Button
        variant="outline"
        onClick={() => setOpen(true)}
        disabled={blocked || requests.isPending}
        aria-describedby={blocked ? `${id}-next` : undefined}
      >
        <BellRing aria-hidden="true" />
        Request update
      </Button>
      {blocked && nextAt && (
        <p id={`${id}-next`} className="text-xs text-muted-foreground">
          Requested. You can ask again from {formatMessageTime(nextAt)}.
        </p>
      )}
      <Dialog
        open={open}
        onOpenChange={(o) => {
          if (request.isPending) return
          setOpen(o)
          if (!o) setError(undefined)
        }}
      >
        <DialogContent>
          <DialogTitle>Ask your conveyancer for an update</DialogTitle>
          <DialogDescription>
            They get a notification and an email. You can ask once every 24 hours; the answer comes in chat.
          </DialogDescription>
          <form noValidate onSubmit={onSubmit} aria-label="Request update" className="flex flex-col gap-4">
            <FormField id={`${id}-note`} label="Note (optional)" error={error}>
              {(f) => (
                <Textarea
                  {...f}
                  value={note}
                  rows={3}
                  maxLength={UPDATE_REQUEST_NOTE_MAX_CHARS}
                  placeholder="e.g. Have the searches come back yet?"
                  onChange={(e) => {
                    setNote(e.target.value)
                    setError(undefined)
                  }}
                />
              )}
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={request.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={request.isPending}>
                {request.isPending ? 'Sending…' : 'Request update'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </div>
  )
}
