import { useMutation } from '@tanstack/react-query'
import { CheckCircle2, Circle, Info, PenLine, ShieldCheck, ShieldX, XCircle } from 'lucide-react'
import { useState } from 'react'
import type { DocumentVersion } from '#shared/contracts/documents.ts'
import type { SignatureRequest } from '#shared/contracts/signing.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useCancelSignatureRequest, verifySignedDocument } from '../api'
import { canSignNow, nextInOrder, signatureStatusText } from '../signing-state'
import { RequestSignaturesDialog, type SignerChoice } from './request-signatures-dialog'
import { SignForm } from './sign-form'

/**
 * A version's signature status and what the viewer can do about it: ask people
 * to sign (PDFs not yet signed), sign or decline when it is their turn, cancel their own request,
 * and verify a signed PDF's hashes. Always notes that this is not the PG82 process for deeds.
 */
export function SignaturePanel({
  txId,
  version,
  request,
  me,
  people,
  pageCount,
}: {
  txId: string
  version: DocumentVersion
  request: SignatureRequest | undefined
  me: { id: string; name: string } | undefined
  people: ReadonlyArray<SignerChoice>
  pageCount: number | undefined
}) {
  const [asking, setAsking] = useState(false)
  const cancel = useCancelSignatureRequest(txId)
  const verify = useMutation({
    mutationFn: () => verifySignedDocument(txId, version.id),
    onError: (err) => notify.error('Could not verify the document', err.message),
  })
  const pending = request?.status === 'pending'
  const isPdf = version.content_type === 'application/pdf'
  const mySigner = request?.signers.find((s) => s.user_id === me?.id)
  const waitingFor = request ? nextInOrder(request) : null

  return (
    <section aria-labelledby="signature-heading" className="flex flex-col gap-3" data-testid="signature-panel">
      <h3 id="signature-heading" className="flex items-center gap-2 font-semibold">
        <PenLine aria-hidden="true" className="size-4 text-primary" />
        Signatures
      </h3>
      {version.signed_at && (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <Badge variant="success">Signed</Badge>
          <span>
            This is the signed PDF, completed{' '}
            <time dateTime={version.signed_at}>{formatUkDate(version.signed_at)}</time>, with a certificate page at the
            end.
          </span>
        </p>
      )}
      {request ? (
        <>
          <p className="text-sm" data-testid="signature-status">
            {signatureStatusText(request)}
            {request.requested_by && (
              <span className="text-muted-foreground">
                {' '}
                · asked by {request.requested_by.full_name} on {formatUkDate(request.created_at)}
              </span>
            )}
          </p>
          <ul className="flex flex-col gap-1.5 text-sm" aria-label="Signers">
            {[...request.signers]
              .sort((a, b) => a.sort_index - b.sort_index)
              .map((s) => (
                <li key={s.id} className="flex items-start gap-2">
                  {s.status === 'signed' ? (
                    <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                  ) : s.status === 'declined' ? (
                    <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
                  ) : (
                    <Circle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-muted-foreground" />
                  )}
                  <span>
                    {request.in_order && `${s.sort_index + 1}. `}
                    {s.full_name}:{' '}
                    {s.status === 'signed' && s.signed_at
                      ? `signed ${formatUkDate(s.signed_at)} (${s.method === 'drawn' ? 'drawn' : 'typed'})`
                      : s.status === 'declined'
                        ? `declined: ${s.declined_reason ?? ''}`
                        : 'not signed yet'}
                  </span>
                </li>
              ))}
          </ul>
          {request.message && (
            <blockquote className="border-l-2 pl-3 text-sm text-muted-foreground">{request.message}</blockquote>
          )}
          {pending && me && canSignNow(request, me.id) && request.document_id === version.id && (
            <SignForm key={request.id} txId={txId} request={request} defaultName={me.name} />
          )}
          {pending && mySigner?.status === 'pending' && waitingFor && waitingFor.user_id !== me?.id && (
            <p className="text-sm text-muted-foreground">
              {waitingFor.full_name} signs before you; you will be emailed.
            </p>
          )}
          {pending && request.requested_by?.id === me?.id && (
            <Button
              variant="outline"
              size="sm"
              className="self-start"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(request.id, {
                  onSuccess: () => notify.success('Signature request cancelled', 'The signers have been told.'),
                  onError: (err) => notify.error('Could not cancel the request', err.message),
                })
              }
            >
              {cancel.isPending ? 'Cancelling…' : 'Cancel signature request'}
            </Button>
          )}
        </>
      ) : (
        !version.signed_at && (
          <p className="text-sm text-muted-foreground">No one has been asked to sign this version.</p>
        )
      )}
      {isPdf && version.sha256 && !version.signed_at && !pending && (
        <Button variant="outline" size="sm" className="self-start" onClick={() => setAsking(true)}>
          <PenLine aria-hidden="true" />
          Ask to sign
        </Button>
      )}
      {version.signed_at && (
        <div className="flex flex-col gap-2">
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            disabled={verify.isPending}
            onClick={() => verify.mutate()}
          >
            <ShieldCheck aria-hidden="true" />
            {verify.isPending ? 'Verifying…' : 'Verify'}
          </Button>
          {verify.data && (
            <p
              role="status"
              data-testid="signature-verify-result"
              className={`flex items-start gap-2 rounded-md p-2 text-sm ${verify.data.intact ? 'bg-success text-success-foreground' : 'bg-destructive/10 text-destructive'}`}
            >
              {verify.data.intact ? (
                <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              ) : (
                <ShieldX aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              )}
              {verify.data.intact
                ? `Intact: the signed file and its original match the SHA-256 recorded at signing. Signed by ${verify.data.signers.map((s) => s.full_name).join(' and ')}.`
                : `Not intact: ${verify.data.signed.intact ? 'the original file' : 'the signed file'} no longer matches the SHA-256 recorded at signing.`}
            </p>
          )}
        </div>
      )}
      <p className="flex items-start gap-2 rounded-md bg-muted p-2 text-xs text-muted-foreground">
        <Info aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        This is a simple electronic signature. Deeds such as the TR1 transfer need HM Land Registry’s PG82 witnessed
        signing process, which this is not.
      </p>
      {asking && (
        <RequestSignaturesDialog
          txId={txId}
          version={version}
          people={people}
          pageCount={pageCount}
          open={asking}
          onOpenChange={setAsking}
        />
      )}
    </section>
  )
}
