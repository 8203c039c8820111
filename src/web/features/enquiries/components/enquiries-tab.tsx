import { FileDown, Mail, RefreshCw } from 'lucide-react'
import { Link } from 'react-router'
import { enquiryTaskPath } from '#shared/paths.ts'
import type { Enquiry, EnquiryList } from '#shared/contracts/enquiries.ts'
import { ENQUIRY_CATEGORY_LABELS, ENQUIRY_STATUS_LABELS, whoIsToldText } from '#shared/domain/enquiries.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDate, formatUkDateTime, pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useEnquiries, useExportReplies, useSendByEmail } from '../api'
import { LogEnquiriesDialog } from './log-enquiries-dialog'
import { EnquiryCard } from './enquiry-card'
import { RaiseEnquiriesDialog } from './raise-enquiries-dialog'
import { clockText, SLA_VARIANT, STATUS_VARIANT, wordClock } from './labels'

/**
 * The Enquiries view of a matter (in the workspace's Documents tab, decision 063). The buyer's conveyancer raises enquiries (several at once from the
 * standard list), marks replies satisfied, raises further enquiries or withdraws; the seller's
 * conveyancer replies and asks the seller; both export the replies as a PDF into Contracts. Anyone
 * else on the move sees each enquiry's status, read-only.
 */
