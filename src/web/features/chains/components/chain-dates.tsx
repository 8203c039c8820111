import { useState, type FormEvent } from 'react'
import type { ChainView } from '#shared/contracts/chains.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useAnswerDates, useProposeDates } from '../api'

const STATUS_TEXT = {
  open: 'Waiting for every move',
  agreed: 'Agreed by the whole chain',
  declined: 'Declined',
  superseded: 'Replaced by newer dates',
} as const

/**
 * The chain's exchange and completion dates: the open (or last) proposal with its state, accepting or
 * declining it for this move (its conveyancers), and proposing new dates (a conveyancer on any move).
 * Each move's answer shows on its card in the chain.
 */
export function ChainDates({ txId, view }: { txId: string; view: ChainView }) {
  const answer = useAnswerDates(txId)
  const [note, setNote] = useState('')
  const proposal = view.proposal
  if (!proposal && !view.can_propose) return null
  const respond = (accept: boolean) =>
    answer.mutateAsync({ proposalId: proposal!.id, accept, note: accept ? undefined : note || undefined }).then(
      (p) =>
        notify.success(
          accept
            ? p.status === 'agreed'
              ? 'Dates agreed by the whole chain'
              : 'Dates accepted for this move'
            : 'Dates declined',
        ),
      (err: Error) => {
        notify.error('That did not work', err.message)
        throw err
      },
    )
  return (
    <section aria-labelledby="chain-dates-heading" className="flex flex-col gap-3 rounded-xl border p-4">
      <h2 id="chain-dates-heading" className="text-lg font-semibold">
        Chain dates
      </h2>
      {proposal ? (
        <div className="flex flex-col gap-2 text-sm">
          <p className="flex flex-wrap items-center gap-2">
            <span>
              Exchange <strong>{formatUkDate(proposal.exchange_date)}</strong>, completion{' '}
              <strong>{formatUkDate(proposal.completion_date)}</strong>
            </span>
            <Badge
              variant={
                proposal.status === 'agreed' ? 'success' : proposal.status === 'declined' ? 'destructive' : 'soft'
              }
            >
              {STATUS_TEXT[proposal.status]}
            </Badge>
          </p>
          <p className="text-muted-foreground">
            Proposed from {proposal.proposed_from} on {formatUkDate(proposal.created_at)}. Each move&apos;s answer is on
            its card above.
          </p>
          {proposal.can_respond && (
            <div className="flex flex-col gap-3 border-t pt-3">
              <FormField
                id="dates-note"
                label="Note if you decline (optional)"
                hint="Shown to the whole chain: do not name anyone."
              >
                {(control) => (
                  <Textarea
                    {...control}
                    value={note}
                    maxLength={500}
                    onChange={(e) => setNote(e.target.value)}
                    rows={2}
                  />
                )}
              </FormField>
              <div className="flex flex-wrap gap-2">
                <Button disabled={answer.isPending} onClick={() => void respond(true).catch(() => {})}>
                  Accept for this move
                </Button>
                <ConfirmButton
                  label="Decline"
                  title="Decline these dates?"
                  description="The whole chain is told that this move cannot do these dates, and a conveyancer can propose new ones."
                  confirmLabel="Decline dates"
                  pendingLabel="Declining…"
                  onConfirm={() => respond(false)}
                />
              </div>
            </div>
          )}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No dates proposed yet.</p>
      )}
      {view.can_propose && <ProposeForm txId={txId} />}
    </section>
  )
}

function ProposeForm({ txId }: { txId: string }) {
  const propose = useProposeDates(txId)
  const [exchange, setExchange] = useState('')
  const [completion, setCompletion] = useState('')
  const [errors, setErrors] = useState<{ exchange?: string; completion?: string }>({})
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next = {
      exchange: exchange ? undefined : 'Enter the exchange date',
      completion: !completion
        ? 'Enter the completion date'
        : exchange && completion < exchange
          ? 'The completion date cannot be before the exchange date'
          : undefined,
    }
    setErrors(next)
    if (next.exchange || next.completion) return
    propose.mutate(
      { exchange_date: exchange, completion_date: completion },
      {
        onSuccess: () =>
          notify.success('Dates proposed to the chain', "Each move's conveyancer accepts or declines them."),
        onError: (err) => setErrors({ completion: err.message }),
      },
    )
  }
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-3 border-t pt-3">
      <h3 className="font-medium">Propose dates to the whole chain</h3>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField id="chain-exchange" label="Exchange date" error={errors.exchange}>
          {(control) => (
            <Input {...control} type="date" value={exchange} onChange={(e) => setExchange(e.target.value)} />
          )}
        </FormField>
        <FormField id="chain-completion" label="Completion date" error={errors.completion}>
          {(control) => (
            <Input {...control} type="date" value={completion} onChange={(e) => setCompletion(e.target.value)} />
          )}
        </FormField>
      </div>
      <div>
        <Button type="submit" variant="outline" disabled={propose.isPending}>
          {propose.isPending ? 'Proposing…' : 'Propose to the chain'}
        </Button>
      </div>
    </form>
  )
}
