import { useState } from 'react'
import type { MemorandumDraft, MemorandumInput, PortfolioSale } from '#shared/contracts/portfolio.ts'
import {
  BUYER_POSITION_LABELS,
  BUYER_POSITIONS,
  FUNDING_LABELS,
  FUNDING_METHODS,
  type BuyerPosition,
  type FundingMethod,
} from '#shared/domain/agent-sales.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { NotOnHomewardBadge } from '#web/components/not-on-homeward-badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#web/components/ui/dialog.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { formatGbpFromPence, pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useIssueMemorandum, useMemorandumDraft, usePreviewMemorandum } from '../api'

interface FormState {
  buyer_position: BuyerPosition | ''
  funding: FundingMethod | ''
  seller_address: string
  buyer_address: string
  special_conditions: string
}

/**
 * The memorandum of sale of one sale: a form prefilled from the sale (the buyer's position, how they
 * pay, the clients' addresses, special conditions), who it goes to (on Homeward or not, and who has
 * no email yet), then "Preview memorandum" shows exactly what the PDF prints, and "Send memorandum of
 * sale" issues it. Whether the timeline task ticks is said before sending: only when both
 * conveyancers receive it.
 */
export function MemorandumDialog({ sale, onClose }: { sale: PortfolioSale | null; onClose: () => void }) {
  const draft = useMemorandumDraft(sale?.transaction_id ?? null)
  return (
    <Dialog open={!!sale} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-h-[90vh] overflow-y-auto sm:max-w-2xl">
        {sale &&
          (draft.data ? (
            <MemorandumBody key={sale.transaction_id} sale={sale} draft={draft.data} onClose={onClose} />
          ) : (
            <div className="flex min-w-0 flex-col gap-4">
              <DialogTitle>Memorandum of sale: {sale.address}</DialogTitle>
              {draft.isError ? (
                <p role="alert" className="text-sm">
                  Could not load the sale: {draft.error.message}
                </p>
              ) : (
                <Skeleton className="h-64 w-full" />
              )}
            </div>
          ))}
      </DialogContent>
    </Dialog>
  )
}