export function EnquiriesTab({ txId }: { txId: string }) {
  const query = useEnquiries(txId)
  const exporter = useExportReplies(txId)

  if (query.isPending) {
    return (
      <section aria-labelledby="enquiries-heading" className="flex flex-col gap-3" aria-busy="true">
        <h2 id="enquiries-heading" className="text-lg font-semibold">
          Pre-contract enquiries
        </h2>
        <p role="status" className="sr-only">
          Loading enquiries
        </p>
        <Skeleton className="h-24" />
        <Skeleton className="h-24" />
      </section>
    )
  }
  if (query.isError) {
    return (
      <section aria-labelledby="enquiries-heading" className="flex flex-col items-start gap-3">
        <h2 id="enquiries-heading" className="text-lg font-semibold">
          Pre-contract enquiries
        </h2>
        <p role="alert" className="text-sm text-destructive">
          Could not load the enquiries: {query.error.message}
        </p>
        <Button variant="outline" onClick={() => void query.refetch()}>
          <RefreshCw aria-hidden="true" />
          Try again
        </Button>
      </section>
    )
  }

  const { enquiries, my_part: part, my_client: client } = query.data
  const open = enquiries.filter((e) => e.status === 'open' || e.status === 'further_enquiry').length
  const onExport = () =>
    exporter.mutate(undefined, {
      onSuccess: (doc) =>
        notify.success('Replies exported', `Version ${doc.version} of “${doc.filename}” is in the Contracts folder.`),
      onError: (err) => notify.error('Could not export the replies', err.message),
    })

  return (
    <section aria-labelledby="enquiries-heading" className="flex flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <div>
          <h2 id="enquiries-heading" className="text-lg font-semibold">
            Pre-contract enquiries
          </h2>
          {client && (
            <p className="text-sm" data-testid="enquiries-explainer">
              {CLIENT_EXPLAINER[client]}
            </p>
          )}
          <p className="text-sm text-muted-foreground">
            {enquiries.length === 0
              ? 'None raised yet.'
              : `${pluralise(enquiries.length, 'enquiry', 'enquiries')}, ${open} waiting for a reply.`}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {part === 'raiser' && <RaiseEnquiriesDialog txId={txId} />}
          {part === 'replier' && <LogEnquiriesDialog txId={txId} />}
          {part !== 'viewer' && enquiries.length > 0 && (
            <Button variant="outline" onClick={onExport} disabled={exporter.isPending}>
              <FileDown aria-hidden="true" />
              {exporter.isPending ? 'Exporting…' : 'Export replies (PDF)'}
            </Button>
          )}
        </div>
      </div>

      {part === 'raiser' && <WhoIsTold txId={txId} list={query.data} waiting={open} />}

      {enquiries.length === 0 ? (
        <div className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          <p className="font-medium text-foreground">No enquiries yet</p>
          <p>
            {part === 'raiser'
              ? 'Raise enquiries on the draft contract pack from your standard list, or write your own.'
              : "The buyer's conveyancer raises enquiries on the draft contract pack; they will show here."}
          </p>
        </div>
      ) : part === 'viewer' ? (
        <StatusList txId={txId} enquiries={enquiries} client={client} />
      ) : (
        <ol className="flex flex-col gap-3" aria-label="Enquiries">
          {enquiries.map((e) => (
            <li key={e.id}>
              <EnquiryCard txId={txId} enquiry={e} part={part} />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** What enquiries are and who handles them, in one line, for the buyer and the seller. */
const CLIENT_EXPLAINER = {
  seller:
    "Enquiries are the buyer's conveyancer's questions about your property. Your conveyancer answers them for you; if they need your answer, you get a task here.",
  buyer:
    "Enquiries are your conveyancer's questions to the seller's conveyancer about the property. Your conveyancer handles them; if they need you, you get a task here.",
} as const

/**
 * Buyers, sellers and others on the move: each enquiry's status, read-only; the buyer and the seller
 * also read its text, and the rows that wait for their answer link to their task.
 */
function StatusList({
  txId,
  enquiries,
  client,
}: {
  txId: string
  enquiries: Enquiry[]
  client: 'buyer' | 'seller' | null
}) {
  return (
    <ul className="divide-y rounded-lg border" aria-label="Enquiry statuses">
      {enquiries.map((e) => {
        const task = client === 'seller' ? e.seller_task : client === 'buyer' ? e.buyer_task : null
        return (
          <li key={e.id} className="flex flex-col gap-1.5 p-3 text-sm">
            <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="font-medium">Enquiry {e.number}</span>
              <span className="text-muted-foreground">{ENQUIRY_CATEGORY_LABELS[e.category]}</span>
              <Badge variant={STATUS_VARIANT[e.status]}>{ENQUIRY_STATUS_LABELS[e.status]}</Badge>
              {e.clock && e.clock.state !== 'met' && e.clock.state !== 'missed' && e.clock.due_date && (
                <Badge variant={SLA_VARIANT[wordClock(e.clock).status]}>{clockText(e.clock)}</Badge>
              )}
              <span className="ml-auto text-xs text-muted-foreground">Raised {formatUkDate(e.created_at)}</span>
            </div>
            {e.body && <p className="break-words whitespace-pre-wrap">{e.body}</p>}
            {task &&
              (task.status === 'completed' ? (
                <p className="text-xs text-muted-foreground">
                  You answered it.{' '}
                  <Link className="underline" to={enquiryTaskPath(txId, task.id)}>
                    See your answer
                  </Link>
                </p>
              ) : (
                <p>
                  <Link className="font-medium text-primary underline" to={enquiryTaskPath(txId, task.id)}>
                    Your conveyancer needs your answer: answer enquiry {e.number}
                  </Link>
                </p>
              ))}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * The buyer's conveyancer's line on who is told of enquiries (the same words as the raise dialog),
 * the last emailed reply link when the seller's firm is not on Homeward, and "Email them again".
 */
function WhoIsTold({ txId, list, waiting }: { txId: string; list: EnquiryList; waiting: number }) {
  const send = useSendByEmail(txId)
  if (!list.recipient) return null
  const link = list.email_link
  return (
    <div className="flex flex-col gap-2 rounded-lg border bg-muted/40 p-3 text-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 flex-col gap-1 [overflow-wrap:anywhere]">
        <p data-testid="enquiries-who-is-told">{whoIsToldText(list.recipient)}</p>
        {list.recipient.kind === 'email' && link && (
          <p className="text-xs text-muted-foreground">
            Last emailed {formatUkDateTime(link.sent_at)} to {link.email};{' '}
            {link.live ? `its link works until ${formatUkDate(link.expires_at)}.` : 'that link no longer works.'}
          </p>
        )}
      </div>
      {list.recipient.kind === 'email' && waiting > 0 && (
        <Button
          variant="outline"
          size="sm"
          className="shrink-0"
          disabled={send.isPending}
          onClick={() =>
            send.mutate(undefined, {
              onSuccess: (sent) =>
                notify.success(
                  'Enquiries emailed',
                  `${pluralise(sent.enquiries, 'enquiry', 'enquiries')} sent to ${sent.firm_name} with a new link; the previous link no longer works.`,
                ),
              onError: (err) => notify.error('Could not email the enquiries', err.message),
            })
          }
        >
          <Mail aria-hidden="true" />
          {send.isPending ? 'Sending…' : 'Email them again'}
        </Button>
      )}
    </div>
  )
}
