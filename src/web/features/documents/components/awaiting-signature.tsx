import { PenLine } from 'lucide-react'
import type { SignatureRequest } from '#shared/contracts/signing.ts'
import { Button } from '#web/components/ui/button.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'

/**
 * 'Waiting for your signature': the requests the viewer can sign now, each with the document and
 * who asked, and a button that opens the viewer on that version to review and sign. Nothing when
 * there are none.
 */
export function AwaitingSignature({
  requests,
  filenameOf,
  onReview,
}: {
  requests: ReadonlyArray<SignatureRequest>
  filenameOf: (documentId: string) => string | undefined
  onReview: (request: SignatureRequest) => void
}) {
  if (requests.length === 0) return null
  return (
    <section
      aria-labelledby="awaiting-title"
      className="flex flex-col gap-2 rounded-xl border border-primary/40 bg-primary-soft/40 p-4"
      data-testid="awaiting-signature"
    >
      <h3 id="awaiting-title" className="flex items-center gap-2 font-semibold">
        <PenLine aria-hidden="true" className="size-4 text-primary" />
        Waiting for your signature ({requests.length})
      </h3>
      <ul className="flex flex-col gap-2">
        {requests.map((r) => {
          const name = filenameOf(r.document_id) ?? 'A document'
          return (
            <li key={r.id} className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="min-w-0 text-sm">
                <span className="font-medium break-words">{name}</span>
                <span className="text-muted-foreground">
                  {r.requested_by ? ` · asked by ${r.requested_by.full_name}` : ''} on {formatUkDate(r.created_at)}
                </span>
              </p>
              <Button size="sm" onClick={() => onReview(r)} className="self-start sm:self-auto">
                Review and sign<span className="sr-only"> {name}</span>
              </Button>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
