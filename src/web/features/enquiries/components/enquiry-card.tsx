import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { enquiryTaskPath, propertyFormPath } from '#shared/paths.ts'
import type { Enquiry, EnquiryReply } from '#shared/contracts/enquiries.ts'
import {
  canReply,
  clientOfPart,
  ENQUIRY_ATTACHMENT_AUDIENCE,
  ENQUIRY_ATTACHMENT_FOLDER,
  ENQUIRY_MAX_ATTACHMENTS,
  ENQUIRY_CATEGORY_LABELS,
  ENQUIRY_MAX_CHARS,
  ENQUIRY_STATUS_LABELS,
  mayAskClient,
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
import { useAskClient, useChangeStatus, useDiscardDraft, useReply, useSendDraft } from '../api'
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
  const askClient = useAskClient(txId)
  const client = clientOfPart(part)!
  const clientTask = client === 'seller' ? e.seller_task : e.buyer_task
  const drafts = e.replies.filter((r) => r.state === 'draft')
  const sent = e.replies.filter((r) => r.state !== 'draft')
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

  // While a draft from the client waits, the reply is that draft (edited and sent from it), not a second form.
  const showTextForm =
    (part === 'replier' && canReply(e.status) && drafts.length === 0) || (part === 'raiser' && furtherOpen)
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
      {sent.length > 0 && (
        <ol className="flex flex-col gap-2 border-l-2 pl-3" aria-label={`Thread of enquiry ${e.number}`}>
          {sent.map((r) => (
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
      {clientTask && (
        <p className="text-xs text-muted-foreground">
          {client === 'seller' ? 'Seller' : 'Buyer'} task on the timeline:{' '}
          {clientTask.status === 'completed' ? 'done' : `waiting for the ${client}`} ·{' '}
          <Link className="underline" to={enquiryTaskPath(txId, clientTask.id)}>
            Open the task
          </Link>
        </p>
      )}
      {drafts.map((d) => (
        <DraftMessage key={d.id} txId={txId} enquiry={e} draft={d} part={part} />
      ))}

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
        {mayAskClient(part, e.status) && !clientTask && (
          <Button
            variant="outline"
            size="sm"
            disabled={askClient.isPending}
            onClick={() =>
              askClient.mutate(
                { enquiryId: e.id, version: e.version },
                {
                  onSuccess: () =>
                    notify.success(
                      `Task sent to the ${client}`,
                      `They answer enquiry ${e.number} in it; their answer comes back to you as a draft.`,
                    ),
                  onError: fail('Could not make the task'),
                },
              )
            }
          >
            Ask the {client} (make a task)
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

/**
 * A draft made from the client's answer in their task, for their conveyancer only: they edit it and
 * send it as their reply (seller's side) or further enquiry (buyer's side), its files going with it,
 * or decide not to send it.
 */
function DraftMessage({
  txId,
  enquiry: e,
  draft,
  part,
}: {
  txId: string
  enquiry: Enquiry
  draft: EnquiryReply
  part: 'raiser' | 'replier'
}) {
  const id = useId()
  const send = useSendDraft(txId)
  const discard = useDiscardDraft(txId)
  const [text, setText] = useState(draft.body)
  const [error, setError] = useState<string>()
  const client = clientOfPart(part)!
  const what = part === 'replier' ? 'reply' : 'further enquiry'
  const canSend = part === 'replier' ? canReply(e.status) : raiserTransitions(e.status).includes('further_enquiry')
  const submit = (ev: FormEvent) => {
    ev.preventDefault()
    const body = text.trim()
    if (!body) return setError(`Write the ${what}`)
    if (body.length > ENQUIRY_MAX_CHARS) return setError(`At most ${ENQUIRY_MAX_CHARS} characters`)
    // mutateAsync, not mutate's callbacks: the draft leaves the list (and this component unmounts) as
    // soon as the enquiries are refreshed, and mutate's callbacks would then never run.
    send
      .mutateAsync({ enquiryId: e.id, draftId: draft.id, version: e.version, body })
      .then(() =>
        notify.success(
          part === 'replier' ? `Reply to enquiry ${e.number} sent` : 'Further enquiry raised',
          draft.documents.length ? 'Its files went with it.' : undefined,
        ),
      )
      .catch((err: Error) => setError(err.message))
  }
  return (
    <section
      aria-label={`Draft ${what} from the ${client}'s answer`}
      className="flex flex-col gap-2 rounded-md border border-dashed border-amber-400 bg-amber-50 p-3"
    >
      <p className="text-xs font-medium text-amber-950">
        Draft from {draft.from_client?.full_name ?? `the ${client}`}&apos;s answer, {formatUkDateTime(draft.created_at)}
        . Only your side&apos;s conveyancers see it until you send it.
      </p>
      {draft.documents.length > 0 && <ThreadFiles txId={txId} label="Attached" files={draft.documents} />}
      {canSend ? (
        <form noValidate onSubmit={submit} className="flex flex-col gap-2">
          <FormField
            id={`${id}-draft`}
            label={`Your ${what} to enquiry ${e.number} (edit before sending)`}
            error={error}
          >
            {(control) => <Textarea {...control} value={text} onChange={(ev) => setText(ev.target.value)} rows={4} />}
          </FormField>
          <div className="flex flex-wrap gap-2">
            <Button type="submit" size="sm" disabled={send.isPending}>
              {part === 'replier' ? 'Send reply' : 'Send as further enquiry'}
            </Button>
            <DiscardDraft
              onConfirm={() => discard.mutateAsync({ enquiryId: e.id, draftId: draft.id, version: e.version })}
              client={client}
            />
          </div>
        </form>
      ) : (
        <>
          <p className="text-sm whitespace-pre-wrap">{draft.body}</p>
          <p className="text-xs text-muted-foreground">
            {part === 'replier'
              ? 'The enquiry no longer waits for a reply, so this cannot be sent now.'
              : 'A further enquiry can be sent once the enquiry is answered.'}
          </p>
          <div>
            <DiscardDraft
              onConfirm={() => discard.mutateAsync({ enquiryId: e.id, draftId: draft.id, version: e.version })}
              client={client}
            />
          </div>
        </>
      )}
    </section>
  )
}

function DiscardDraft({ onConfirm, client }: { onConfirm: () => Promise<unknown>; client: string }) {
  return (
    <ConfirmButton
      size="sm"
      variant="ghost"
      label="Do not send"
      title="Do not send this draft?"
      description={`It leaves the thread; the ${client} still sees their answer in their task. This cannot be undone.`}
      confirmLabel="Do not send"
      pendingLabel="Discarding…"
      onConfirm={() => onConfirm().catch((err: Error) => notify.error('Could not discard the draft', err.message))}
    />
  )
}
