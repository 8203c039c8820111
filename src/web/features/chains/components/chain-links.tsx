import { useState, type FormEvent } from 'react'
import type { ChainView, PendingChainLink } from '#shared/contracts/chains.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useAnswerLink, useRequestLink } from '../api'

/** The current move's links waiting for an answer: confirm or decline (the other side), withdraw (the side that asked). */
export function PendingLinks({ txId, links }: { txId: string; links: PendingChainLink[] }) {
  const answer = useAnswerLink(txId)
  if (links.length === 0) return null
  const act = (linkId: string, confirm: boolean, done: string) =>
    answer.mutateAsync({ linkId, confirm }).then(
      () => notify.success(done),
      (err: Error) => {
        notify.error('That did not work', err.message)
        throw err
      },
    )
  return (
    <section aria-labelledby="pending-links-heading" className="flex flex-col gap-3">
      <h2 id="pending-links-heading" className="text-lg font-semibold">
        Waiting for confirmation
      </h2>
      <ul className="flex flex-col gap-2">
        {links.map((link) => (
          <li key={link.id} className="flex flex-col gap-3 rounded-xl border p-4 sm:flex-row sm:items-center">
            <p className="flex-1 text-sm">
              {link.direction === 'onward'
                ? `The seller here is buying at ${link.other_place}.`
                : `The buyer here is selling at ${link.other_place}.`}{' '}
              <span className="text-muted-foreground">
                {link.requested_here ? 'Asked from this move' : 'Asked from the other move'} on{' '}
                {formatUkDate(link.requested_at)}.
              </span>
            </p>
            <div className="flex flex-wrap gap-2">
              {link.can_respond && (
                <>
                  <Button
                    disabled={answer.isPending}
                    onClick={() => void act(link.id, true, 'Link confirmed: the chain is joined').catch(() => {})}
                  >
                    Confirm link
                  </Button>
                  <ConfirmButton
                    label="Decline"
                    title="Decline this link?"
                    description={`The moves will not be linked. Whoever asked (at ${link.other_place}) can ask again.`}
                    confirmLabel="Decline link"
                    pendingLabel="Declining…"
                    onConfirm={() => act(link.id, false, 'Link declined')}
                  />
                </>
              )}
              {!link.can_respond && link.can_withdraw && (
                <ConfirmButton
                  label="Withdraw"
                  title="Withdraw this request?"
                  description="The link will not be made. You can ask again later."
                  confirmLabel="Withdraw request"
                  pendingLabel="Withdrawing…"
                  onConfirm={() => act(link.id, false, 'Request withdrawn')}
                />
              )}
              {!link.can_respond && !link.can_withdraw && (
                <p className="text-sm text-muted-foreground">Waiting for the other move&apos;s side.</p>
              )}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}

/** Asking to link this move with another of the viewer's moves: onward (seller's side) or below (buyer's side). */
export function LinkRequestForm({ txId, view }: { txId: string; view: ChainView }) {
  const request = useRequestLink(txId)
  const directions = (['onward', 'previous'] as const).filter((d) => view.can_link[d])
  const [other, setOther] = useState('')
  const [direction, setDirection] = useState<'onward' | 'previous'>(directions[0] ?? 'onward')
  const [error, setError] = useState<string>()
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!other) {
      setError('Choose the other move')
      return
    }
    setError(undefined)
    request.mutate(
      { other_transaction_id: other, direction },
      {
        onSuccess: () => {
          setOther('')
          notify.success('Link requested', "The other move's side confirms it before it joins the chain.")
        },
        onError: (err) => setError(err.message),
      },
    )
  }
  return (
    <section aria-labelledby="link-heading" className="flex flex-col gap-3 rounded-xl border p-4">
      <h2 id="link-heading" className="text-lg font-semibold">
        Link another move
      </h2>
      {view.linkable.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          You are on no other move that could join this chain. When the seller here buys another home (or the buyer here
          sells one) on Homeward, it will be listed here.
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
          {directions.length > 1 && (
            <FormField id="link-direction" label="How are they linked?">
              {(control) => (
                <NativeSelect
                  {...control}
                  value={direction}
                  onChange={(e) => setDirection(e.target.value as 'onward' | 'previous')}
                >
                  <option value="onward">The seller here is buying the other home</option>
                  <option value="previous">The buyer here is selling the other home</option>
                </NativeSelect>
              )}
            </FormField>
          )}
          <FormField
            id="link-other"
            label={direction === 'onward' ? 'The onward purchase' : 'The sale below this move'}
            hint={
              directions.length === 1
                ? direction === 'onward'
                  ? 'The seller here buys this home next.'
                  : 'The buyer here is selling this home.'
                : undefined
            }
            error={error}
          >
            {(control) => (
              <NativeSelect {...control} value={other} onChange={(e) => setOther(e.target.value)}>
                <option value="">Choose one of your moves</option>
                {view.linkable.map((m) => (
                  <option key={m.transaction_id} value={m.transaction_id}>
                    {m.address}
                  </option>
                ))}
              </NativeSelect>
            )}
          </FormField>
          <div>
            <Button type="submit" disabled={request.isPending}>
              {request.isPending ? 'Asking…' : 'Ask to link'}
            </Button>
          </div>
        </form>
      )}
    </section>
  )
}
