import { ArrowLeft, Paperclip, RefreshCw } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import { ENQUIRY_MAX_ATTACHMENTS, ENQUIRY_CATEGORY_LABELS, ENQUIRY_MAX_CHARS } from '#shared/domain/enquiries.ts'
import type { ClientTask } from '#shared/contracts/enquiries.ts'
import { transactionPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { uploadFile } from '#web/lib/uploads/upload-file.ts'
import { useAnswerClientTask, useClientTask, useSaveClientAnswer } from '../api'
import { AttachmentUploads, useAttachmentUploads } from './attachment-uploads'

/** Where a client's files for an answer are filed, and who sees them until their conveyancer sends the answer on. */
const ANSWER_FOLDER = 'Property'
const AUDIENCE = { seller: 'seller_and_conveyancer', buyer: 'buyer_and_conveyancer' } as const

/**
 * /app/transactions/:txId/enquiry-tasks/:taskId: a client's task to answer an enquiry for their
 * conveyancer. The enquiry's full text; the client writes an answer and attaches files (each uploaded
 * at once through the documents path with a progress bar, seen by the client and their conveyancer
 * only), may save it for later (read by them alone), then sends it: it reaches their conveyancer as a draft to review before anything goes to
 * the other side. Once sent, the page shows the answer and where it stands; their conveyancer sees
 * the same, read-only.
 */
export function ClientTaskPage({ txId, taskId }: { txId: string; taskId: string }) {
  const query = useClientTask(txId, taskId)
  const back = (
    <Link
      to={transactionPath(txId, { view: 'enquiries' })}
      className="inline-flex items-center gap-1 text-sm underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the move&apos;s enquiries
    </Link>
  )
  if (query.isPending)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col gap-4" aria-busy="true">
        <p role="status" className="sr-only">
          Loading the task
        </p>
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-32" />
      </div>
    )
  if (query.isError)
    return (
      <div className="mx-auto flex w-full max-w-3xl flex-col items-start gap-4">
        {back}
        <h1 className="text-xl font-semibold">Answer an enquiry</h1>
        <p role="alert" className="text-sm text-destructive">
          Could not load the task: {query.error.message}
        </p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </div>
    )
  const t = query.data
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      {back}
      <header className="flex flex-col gap-1">
        <h1 className="text-xl font-semibold break-words">Answer enquiry {t.enquiry.number} for your conveyancer</h1>
        <p className="text-sm text-muted-foreground">
          {ENQUIRY_CATEGORY_LABELS[t.enquiry.category]} ·{' '}
          {t.task.status === 'completed'
            ? `Answered${t.task.completed_at ? ` on ${formatUkDate(t.task.completed_at)}` : ''}`
            : 'Waiting for your answer'}
        </p>
      </header>
      <section aria-labelledby="enquiry-text" className="flex flex-col gap-2 rounded-lg border bg-card p-4">
        <h2 id="enquiry-text" className="text-sm font-semibold">
          {t.client === 'seller'
            ? "The buyer's conveyancer asks"
            : "Your conveyancer asks you about this enquiry (raised with the seller's conveyancer)"}
        </h2>
        <p className="text-sm break-words whitespace-pre-wrap" data-testid="enquiry-full-text">
          {t.enquiry.body}
        </p>
      </section>
      {t.may_answer ? (
        <AnswerForm key={t.task.id} txId={txId} taskId={taskId} task={t} />
      ) : t.answer ? (
        <SentAnswer task={t} />
      ) : (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
          {t.task.status === 'completed'
            ? 'This task is done.'
            : `Waiting for the ${t.client}'s answer. They answer here; you will be told when it arrives as a draft.`}
        </p>
      )}
    </div>
  )
}

