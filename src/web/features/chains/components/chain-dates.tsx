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
import { chainDatesRefusal } from '#shared/domain/preconditions.ts'
import { londonDate } from '#shared/domain/working-days.ts'
import { useAnswerDates, useAnswerDatesAsMover, useProposeDates } from '../api'

const STATUS_TEXT = {
  open: 'Waiting for every move',
  agreed: 'Agreed by the whole chain',
  declined: 'Declined',
  superseded: 'Replaced by newer dates',
} as const

/**
 * The chain's exchange and completion dates: the open (or last) proposal with its state, accepting or
 * declining it for this move (its conveyancers), a buyer's or seller's own answer (do the dates suit
 * them), and proposing new dates (a conveyancer on any move). Each move's answers show on its card.
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
      {proposal?.can_answer_as_mover && (
        <MoverAnswer txId={txId} proposalId={proposal.id} mine={proposal.my_mover_answer ?? null} />
      )}
      {view.can_propose && <ProposeForm txId={txId} />}
    </section>
  )
}

/**
 * A buyer's or seller's own answer: do the proposed dates suit them (removals, notice, a mortgage
 * offer ending)? Shown to the whole chain by role; their conveyancer still answers for the move.
 */
function MoverAnswer({
  txId,
  proposalId,
  mine,
}: {
  txId: string
  proposalId: string
  mine: { suits: boolean; note: string | null } | null
}) {
  const answer = useAnswerDatesAsMover(txId)
  const [note, setNote] = useState(mine?.note ?? '')
  const [error, setError] = useState<string>()
  const send = (suits: boolean) =>
    answer.mutate(
      { proposalId, suits, note: suits ? undefined : note.trim() || undefined },
      {
        onSuccess: () => {
          setError(undefined)
          notify.success('Your answer is shown to the chain', 'Your conveyancer answers for the move.')
        },
        onError: (err) => setError(err.message),
      },
    )
  return (
    <section aria-labelledby="mover-answer-heading" className="flex flex-col gap-3 border-t pt-3 text-sm">
      <h3 id="mover-answer-heading" className="font-medium">
        Do these dates suit you?
      </h3>
      <p className="text-muted-foreground">
        Think of removals, your notice and when your mortgage offer ends. Your answer is shown to the chain as your
        role, not your name.
      </p>
      {mine && (
        <p data-testid="my-mover-answer">
          You said: <strong>{mine.suits ? 'these dates suit me' : 'these dates do not suit me'}</strong>
          {mine.note ? ` (${mine.note})` : ''}
        </p>
      )}
      <FormField
        id="mover-note"
        label="Why not (optional)"
        hint="Shown to the whole chain: do not name anyone."
        error={error}
      >
        {(control) => (
          <Textarea {...control} value={note} maxLength={500} onChange={(e) => setNote(e.target.value)} rows={2} />
        )}
      </FormField>
      <div className="flex flex-wrap gap-2">
        <Button disabled={answer.isPending} onClick={() => send(true)}>
          They suit me
        </Button>
        <Button variant="outline" disabled={answer.isPending} onClick={() => send(false)}>
          They do not suit me
        </Button>
      </div>
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
    // The server's rule (decision 061): still to come, exchange before completion.
    const refused =
      exchange && completion
        ? chainDatesRefusal({ exchangeDate: exchange, completionDate: completion, today: londonDate(new Date()) })
        : null
    const next = {
      exchange: exchange
        ? refused?.field === 'exchange_date'
          ? refused.message
          : undefined
        : 'Enter the exchange date',
      completion: completion
        ? refused?.field === 'completion_date'
          ? refused.message
          : undefined
        : 'Enter the completion date',
    }
    setErrors(next)
    if (next.exchange || next.completion) return
    propose.mutate(
      { exchange_date: exchange, completion_date: completion },
      {
        onSuccess: () =>
          notify.success(
            'Dates proposed to the chain',
            "Each move's conveyancer accepts or declines them; buyers and sellers say whether they suit them.",
          ),
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