/** The form, its preview and the send, for one sale (remounted per sale, so its state starts from the draft). */
function MemorandumBody({
  sale,
  draft,
  onClose,
}: {
  sale: PortfolioSale
  draft: MemorandumDraft
  onClose: () => void
}) {
  const preview = usePreviewMemorandum()
  const issue = useIssueMemorandum()
  const [form, setForm] = useState<FormState>(() => ({
    buyer_position: draft.form.buyer_position ?? '',
    funding: draft.form.funding ?? '',
    seller_address: draft.form.seller_address ?? '',
    buyer_address: draft.form.buyer_address ?? '',
    special_conditions: draft.form.special_conditions ?? '',
  }))
  const [step, setStep] = useState<'form' | 'preview'>('form')
  const body = (): MemorandumInput | null =>
    form.buyer_position && form.funding
      ? {
          buyer_position: form.buyer_position,
          funding: form.funding,
          seller_address: form.seller_address || null,
          buyer_address: form.buyer_address || null,
          special_conditions: form.special_conditions || null,
        }
      : null
  const busy = preview.isPending || issue.isPending
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="pr-8">
        <DialogTitle>Memorandum of sale: {sale.address}</DialogTitle>
        <DialogDescription className="mt-1">
          {step === 'form'
            ? 'Prefilled from the sale. Check it, then preview it before it is sent.'
            : 'This is what the PDF says and who gets it by email, with the PDF attached.'}
        </DialogDescription>
      </div>
      {step === 'form' ? (
        <>
          <p className="text-sm">
            {draft.address}
            {draft.agreed_price_pence !== null && ` · ${formatGbpFromPence(draft.agreed_price_pence, { whole: true })}`}
          </p>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="memo-position" label="The buyer's position">
              {(f) => (
                <NativeSelect
                  {...f}
                  value={form.buyer_position}
                  onChange={(e) => setForm({ ...form, buyer_position: e.target.value as BuyerPosition })}
                >
                  <option value="">Choose…</option>
                  {BUYER_POSITIONS.map((p) => (
                    <option key={p} value={p}>
                      {BUYER_POSITION_LABELS[p]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="memo-funding" label="How the buyer is paying">
              {(f) => (
                <NativeSelect
                  {...f}
                  value={form.funding}
                  onChange={(e) => setForm({ ...form, funding: e.target.value as FundingMethod })}
                >
                  <option value="">Choose…</option>
                  {FUNDING_METHODS.map((m) => (
                    <option key={m} value={m}>
                      {FUNDING_LABELS[m]}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </FormField>
            <FormField id="memo-seller-address" label="Seller's correspondence address (optional)">
              {(f) => (
                <Textarea
                  {...f}
                  rows={3}
                  value={form.seller_address}
                  onChange={(e) => setForm({ ...form, seller_address: e.target.value })}
                />
              )}
            </FormField>
            <FormField id="memo-buyer-address" label="Buyer's correspondence address (optional)">
              {(f) => (
                <Textarea
                  {...f}
                  rows={3}
                  value={form.buyer_address}
                  onChange={(e) => setForm({ ...form, buyer_address: e.target.value })}
                />
              )}
            </FormField>
          </div>
          <FormField
            id="memo-conditions"
            label="Special conditions (optional)"
            hint="For example fixtures included, a target completion date, or works agreed before exchange."
          >
            {(f) => (
              <Textarea
                {...f}
                rows={3}
                value={form.special_conditions}
                onChange={(e) => setForm({ ...form, special_conditions: e.target.value })}
              />
            )}
          </FormField>
          <Recipients recipients={draft.recipients} />
          <TickNote ticks={draft.ticks_task} reason={draft.open_reason} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button
              disabled={!body() || busy}
              onClick={() =>
                preview.mutate(
                  { txId: sale.transaction_id, body: body()! },
                  {
                    onSuccess: () => setStep('preview'),
                    onError: (err) => notify.error('Could not preview the memorandum', err.message),
                  },
                )
              }
            >
              {preview.isPending ? 'Preparing…' : 'Preview memorandum'}
            </Button>
          </div>
          {!body() && (
            <p className="text-sm text-muted-foreground">Choose the buyer&apos;s position and how they are paying.</p>
          )}
        </>
      ) : preview.data ? (
        <>
          <article
            aria-label="Memorandum preview"
            className="flex flex-col gap-3 rounded-md border bg-muted/40 p-4 text-sm"
          >
            <h3 className="text-lg font-bold">{preview.data.title}</h3>
            {preview.data.sections.map((s) => (
              <section key={s.heading}>
                <h4 className="font-semibold">{s.heading}</h4>
                {s.lines.map((l, i) => (
                  <p key={i} className="break-words">
                    {l}
                  </p>
                ))}
              </section>
            ))}
          </article>
          <Recipients recipients={preview.data.recipients} />
          <TickNote ticks={preview.data.ticks_task} reason={preview.data.open_reason} />
          <div className="flex flex-wrap justify-end gap-2">
            <Button variant="outline" disabled={busy} onClick={() => setStep('form')}>
              Back to the form
            </Button>
            <Button
              disabled={busy}
              onClick={() =>
                issue.mutate(
                  { txId: sale.transaction_id, body: body()! },
                  {
                    onSuccess: (res) => {
                      notify.success(
                        'Memorandum of sale sent',
                        `Saved to Contracts as version ${res.version} and emailed to ${pluralise(res.sent_to.length, 'person', 'people')}.${res.task_ticked ? '' : ` ${res.open_reason ?? ''}`}`,
                      )
                      onClose()
                    },
                    onError: (err) => notify.error('Could not send the memorandum of sale', err.message),
                  },
                )
              }
            >
              {issue.isPending ? 'Sending…' : 'Send memorandum of sale'}
            </Button>
          </div>
        </>
      ) : null}
    </div>
  )
}

function Recipients({ recipients }: { recipients: MemorandumDraft['recipients'] }) {
  return (
    <div>
      <h3 className="text-sm font-semibold">Sent by email to</h3>
      <ul className="mt-1 flex flex-col gap-1 text-sm" aria-label="Memorandum recipients">
        {recipients.map((r) => (
          <li key={`${r.role} ${r.email ?? r.name}`} className="flex flex-wrap items-center gap-2">
            <span className="font-medium">{participantRoleLabel(r.role)}:</span>
            <span className="break-all">
              {r.firm && r.firm !== r.name ? `${r.name}, ${r.firm}` : r.name}
              {r.email ? ` (${r.email})` : ' · no email, so not sent'}
            </span>
            {r.email && !r.on_homeward && <NotOnHomewardBadge />}
          </li>
        ))}
      </ul>
    </div>
  )
}

function TickNote({ ticks, reason }: { ticks: boolean; reason: string | null }) {
  return ticks ? (
    <p className="text-sm">
      Both conveyancers get it, so the task &ldquo;Memorandum of sale sent to both sides and their conveyancers&rdquo;
      will be ticked.
    </p>
  ) : (
    <p role="note" className="rounded-md border border-amber-500/50 bg-amber-50 p-2 text-sm dark:bg-amber-950/30">
      {reason}
    </p>
  )
}
