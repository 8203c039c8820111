import { useId, useState, type FormEvent } from 'react'
import type { EnquiryLinkView } from '#shared/contracts/enquiries.ts'
import {
  closedLinkText,
  ENQUIRY_CATEGORY_LABELS,
  ENQUIRY_MAX_ATTACHMENTS,
  ENQUIRY_MAX_CHARS,
  ENQUIRY_STATUS_LABELS,
} from '#shared/domain/enquiries.ts'
import { NOT_ON_HOMEWARD } from '#shared/domain/off-platform-parties.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Spinner } from '#web/components/ui/spinner.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { formatUkDate, formatUkDateTime, pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { uploadThroughLink, useEnquiryLink, useLinkReply } from '../api'
import { AttachmentUploads, useAttachmentUploads } from './attachment-uploads'
import { STATUS_VARIANT } from './labels'

const CLOSED_TITLES: Record<'expired' | 'revoked', string> = {
  expired: 'This link has expired',
  revoked: 'This link no longer works',
}

/**
 * The page an emailed reply link opens, for a firm not on Homeward (no account): the matter's
 * address and reference, who raised the enquiries, and each enquiry with its thread and, while it
 * waits for a reply, a reply box with files (uploaded through the link with a progress bar). A link
 * that expired, was replaced, or whose enquiries are all answered says so and what to do.
 */
export function LinkReplyPage({ token }: { token: string }) {
  const link = useEnquiryLink(token)
  if (link.isPending) return <Spinner label="Opening the enquiries" />
  if (link.isError) {
    return (
      <section aria-labelledby="link-heading" className="flex flex-col gap-3">
        <h1 id="link-heading" className="text-2xl font-semibold">
          This link does not open any enquiries
        </h1>
        <p role="alert">{link.error.message}</p>
        <p className="text-sm text-muted-foreground">
          If you were sent enquiries about a property, open the link in the latest email, or ask the buyer&apos;s
          conveyancer to send them again.
        </p>
      </section>
    )
  }
  const view = link.data
  const from = view.raised_by
  const contact = from
    ? `${from.name}${from.firm ? ` of ${from.firm}` : ''}${from.email ? ` (${from.email})` : ''}`
    : null
  if (view.state === 'expired' || view.state === 'revoked') {
    return (
      <section aria-labelledby="link-heading" className="flex flex-col gap-3">
        <h1 id="link-heading" className="text-2xl font-semibold">
          {CLOSED_TITLES[view.state]}
        </h1>
        <p className="text-sm text-muted-foreground">
          Pre-contract enquiries on {view.address} · Homeward reference {view.reference}
        </p>
        <p role="status">{closedLinkText(view.state, view.revoked_reason)}</p>
        {contact && <p className="text-sm">The buyer&apos;s conveyancer: {contact}.</p>}
      </section>
    )
  }
  const waiting = view.enquiries.filter((e) => e.awaiting_reply).length
  return (
    <section aria-labelledby="link-heading" className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <p className="text-sm text-muted-foreground">Pre-contract enquiries · Homeward reference {view.reference}</p>
        <h1 id="link-heading" className="text-2xl font-semibold break-words">
          {view.address}
        </h1>
        <p className="text-sm">
          {contact ? `From ${contact}, the buyer's conveyancer, ` : 'From the buyer’s conveyancer, '}
          to {view.firm_name} ({NOT_ON_HOMEWARD}), acting for the seller.
        </p>
        <p className="text-sm text-muted-foreground" role="status">
          {waiting === 0
            ? "Every enquiry here is answered: thank you. If the buyer's conveyancer asks more, a new email brings a new link."
            : `${pluralise(waiting, 'enquiry waits', 'enquiries wait')} for your reply. No account needed: each reply goes straight to the buyer's conveyancer. This link works until ${formatUkDate(view.expires_at)}.`}
        </p>
      </header>
      <ol className="flex flex-col gap-4" aria-label="Enquiries">
        {view.enquiries.map((e) => (
          <li key={e.id}>
            <LinkEnquiryCard token={token} enquiry={e} />
          </li>
        ))}
      </ol>
    </section>
  )
}

function LinkEnquiryCard({ token, enquiry: e }: { token: string; enquiry: EnquiryLinkView['enquiries'][number] }) {
  const id = useId()
  const reply = useLinkReply(token)
  const [text, setText] = useState('')
  const [error, setError] = useState<string>()
  const uploads = useAttachmentUploads(
    (file, _key, onProgress, signal) => uploadThroughLink(token, file, onProgress, signal),
    ENQUIRY_MAX_ATTACHMENTS,
  )
  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault()
    const body = text.trim()
    if (!body) return setError('Write your reply')
    if (body.length > ENQUIRY_MAX_CHARS) return setError(`At most ${ENQUIRY_MAX_CHARS} characters`)
    reply.mutate(
      { enquiryId: e.id, body, upload_ids: uploads.ids },
      {
        onSuccess: () => {
          setText('')
          setError(undefined)
          uploads.clear()
          notify.success(`Reply to enquiry ${e.number} sent`, "The buyer's conveyancer has it.")
        },
        onError: (err) => setError(err.message),
      },
    )
  }
  return (
    <article aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-lg border bg-card p-4">
      <header className="flex flex-wrap items-center gap-2">
        <h2 id={`${id}-title`} className="font-semibold">
          Enquiry {e.number}
        </h2>
        <span className="text-sm text-muted-foreground">{ENQUIRY_CATEGORY_LABELS[e.category]}</span>
        <Badge variant={STATUS_VARIANT[e.status]}>{ENQUIRY_STATUS_LABELS[e.status]}</Badge>
      </header>
      <p className="text-sm whitespace-pre-wrap break-words">{e.body}</p>
      {e.thread.length > 0 && (
        <ol className="flex flex-col gap-2 border-l-2 pl-3" aria-label={`Thread of enquiry ${e.number}`}>
          {e.thread.map((m, i) => (
            <li key={i} className="text-sm">
              <p className="text-xs font-medium text-muted-foreground">
                {m.kind === 'reply' ? 'Reply' : 'Further enquiry'} from {m.author}, {formatUkDateTime(m.created_at)}
              </p>
              <p className="whitespace-pre-wrap break-words">{m.body}</p>
              {m.files.length > 0 && (
                <p className="text-xs text-muted-foreground">Attached: {m.files.map((f) => f.filename).join(', ')}</p>
              )}
            </li>
          ))}
        </ol>
      )}
      {e.awaiting_reply && (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-2" aria-label={`Answer enquiry ${e.number}`}>
          <FormField id={`${id}-text`} label={`Your reply to enquiry ${e.number}`} error={error}>
            {(control) => <Textarea {...control} rows={4} value={text} onChange={(ev) => setText(ev.target.value)} />}
          </FormField>
          <AttachmentUploads uploads={uploads} />
          <div>
            <Button type="submit" disabled={reply.isPending || uploads.busy}>
              {reply.isPending ? 'Sending…' : 'Send reply'}
            </Button>
          </div>
        </form>
      )}
    </article>
  )
}
