import { ArrowDown, ArrowUp } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { CreateSignatureRequestInput } from '#shared/contracts/signing.ts'
import type { DocumentVersion } from '#shared/contracts/documents.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FieldError, FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { notify } from '#web/lib/toast.ts'
import { useCreateSignatureRequest } from '../api'

/** Someone on the move who can be asked to sign. */
export interface SignerChoice {
  userId: string
  name: string
  role: string
}

/**
 * 'Ask to sign': choose who signs (in the listed order when 'in order' is ticked,
 * with buttons to move people up and down), where the signatures go (a page of the PDF or a
 * signature page added at the end) and an optional message. Bound to this version's SHA-256.
 */
export function RequestSignaturesDialog({
  txId,
  version,
  people,
  pageCount,
  open,
  onOpenChange,
}: {
  txId: string
  version: DocumentVersion
  people: ReadonlyArray<SignerChoice>
  pageCount: number | undefined
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const create = useCreateSignatureRequest(txId)
  const [chosen, setChosen] = useState<string[]>([])
  const [inOrder, setInOrder] = useState(false)
  const [placement, setPlacement] = useState<'page' | 'end'>('end')
  const [page, setPage] = useState('1')
  const [message, setMessage] = useState('')
  const [errors, setErrors] = useState<Record<string, string | undefined>>({})
  const nameOf = (id: string) => people.find((p) => p.userId === id)?.name ?? 'Someone'

  const toggle = (id: string, on: boolean) => setChosen((list) => (on ? [...list, id] : list.filter((x) => x !== id)))
  const move = (index: number, by: -1 | 1) =>
    setChosen((list) => {
      const next = [...list]
      ;[next[index], next[index + by]] = [next[index + by], next[index]]
      return next
    })

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    const pageNumber = placement === 'page' ? Number(page) : null
    if (
      placement === 'page' &&
      (!Number.isInteger(pageNumber) || pageNumber! < 1 || (pageCount && pageNumber! > pageCount))
    ) {
      setErrors({ page: pageCount ? `Choose a page from 1 to ${pageCount}` : 'Choose a page number' })
      return
    }
    const parsed = CreateSignatureRequestInput.safeParse({
      signer_ids: chosen,
      in_order: inOrder,
      page: pageNumber,
      message: message.trim() || undefined,
      document_sha256: version.sha256,
    })
    if (!parsed.success) {
      setErrors({ signer_ids: parsed.error.issues[0]?.message })
      return
    }
    setErrors({})
    create.mutate(
      { docId: version.id, input: parsed.data },
      {
        onSuccess: (req) => {
          notify.success(
            'Signatures requested',
            `${req.signers.map((s) => s.full_name).join(' and ')} will be emailed.`,
          )
          onOpenChange(false)
        },
        onError: (err) => notify.error('Could not ask for signatures', err.message),
      },
    )
  }

  return (
    <Dialog open={open} onOpenChange={(o) => !create.isPending && onOpenChange(o)}>
      <DialogContent className="max-h-[90dvh] overflow-y-auto">
        <DialogTitle>Ask people to sign</DialogTitle>
        <DialogDescription>
          {version.filename}, version {version.version}. Each person is emailed and sees it under ‘Waiting for your
          signature’.
        </DialogDescription>
        <form noValidate onSubmit={onSubmit} aria-label="Ask people to sign" className="flex flex-col gap-4">
          <fieldset disabled={create.isPending} className="flex flex-col gap-4">
            <fieldset
              className="flex flex-col gap-2"
              aria-describedby={errors.signer_ids ? 'signers-error' : undefined}
            >
              <legend className="mb-2 text-sm font-medium">Who signs</legend>
              {people.map((p) => (
                <div key={p.userId} className="flex items-center gap-3">
                  <input
                    id={`signer-${p.userId}`}
                    type="checkbox"
                    checked={chosen.includes(p.userId)}
                    onChange={(e) => toggle(p.userId, e.target.checked)}
                    className="size-5 shrink-0 cursor-pointer accent-primary"
                  />
                  <label htmlFor={`signer-${p.userId}`} className="cursor-pointer text-sm">
                    {p.name} <span className="text-muted-foreground">({participantRoleLabel(p.role)})</span>
                  </label>
                </div>
              ))}
              <FieldError id="signers-error">{errors.signer_ids}</FieldError>
            </fieldset>
            <div className="flex items-start gap-3">
              <input
                id="signers-in-order"
                type="checkbox"
                checked={inOrder}
                onChange={(e) => setInOrder(e.target.checked)}
                className="mt-0.5 size-5 shrink-0 cursor-pointer accent-primary"
              />
              <label htmlFor="signers-in-order" className="cursor-pointer text-sm">
                Sign one after another, in this order
              </label>
            </div>
            {inOrder && chosen.length > 1 && (
              <ol className="flex flex-col gap-1 rounded-md border p-2 text-sm" aria-label="Signing order">
                {chosen.map((id, i) => (
                  <li key={id} className="flex items-center gap-2">
                    <span className="w-5 text-muted-foreground">{i + 1}.</span>
                    <span className="flex-1">{nameOf(id)}</span>
                    <Button variant="ghost" size="icon" disabled={i === 0} onClick={() => move(i, -1)}>
                      <ArrowUp aria-hidden="true" />
                      <span className="sr-only">Move {nameOf(id)} up</span>
                    </Button>
                    <Button variant="ghost" size="icon" disabled={i === chosen.length - 1} onClick={() => move(i, 1)}>
                      <ArrowDown aria-hidden="true" />
                      <span className="sr-only">Move {nameOf(id)} down</span>
                    </Button>
                  </li>
                ))}
              </ol>
            )}
            <ChoiceGroup
              name="signature-placement"
              legend="Where the signatures go"
              columns={1}
              value={placement}
              onValueChange={(v) => setPlacement(v as 'page' | 'end')}
              choices={[
                { value: 'end', label: 'On a signature page added at the end' },
                { value: 'page', label: 'On a page of the document' },
              ]}
            />
            {placement === 'page' && (
              <FormField
                id="signature-page"
                label="Page number"
                hint={pageCount ? `This PDF has ${pageCount} page${pageCount === 1 ? '' : 's'}.` : undefined}
                error={errors.page}
              >
                {(f) => (
                  <Input
                    {...f}
                    type="number"
                    inputMode="numeric"
                    min={1}
                    max={pageCount}
                    value={page}
                    onChange={(e) => setPage(e.target.value)}
                  />
                )}
              </FormField>
            )}
            <FormField id="signature-message" label="Message (optional)">
              {(f) => <Textarea {...f} value={message} maxLength={2000} onChange={(e) => setMessage(e.target.value)} />}
            </FormField>
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit">{create.isPending ? 'Sending…' : 'Ask to sign'}</Button>
            </div>
          </fieldset>
        </form>
      </DialogContent>
    </Dialog>
  )
}
