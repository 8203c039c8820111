import { Plus } from 'lucide-react'
import { useId, useState, type FormEvent } from 'react'
import {
  ENQUIRY_CATEGORIES,
  ENQUIRY_CATEGORY_LABELS,
  ENQUIRY_MAX_BATCH,
  whoIsToldText,
  type EnquiryCategory,
} from '#shared/domain/enquiries.ts'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { notify } from '#web/lib/toast.ts'
import { useEnquiries, useRaiseEnquiries, useStandardEnquiries } from '../api'

/** An enquiry started from an answer of the seller's TA6 or TA10: the question it cites, and a first draft. */
export interface EnquiryPrefill {
  /** 'ta6:parking.controlledParking', kept on the enquiry. */
  formQuestion: string
  /** 'TA6 9.2: Is the property in a controlled parking zone…?', shown above the text. */
  citation: string
  category: EnquiryCategory
  body: string
}

/**
 * Raise several enquiries at once: tick them from the firm's standard list (grouped by category)
 * and, optionally, write one of your own. With `prefill` (raised beside a form answer), one enquiry on
 * that question: its text drafted, the question kept on the enquiry, no standard list.
 */
export function RaiseEnquiriesDialog({
  txId,
  prefill,
  triggerLabel = 'Raise enquiries',
}: {
  txId: string
  prefill?: EnquiryPrefill
  triggerLabel?: string
}) {
  const id = useId()
  const [open, setOpen] = useState(false)
  const standard = useStandardEnquiries(txId, open && !prefill)
  const raise = useRaiseEnquiries(txId)
  // Who is told, from the matter: the seller's conveyancer on Homeward, a firm by email, or nobody.
  const recipient = useEnquiries(txId).data?.recipient ?? null
  const [picked, setPicked] = useState<Set<string>>(new Set())
  const [own, setOwn] = useState(prefill?.body ?? '')
  const [ownCategory, setOwnCategory] = useState<EnquiryCategory>(prefill?.category ?? 'other')
  const [error, setError] = useState<string>()

  const key = (category: string, i: number) => `${category}:${i}`
  const toggle = (k: string) =>
    setPicked((prev) => {
      const next = new Set(prev)
      if (next.has(k)) next.delete(k)
      else next.add(k)
      return next
    })

  const chosen = () => {
    const list: { category: EnquiryCategory; body: string; form_question?: string }[] = []
    for (const c of standard.data?.categories ?? [])
      c.items.forEach((body, i) => picked.has(key(c.category, i)) && list.push({ category: c.category, body }))
    if (own.trim())
      list.push({
        category: ownCategory,
        body: own.trim(),
        ...(prefill ? { form_question: prefill.formQuestion } : {}),
      })
    return list
  }
  const count = chosen().length

  const onSubmit = (ev: FormEvent) => {
    ev.preventDefault()
    const enquiries = chosen()
    if (enquiries.length === 0) return setError('Tick at least one enquiry, or write your own.')
    if (enquiries.length > ENQUIRY_MAX_BATCH) return setError(`At most ${ENQUIRY_MAX_BATCH} at once.`)
    raise.mutate(
      { enquiries },
      {
        onSuccess: ({ ids }) => {
          notify.success(
            ids.length === 1 ? 'Enquiry raised' : `${ids.length} enquiries raised`,
            recipient?.kind === 'email' ? `Sent by email to ${recipient.firm_name} (not on Homeward).` : undefined,
          )
          setPicked(new Set())
          setOwn(prefill?.body ?? '')
          setError(undefined)
          setOpen(false)
        },
        onError: (err) => setError(err.message),
      },
    )
  }

  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        variant={prefill ? 'outline' : undefined}
        size={prefill ? 'sm' : undefined}
        aria-label={prefill ? `${triggerLabel}: ${prefill.citation}` : undefined}
      >
        <Plus aria-hidden="true" />
        {triggerLabel}
      </Button>
      <Dialog open={open} onOpenChange={(o) => !raise.isPending && setOpen(o)}>
        <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
          <DialogTitle>{prefill ? 'Raise an enquiry on this answer' : 'Raise enquiries'}</DialogTitle>
          <DialogDescription>
            Tick standard enquiries and add your own.{' '}
            {recipient ? (
              <span data-testid="enquiry-recipient" className="[overflow-wrap:anywhere]">
                {whoIsToldText(recipient)}
              </span>
            ) : (
              'Checking who will be told…'
            )}
          </DialogDescription>
          <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label="Raise enquiries">
            {prefill && (
              <p className="rounded-md bg-muted p-3 text-sm" data-testid="enquiry-form-question">
                {prefill.citation}
              </p>
            )}
            {!prefill && standard.isPending && <p role="status">Loading the standard list…</p>}
            {standard.isError && (
              <p role="alert" className="text-sm text-destructive">
                Could not load the standard list: {standard.error.message}
              </p>
            )}
            {standard.data?.categories.map((c) => (
              <fieldset key={c.category} className="flex flex-col gap-2">
                <legend className="mb-1 text-sm font-semibold">{ENQUIRY_CATEGORY_LABELS[c.category]}</legend>
                {c.items.map((item, i) => {
                  const k = key(c.category, i)
                  return (
                    <label key={k} className="flex items-start gap-2 text-sm">
                      <input
                        type="checkbox"
                        className="mt-1 size-4 shrink-0"
                        checked={picked.has(k)}
                        onChange={() => toggle(k)}
                      />
                      <span>{item}</span>
                    </label>
                  )
                })}
              </fieldset>
            ))}
            <div className="flex flex-col gap-2 border-t pt-4">
              <FormField id={`${id}-category`} label="Category of your own enquiry">
                {(control) => (
                  <NativeSelect
                    {...control}
                    value={ownCategory}
                    onChange={(ev) => setOwnCategory(ev.target.value as EnquiryCategory)}
                  >
                    {ENQUIRY_CATEGORIES.map((c) => (
                      <option key={c} value={c}>
                        {ENQUIRY_CATEGORY_LABELS[c]}
                      </option>
                    ))}
                  </NativeSelect>
                )}
              </FormField>
              <FormField
                id={`${id}-own`}
                label={prefill ? 'Your enquiry' : 'Your own enquiry (optional)'}
                error={error}
              >
                {(control) => <Textarea {...control} value={own} onChange={(ev) => setOwn(ev.target.value)} rows={3} />}
              </FormField>
            </div>
            <div className="sticky bottom-0 flex justify-end gap-2 bg-background pt-2">
              <Button type="button" variant="ghost" onClick={() => setOpen(false)} disabled={raise.isPending}>
                Cancel
              </Button>
              <Button type="submit" disabled={raise.isPending || count === 0}>
                {raise.isPending ? 'Raising…' : count <= 1 ? 'Raise enquiry' : `Raise ${count} enquiries`}
              </Button>
            </div>
          </form>
        </DialogContent>
      </Dialog>
    </>
  )
}