function SentAnswer({ task: t }: { task: ClientTask }) {
  const answer = t.answer!
  const where = {
    draft: 'With your conveyancer: they review it before sending it on.',
    sent: `Your conveyancer has sent it on to the ${t.client === 'seller' ? "buyer's" : "seller's"} conveyancer.`,
    discarded: 'Your conveyancer read it and decided not to send it on.',
  }[answer.state]
  return (
    <section aria-labelledby="your-answer" className="flex flex-col gap-2 rounded-lg border bg-card p-4">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="your-answer" className="text-sm font-semibold">
          {answer.by ? `Answer from ${answer.by}` : 'The answer'}
        </h2>
        <Badge variant={answer.state === 'sent' ? 'success' : 'muted'}>
          {answer.state === 'draft' ? 'With your conveyancer' : answer.state === 'sent' ? 'Sent on' : 'Not sent on'}
        </Badge>
      </div>
      <p className="text-sm break-words whitespace-pre-wrap">{answer.body}</p>
      {answer.documents.length > 0 && (
        <ul className="flex flex-col gap-1 text-sm" aria-label="Attached files">
          {answer.documents.map((d) => (
            <li key={d.id} className="flex items-center gap-1.5 break-all">
              <Paperclip aria-hidden="true" className="size-4 shrink-0" />
              {d.filename}
            </li>
          ))}
        </ul>
      )}
      <p className="text-xs text-muted-foreground">{where}</p>
    </section>
  )
}

function AnswerForm({ txId, taskId, task }: { txId: string; taskId: string; task: ClientTask }) {
  const id = useId()
  const answer = useAnswerClientTask(txId, taskId)
  const save = useSaveClientAnswer(txId, taskId)
  // Starts from the answer saved earlier, if any (the page keys this form by task, so it is read once).
  const [text, setText] = useState(task.saved?.body ?? '')
  const [error, setError] = useState<string>()
  // Each file is filed at once in Property for the client and their conveyancer (decision 051), through
  // the same uploader as every message of the thread; a saved answer's files start listed.
  const uploads = useAttachmentUploads(
    (file, key, onProgress, signal) =>
      uploadFile({
        txId,
        folder: ANSWER_FOLDER,
        file,
        idempotencyKey: key,
        audience: AUDIENCE[task.client],
        onProgress,
        signal,
      }),
    ENQUIRY_MAX_ATTACHMENTS,
    task.saved?.documents ?? [],
  )
  const uploading = uploads.busy

  /** The answer as it stands, or null (with the message shown) when it cannot be saved or sent yet. */
  const checked = (): string | null => {
    const body = text.trim()
    const problem = !body
      ? 'Write your answer'
      : body.length > ENQUIRY_MAX_CHARS
        ? `At most ${ENQUIRY_MAX_CHARS} characters`
        : uploading
          ? 'Wait for your files to finish uploading'
          : uploads.ids.length > ENQUIRY_MAX_ATTACHMENTS
            ? `Attach at most ${ENQUIRY_MAX_ATTACHMENTS} files to one answer`
            : undefined
    setError(problem)
    return problem ? null : body
  }

  const onSave = () => {
    const body = checked()
    if (body === null) return
    save.mutate(
      { body, document_ids: uploads.ids },
      {
        onSuccess: () => notify.success('Answer saved', 'It is not sent yet: only you can see it until you send it.'),
        onError: (err) => setError(err.message),
      },
    )
  }

  const submit = (ev: FormEvent) => {
    ev.preventDefault()
    const body = checked()
    if (body === null) return
    // mutateAsync: the form unmounts once the task reloads as answered, and mutate's callbacks would not run.
    answer
      .mutateAsync({ body, document_ids: uploads.ids })
      .then(() => notify.success('Answer sent to your conveyancer', 'They review it before sending it on.'))
      .catch((err: Error) => setError(err.message))
  }

  return (
    <form
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
      aria-label={`Your answer to enquiry ${task.enquiry.number}`}
    >
      <FormField
        id={`${id}-answer`}
        label="Your answer"
        hint="Your conveyancer reads it first and may edit it before it goes to the other side."
        error={error}
      >
        {(control) => <Textarea {...control} value={text} onChange={(ev) => setText(ev.target.value)} rows={5} />}
      </FormField>
      <div className="flex flex-col gap-2">
        <p className="text-sm font-medium">Files (optional)</p>
        <p className="-mt-1 text-xs text-muted-foreground">
          For example a certificate or a receipt. Only you and your conveyancer see them until your conveyancer sends
          your answer on.
        </p>
        <AttachmentUploads uploads={uploads} label="Attach files (optional)" />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={answer.isPending || uploading}>
          {answer.isPending ? 'Sending…' : 'Send answer to your conveyancer'}
        </Button>
        <Button type="button" variant="outline" onClick={onSave} disabled={save.isPending || uploading}>
          {save.isPending ? 'Saving…' : 'Save for later'}
        </Button>
      </div>
    </form>
  )
}
