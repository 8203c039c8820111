import { Inbox, Plus, Trash2 } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import {
  ENQUIRY_ATTACHMENT_AUDIENCE,
  ENQUIRY_ATTACHMENT_FOLDER,
  ENQUIRY_CATEGORIES,
  ENQUIRY_CATEGORY_LABELS,
  ENQUIRY_MAX_BATCH,
  type EnquiryCategory,
  type EnquiryReceivedVia,
} from '#shared/domain/enquiries.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { notify } from '#web/lib/toast.ts'
import { uploadFile } from '#web/lib/uploads/upload-file.ts'
import { useLogEnquiries } from '../api'
import { AttachmentUploads, useAttachmentUploads } from './attachment-uploads'

/** Today in Europe/London as 'yyyy-mm-dd', the default date received. */
function londonToday(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
}

/**
 * "Log enquiries received": the seller's conveyancer records enquiries that arrived by email or
 * letter: the date received, how, from whom, the text of each (one or more), and the original
 * uploaded as a document (Contracts, for the clients and conveyancers). They then live in the
 * thread like any other.
 */
export function LogEnquiriesDialog({ txId }: { txId: string }) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const log = useLogEnquiries(txId)
  const [receivedOn, setReceivedOn] = useState(londonToday)
  const [via, setVia] = useState<EnquiryReceivedVia>('email')
  const [from, setFrom] = useState('')
  const [items, setItems] = useState<{ category: EnquiryCategory; body: string }[]>([{ category: 'title', body: '' }])
  const [error, setError] = useState<string>()
  const original = useAttachmentUploads(
    (file, key, onProgress, signal) =>
      uploadFile({
        txId,
        folder: ENQUIRY_ATTACHMENT_FOLDER,
        file,
        idempotencyKey: key,
        audience: ENQUIRY_ATTACHMENT_AUDIENCE,
        onProgress,
        signal,
      }),
    1,
  )

  const reset = () => {
    setItems([{ category: 'title', body: '' }])
    setFrom('')
    setReceivedOn(londonToday())
    setError(undefined)
    original.clear()
  }

  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault()
    const enquiries = items.map((i) => ({ ...i, body: i.body.trim() })).filter((i) => i.body)
    if (enquiries.length === 0) return setError('Write the text of at least one enquiry.')
    if (!original.ids[0]) return setError('Attach the original email or letter.')
    if (!receivedOn) return setError('Give the date received.')
    log.mutate(
      {
        received_on: receivedOn,
        received_via: via,
        ...(from.trim() ? { from: from.trim() } : {}),
        original_document_id: original.ids[0],
        enquiries,
      },
      {
        onSuccess: ({ ids }) => {
          notify.success(ids.length === 1 ? 'Enquiry logged' : `${ids.length} enquiries logged`)
          reset()
          setOpen(false)
        },
        onError: (err) => setError(err.message),
      },
    )
  }

  return (
    <>
      <Button variant="outline" onClick={() => setOpen(true)}>
        <Inbox aria-hidden="true" />
        Log enquiries received
      </Button>
      <Dialog open={open} onOpenChange={(o) => !log.isPending && setOpen(o)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogTitle>Log enquiries received</DialogTitle>
          <DialogDescription>
            Enquiries that reached you by email or letter: they join this matter&apos;s thread, each with a reply clock,
            and the original is filed in {ENQUIRY_ATTACHMENT_FOLDER} for the clients and conveyancers.
          </DialogDescription>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Log enquiries received">
            <div className="grid gap-3 sm:grid-cols-2">
              <FormField id={`${id}-date`} label="Date received">
                {(control) => (
                  <Input
                    {...control}
                    type="date"
                    max={londonToday()}
                    value={receivedOn}
                    onChange={(ev) => setReceivedOn(ev.target.value)}
                  />
                )}
              </FormField>
              <FormField id={`${id}-via`} label="Received by">
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={via}
                    onChange={(ev) => setVia(ev.target.value as EnquiryReceivedVia)}
                  >
                    <option value="email">Email</option>
                    <option value="letter">Letter</option>
                  </NativeSelect>
                )}
              </FormField>
            </div>
            <FormField
              id={`${id}-from`}
              label="From (optional)"
              hint="The buyer's conveyancer as they signed it. Left empty: the one recorded on this move."
            >
              {(control) => <Input {...control} value={from} onChange={(ev) => setFrom(ev.target.value)} />}
            </FormField>
            <ol className="flex flex-col gap-3" aria-label="Enquiries to log">
              {items.map((item, i) => (
                <li key={i} className="flex flex-col gap-2 rounded-md border p-3">
                  <div className="flex items-end gap-2">
                    <FormField id={`${id}-cat-${i}`} label={`Category of enquiry ${i + 1}`} className="flex-1">
                      {(control) => (
                        <NativeSelect
                          {...control}
                          value={item.category}
                          onChange={(ev) =>
                            setItems((list) =>
                              list.map((x, j) =>
                                j === i ? { ...x, category: ev.target.value as EnquiryCategory } : x,
                              ),
                            )
                          }
                        >
                          {ENQUIRY_CATEGORIES.map((c) => (
                            <option key={c} value={c}>
                              {ENQUIRY_CATEGORY_LABELS[c]}
                            </option>
                          ))}
                        </NativeSelect>
                      )}
                    </FormField>
                    {items.length > 1 && (
                      <Button
                        type="button"
                        variant="ghost"
                        size="sm"
                        aria-label={`Remove enquiry ${i + 1}`}
                        onClick={() => setItems((list) => list.filter((_, j) => j !== i))}
                      >
                        <Trash2 aria-hidden="true" />
                      </Button>
                    )}
                  </div>
                  <FormField id={`${id}-body-${i}`} label={`Text of enquiry ${i + 1}`}>
                    {(control) => (
                      <Textarea
                        {...control}
                        rows={3}
                        value={item.body}
                        onChange={(ev) =>
                          setItems((list) => list.map((x, j) => (j === i ? { ...x, body: ev.target.value } : x)))
                        }
                      />
                    )}
                  </FormField>
                </li>
              ))}
            </ol>
            {items.length < ENQUIRY_MAX_BATCH && (
              <Button
                type="button"
                variant="ghost"
                size="sm"
                className="self-start"
                onClick={() => setItems((list) => [...list, { category: 'title', body: '' }])}
              >
                <Plus aria-hidden="true" />
                Add another enquiry
              </Button>
            )}
            <AttachmentUploads uploads={original} label="Attach the original" />
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <div className="sticky bottom-0 flex justify-end gap-2 bg-background pt-2">
              <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={log.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={log.isPending || original.busy}>
                {log.isPending ? 'Logging…' : 'Log enquiries'}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  )
}
