import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { propertyFormPath } from '#shared/paths.ts'
import type { Enquiry } from '#shared/contracts/enquiries.ts'
import {
  canReply,
  ENQUIRY_ATTACHMENT_AUDIENCE,
  ENQUIRY_ATTACHMENT_FOLDER,
  ENQUIRY_MAX_ATTACHMENTS,
  ENQUIRY_CATEGORY_LABELS,
  ENQUIRY_MAX_CHARS,
  ENQUIRY_STATUS_LABELS,
  raiserTransitions,
} from '#shared/domain/enquiries.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { formatUkDate, formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { NOT_ON_HOMEWARD } from '#shared/domain/off-platform-parties.ts'
import { uploadFile } from '#web/lib/uploads/upload-file.ts'
import { useChangeStatus, useReply, useSellerTask } from '../api'
import { AttachmentUploads, useAttachmentUploads } from './attachment-uploads'
import { ThreadFiles } from './thread-files'
import { clockText, SLA_VARIANT, STATUS_VARIANT, wordClock } from './labels'

/**
 * One enquiry for the conveyancers: its text, thread, linked documents, reply clock and the actions
 * of the viewer's part. A change someone else made first (409) shows their message and reloads.
 */
export function EnquiryCard({
  txId,
  enquiry: e,
  part,
}: {
  txId: string
  enquiry: Enquiry
  part: 'raiser' | 'replier'
}) {
  const id = useId()
  const reply = useReply(txId)
  const change = useChangeStatus(txId)
  const sellerTask = useSellerTask(txId)
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const [furtherOpen, setFurtherOpen] = useState(false)
  const clock = clockText(e.clock)
  const live = e.clock && (e.clock.state === 'running' || e.clock.state === 'paused')
  const fail = (title: string) => (err: Error) => notify.error(title, err.message)
  // Files go to Contracts for the clients and both conveyancers (decision 051), then ride on the message.
  const uploads = useAttachmentUploads(
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
    ENQUIRY_MAX_ATTACHMENTS,
  )

  const submitText = (ev: FormEvent) => {
    ev.preventDefault()
    const body = text.trim()
    if (!body) return setError(part === 'replier' ? 'Write the reply' : 'Write the further enquiry')
    if (body.length > ENQUIRY_MAX_CHARS) return setError(`At most ${ENQUIRY_MAX_CHARS} characters`)
    const done = {
      onSuccess: () => {
        uploads.clear()
        setText('')
        setError(undefined)
        setFurtherOpen(false)
        notify.success(part === 'replier' ? `Reply to enquiry ${e.number} sent` : 'Further enquiry raised')
      },
      onError: (err: Error) => setError(err.message),
    }
    const document_ids = uploads.ids
    if (part === 'replier') reply.mutate({ enquiryId: e.id, version: e.version, body, document_ids }, done)
    else change.mutate({ enquiryId: e.id, version: e.version, status: 'further_enquiry', body, document_ids }, done)
  }

  const showTextForm = (part === 'replier' && canReply(e.status)) || (part === 'raiser' && furtherOpen)
  const transitions = part === 'raiser' ? raiserTransitions(e.status) : []

  return (
    <article aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h3 id={`${id}-title`} className="font-semibold">
          Enquiry {e.number}
        </h3>
        <span className="text-sm text-muted-foreground">{ENQUIRY_CATEGORY_LABELS[e.category]}</span>
        <Badge variant={STATUS_VARIANT[e.status]}>{ENQUIRY_STATUS_LABELS[e.status]}</Badge>
        {clock && e.clock && <Badge variant={live ? SLA_VARIANT[wordClock(e.clock).status] : 'muted'}>{clock}</Badge>}
      </header>
      <p className="text-sm whitespace-pre-wrap">{e.body}</p>
      {e.received ? (
        <p className="text-xs text-muted-foreground">
          Received by {e.received.via} on {formatUkDate(e.received.on)}
          {e.received.from ? ` from ${e.received.from}` : ''}
          {e.received.logged_by ? `, logged by ${e.received.logged_by.full_name}` : ''}
        </p>
      ) : (
        <p className="text-xs text-muted-foreground">
          Raised {formatUkDate(e.created_at)}
          {e.raised_by ? ` by ${e.raised_by.full_name}` : ''}
        </p>
      )}
      {e.form_question && <FormQuestionLink txId={txId} formQuestion={e.form_question} />}
      {e.documents.length > 0 && (
        <ThreadFiles txId={txId} label={e.received ? 'Original' : 'Linked'} files={e.documents} />
      )}
      {e.replies.length > 0 && (
        <ol className="flex flex-col gap-2 border-l-2 pl-3" aria-label={`Thread of enquiry ${e.number}`}>
          {e.replies.map((r) => (
            <li key={r.id} className="text-sm">
              <p className="text-xs font-medium text-muted-foreground">
                {r.kind === 'reply' ? 'Reply' : 'Further enquiry'}
                {r.author
                  ? ` from ${r.author.full_name}`
                  : r.author_off_platform
                    ? ` from ${r.author_off_platform} (${NOT_ON_HOMEWARD}, by email link)`
                    : ''}
                , {formatUkDateTime(r.created_at)}
              </p>
              <p className="whitespace-pre-wrap">{r.body}</p>
              {r.documents.length > 0 && <ThreadFiles txId={txId} label="Attached" files={r.documents} />}
            </li>
          ))}
        </ol>
      )}
      {e.seller_task && (
        <p className="text-xs text-muted-foreground">
          Seller task on the timeline: {e.seller_task.status === 'completed' ? 'done' : 'waiting for the seller'}
        </p>
      )}

      {showTextForm && (
        <form
          noValidate
          onSubmit={submitText}
          className="flex flex-col gap-2"
          aria-label={`Answer enquiry ${e.number}`}
        >
          <FormField
            id={`${id}-text`}
            label={part === 'replier' ? `Your reply to enquiry ${e.number}` : `Further enquiry on enquiry ${e.number}`}
            error={error}
          >
            {(control) => <Textarea {...control} value={text} onChange={(ev) => setText(ev.target.value)} rows={3} />}
          </FormField>
          <AttachmentUploads uploads={uploads} />
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={reply.isPending || change.isPending || uploads.busy}>
              {part === 'replier' ? 'Send reply' : 'Raise further enquiry'}
            </Button>
            {part === 'raiser' && (
              <Button type="button" variant="ghost" onClick={() => setFurtherOpen(false)}>
                Cancel
              </Button>
            )}
          </div>
        </form>
      )}

      <div className="flex flex-wrap gap-2">
        {part === 'replier' && canReply(e.status) && !e.seller_task && (
          <Button
            variant="outline"
            size="sm"
            disabled={sellerTask.isPending}
            onClick={() =>
              sellerTask.mutate(
                { enquiryId: e.id, version: e.version },
                {
                  onSuccess: () =>
                    notify.success('Task sent to the seller', `Enquiry ${e.number} is on the seller's timeline.`),
                  onError: fail('Could not make the task'),
                },
              )
            }
          >
            Ask the seller (make a task)
          </Button>
        )}
        {transitions.includes('satisfied') && (
          <Button
            size="sm"
            disabled={change.isPending}
            onClick={() =>
              change.mutate(
                { enquiryId: e.id, version: e.version, status: 'satisfied' },
                { onError: fail('Could not mark it satisfied') },
              )
            }
          >
            Mark satisfied
          </Button>
        )}
        {transitions.includes('further_enquiry') && !furtherOpen && (
          <Button size="sm" variant="outline" onClick={() => setFurtherOpen(true)}>
            Raise further enquiry
          </Button>
        )}
        {transitions.includes('withdrawn') && (
          <ConfirmButton
            size="sm"
            variant="ghost"
            label="Withdraw"
            title={`Withdraw enquiry ${e.number}?`}
            description="It closes without an answer and its reply clock stops. This cannot be undone."
            confirmLabel="Withdraw enquiry"
            onConfirm={() =>
              change
                .mutateAsync({ enquiryId: e.id, version: e.version, status: 'withdrawn' })
                .catch((err: Error) => notify.error('Could not withdraw it', err.message))
            }
          />
        )}
      </div>
    </article>
  )
}

/** The form answer an enquiry was raised on ('ta6:parking.controlledParking'), linked to it on the form. */
function FormQuestionLink({ txId, formQuestion }: { txId: string; formQuestion: string }) {
  const [form, key = ''] = formQuestion.split(':')
  if (form !== 'ta6' && form !== 'ta10') return null
  return (
    <p className="text-xs">
      <Link className="underline" to={`${propertyFormPath(txId, form)}#q-${key}`}>
        Raised on the seller&apos;s {form.toUpperCase()} answer
      </Link>
    </p>
  )
}
