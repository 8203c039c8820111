import { useState, type FormEvent } from 'react'
import type { Deposit, DepositRelease, DepositResponse, RequestReleaseInput } from '#shared/contracts/deposits.ts'
import { RequestReleaseInput as RequestReleaseSchema, SetDepositInput } from '#shared/contracts/deposits.ts'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogTitle,
} from '#web/components/ui/alert-dialog.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { formatGbpFromPence, formatUkDate, formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useApproveRelease, useCancelRelease, useRequestRelease, useSetDeposit } from '../api'
import { LedgerTable } from './ledger-table'
import { ReleaseHelpNote } from './release-help'

/** Pounds typed by a person ('52,500' or '52500.50') as whole pence; NaN when it is not an amount. */
function penceOf(pounds: string): number {
  const clean = pounds.replace(/[£,\s]/g, '')
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return Number.NaN
  return Math.round(Number(clean) * 100)
}

const poundsOf = (pence: number) => (pence / 100).toFixed(2).replace(/\.00$/, '')

/**
 * The firm's deposit (the buyer's conveyancer): set the amount, the account name to give the client,
 * releases and refunds with their approvals (two different people at the firm, each confirming in a
 * dialog), and the ledger.
 */
export function FirmDeposit({ txId, data, viewerId }: { txId: string; data: DepositResponse; viewerId: string }) {
  const deposit = data.deposit
  const pending = deposit?.releases.find((r) => r.status === 'pending') ?? null
  const past = deposit?.releases.filter((r) => r.status !== 'pending') ?? []
  return (
    <>
      {data.can_manage && <SetAmount txId={txId} data={data} deposit={deposit} />}
      {deposit?.instructions && (
        <section aria-labelledby="client-heading" className="rounded-xl border bg-background p-5 text-sm sm:p-6">
          <h2 id="client-heading" className="text-lg font-semibold">
            What your client checks
          </h2>
          <p className="mt-1 text-muted-foreground">
            Give your client the account name in writing (your client care letter): Homeward shows them the account
            number only after the bank confirms that name.
          </p>
          <p className="mt-2 font-medium" data-testid="firm-account-name">
            {deposit.instructions.account_name} ·{' '}
            <span className="whitespace-nowrap">{deposit.instructions.sort_code}</span> ·{' '}
            <span className="whitespace-nowrap">{deposit.instructions.account_number}</span> ·{' '}
            <span className="whitespace-nowrap">ref {deposit.instructions.reference}</span>
          </p>
        </section>
      )}
      {deposit && pending && (
        <PendingRelease txId={txId} release={pending} viewerId={viewerId} canApprove={data.can_approve} />
      )}
      {deposit && !pending && deposit.held_pence > 0 && data.can_approve && (
        <RequestRelease txId={txId} deposit={deposit} />
      )}
      {deposit && !pending && data.release_help && (
        <ReleaseHelpNote
          txId={txId}
          help={data.release_help}
          heading={deposit.held_pence > 0 ? 'Why you cannot release the deposit' : 'Before the deposit can be released'}
        />
      )}
      {past.length > 0 && (
        <section aria-labelledby="history-heading" className="rounded-xl border bg-background p-5 sm:p-6">
          <h2 id="history-heading" className="text-lg font-semibold">
            Releases and refunds
          </h2>
          <ul className="mt-2 flex flex-col divide-y">
            {past.map((r) => (
              <li key={r.id} className="py-3 text-sm" data-testid="past-release">
                <p className="font-medium">
                  {r.kind === 'release' ? `Release at ${r.stage}` : 'Refund'} of {formatGbpFromPence(r.amount_pence)}
                  {' · '}
                  {r.status === 'executed' ? `paid ${r.executed_at ? formatUkDate(r.executed_at) : ''}` : 'cancelled'}
                </p>
                {r.payee_name && (
                  <p className="text-muted-foreground">
                    To {r.payee_name} ({r.payee_sort_code}, {r.payee_account_number})
                  </p>
                )}
                <Approvals release={r} />
              </li>
            ))}
          </ul>
        </section>
      )}
      {deposit?.ledger && <LedgerTable ledger={deposit.ledger} />}
    </>
  )
}

function SetAmount({ txId, data, deposit }: { txId: string; data: DepositResponse; deposit: Deposit | null }) {
  const tenth = data.agreed_price_pence ? Math.round(data.agreed_price_pence / 10) : null
  const [amount, setAmount] = useState(deposit ? poundsOf(deposit.amount_pence) : tenth ? poundsOf(tenth) : '')
  const [error, setError] = useState<string>()
  const set = useSetDeposit(txId)
  const fixed = !!deposit && deposit.received_pence > 0
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = SetDepositInput.safeParse({ amount_pence: penceOf(amount) })
    if (!parsed.success) {
      setError(
        Number.isNaN(penceOf(amount)) ? 'Enter the amount in pounds, such as 52,500' : parsed.error.issues[0]?.message,
      )
      return
    }
    setError(undefined)
    set.mutate(parsed.data.amount_pence, {
      onSuccess: () =>
        notify.success(
          deposit ? 'Deposit changed' : 'Held-funds account opened',
          `The buyer pays ${formatGbpFromPence(parsed.data.amount_pence)}.`,
        ),
      onError: (err) => setError(err.message),
    })
  }
  if (fixed) return null
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Set the deposit"
      className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:p-6"
    >
      <h2 className="text-lg font-semibold">{deposit ? 'Change the deposit' : 'Set the deposit'}</h2>
      <fieldset disabled={set.isPending} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField
          id="deposit-amount"
          label="Deposit in pounds"
          hint={
            tenth
              ? `Usually 10% of the price: ${formatGbpFromPence(tenth)}. The partner opens a held-funds account for it.`
              : 'The partner opens a held-funds account for it.'
          }
          error={error}
          className="flex-1"
        >
          {(f) => <Input {...f} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
        </FormField>
        <Button type="submit" className="sm:mb-[1.6rem]">
          {set.isPending ? 'Saving…' : deposit ? 'Change amount' : 'Open held-funds account'}
        </Button>
      </fieldset>
    </form>
  )
}

function RequestRelease({ txId, deposit }: { txId: string; deposit: Deposit }) {
  const [kind, setKind] = useState<'release' | 'refund'>('release')
  const [stage, setStage] = useState<'exchange' | 'completion'>('completion')
  const [amount, setAmount] = useState(poundsOf(deposit.held_pence))
  const [payee, setPayee] = useState({ account_name: '', sort_code: '', account_number: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [confirming, setConfirming] = useState<RequestReleaseInput | null>(null)
  const ask = useRequestRelease(txId)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const input =
      kind === 'release'
        ? { kind, stage, amount_pence: penceOf(amount), payee }
        : { kind, amount_pence: penceOf(amount) }
    const parsed = RequestReleaseSchema.safeParse(input)
    if (!parsed.success) {
      const next: Record<string, string> = {}
      for (const issue of parsed.error.issues) next[issue.path.join('.')] ??= issue.message
      if (Number.isNaN(penceOf(amount))) next.amount_pence = 'Enter the amount in pounds, such as 52,500'
      setErrors(next)
      return
    }
    setErrors({})
    setConfirming(parsed.data as RequestReleaseInput)
  }
  const send = () => {
    if (!confirming) return
    ask.mutate(confirming, {
      onSuccess: () => {
        setConfirming(null)
        notify.success('Approval asked for', 'A second person at your firm must approve it before the partner pays.')
      },
      onError: (err) => {
        setConfirming(null)
        setErrors({ form: err.message })
      },
    })
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Ask for a release or refund"
      className="flex flex-col gap-4 rounded-xl border bg-background p-5 sm:p-6"
    >
      <div>
        <h2 className="text-lg font-semibold">Release or refund</h2>
        <p className="text-sm text-muted-foreground">
          {formatGbpFromPence(deposit.held_pence)} is held. Asking counts as your approval; a second person at your firm
          approves before the partner pays.
        </p>
      </div>
      <ChoiceGroup
        name="release-kind"
        legend="What should happen to the deposit?"
        value={kind}
        onValueChange={(v) => setKind(v as 'release' | 'refund')}
        choices={[
          { value: 'release', label: "Release to the seller's conveyancer", description: 'At exchange or completion' },
          { value: 'refund', label: 'Refund to the buyer', description: 'Back to the account it came from' },
        ]}
      />
      {kind === 'release' && (
        <ChoiceGroup
          name="release-stage"
          legend="When"
          value={stage}
          onValueChange={(v) => setStage(v as 'exchange' | 'completion')}
          choices={[
            { value: 'exchange', label: 'At exchange' },
            { value: 'completion', label: 'At completion' },
          ]}
        />
      )}
      <FormField id="release-amount" label="Amount in pounds" error={errors.amount_pence}>
        {(f) => <Input {...f} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
      </FormField>
      {kind === 'release' && (
        <fieldset className="flex flex-col gap-3">
          <legend className="mb-1 text-sm font-semibold">The seller&apos;s conveyancer&apos;s client account</legend>
          <p className="-mt-1 text-xs text-muted-foreground">
            From their completion information form or a call to a number you already hold, never from an email alone.
          </p>
          <FormField id="payee-account-name" label="Account name" error={errors['payee.account_name']}>
            {(f) => (
              <Input
                {...f}
                value={payee.account_name}
                onChange={(e) => setPayee({ ...payee, account_name: e.target.value })}
              />
            )}
          </FormField>
          <div className="grid gap-3 sm:grid-cols-2">
            <FormField id="payee-sort-code" label="Sort code" error={errors['payee.sort_code']}>
              {(f) => (
                <Input
                  {...f}
                  inputMode="numeric"
                  value={payee.sort_code}
                  onChange={(e) => setPayee({ ...payee, sort_code: e.target.value })}
                />
              )}
            </FormField>
            <FormField id="payee-account-number" label="Account number" error={errors['payee.account_number']}>
              {(f) => (
                <Input
                  {...f}
                  inputMode="numeric"
                  value={payee.account_number}
                  onChange={(e) => setPayee({ ...payee, account_number: e.target.value })}
                />
              )}
            </FormField>
          </div>
        </fieldset>
      )}
      {errors.form && (
        <p role="alert" className="text-sm text-destructive">
          {errors.form}
        </p>
      )}
      <Button type="submit" className="self-start">
        {kind === 'release' ? 'Ask to release' : 'Ask to refund'}
      </Button>
      <AlertDialog open={!!confirming} onOpenChange={(open) => !open && setConfirming(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>
            {confirming?.kind === 'release' ? 'Ask to release the deposit?' : 'Ask to refund the deposit?'}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {confirming?.kind === 'release'
              ? `${formatGbpFromPence(confirming.amount_pence)} to ${confirming.payee.account_name} (${confirming.payee.sort_code}, ${confirming.payee.account_number}) at ${confirming.stage}.`
              : confirming
                ? `${formatGbpFromPence(confirming.amount_pence)} back to the buyer's account.`
                : ''}{' '}
            This is your approval; a second person at your firm must approve it before the partner pays.
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Go back</AlertDialogCancel>
            <Button onClick={send} disabled={ask.isPending}>
              {ask.isPending ? 'Asking…' : 'Approve and ask'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </form>
  )
}

function Approvals({ release }: { release: DepositRelease }) {
  return (
    <ul aria-label="Approvals" className="mt-1 flex flex-col gap-0.5 text-xs text-muted-foreground">
      {release.approvals.map((a) => (
        <li key={a.approver_id} data-testid="approval">
          Approved by {a.approver_name} on {formatUkDateTime(a.approved_at)}
        </li>
      ))}
    </ul>
  )
}

function PendingRelease({
  txId,
  release: r,
  viewerId,
  canApprove,
}: {
  txId: string
  release: DepositRelease
  viewerId: string
  canApprove: boolean
}) {
  const [confirm, setConfirm] = useState<'approve' | 'cancel' | null>(null)
  const [error, setError] = useState<string>()
  const approve = useApproveRelease(txId)
  const cancel = useCancelRelease(txId)
  const mine = r.approvals.some((a) => a.approver_id === viewerId)
  const what = r.kind === 'release' ? 'release' : 'refund'
  const run = () => {
    const action = confirm === 'approve' ? approve : cancel
    action.mutate(r.id, {
      onSuccess: () => {
        setConfirm(null)
        notify.success(
          confirm === 'approve'
            ? r.kind === 'release'
              ? 'Deposit released'
              : 'Deposit refunded'
            : 'Request cancelled',
          confirm === 'approve' ? 'The partner has paid; the ledger shows it.' : undefined,
        )
      },
      onError: (err) => {
        setConfirm(null)
        setError(err.message)
      },
    })
  }
  return (
    <section
      aria-labelledby="pending-heading"
      className="flex flex-col gap-3 rounded-xl border-2 border-amber-300 bg-background p-5 sm:p-6"
      data-testid="pending-release"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="pending-heading" className="text-lg font-semibold">
          {r.kind === 'release' ? `Release at ${r.stage}` : 'Refund to the buyer'} waiting for approval
        </h2>
        <Badge variant="soft">{r.approvals.length} of 2 approvals</Badge>
      </div>
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="text-muted-foreground">Amount</dt>
          <dd className="font-semibold">{formatGbpFromPence(r.amount_pence)}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">To</dt>
          <dd className="font-semibold">
            {r.payee_name ? `${r.payee_name} (${r.payee_sort_code}, ${r.payee_account_number})` : "The buyer's account"}
          </dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Asked for by</dt>
          <dd>
            {r.requested_by_name ?? 'A former colleague'} on {formatUkDateTime(r.requested_at)}
          </dd>
        </div>
      </dl>
      <Approvals release={r} />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {canApprove && (
        <div className="flex flex-wrap gap-2">
          {mine ? (
            <p className="text-sm text-muted-foreground" data-testid="waiting-second">
              You approved this. A second person at your firm must approve it.
            </p>
          ) : (
            <Button onClick={() => setConfirm('approve')}>Approve and {what}</Button>
          )}
          <Button variant="outline" onClick={() => setConfirm('cancel')}>
            Cancel request
          </Button>
        </div>
      )}
      <AlertDialog open={!!confirm} onOpenChange={(open) => !open && setConfirm(null)}>
        <AlertDialogContent>
          <AlertDialogTitle>
            {confirm === 'approve'
              ? `Approve and ${what} ${formatGbpFromPence(r.amount_pence)}?`
              : 'Cancel this request?'}
          </AlertDialogTitle>
          <AlertDialogDescription>
            {confirm === 'approve'
              ? `${r.payee_name ? `The partner pays ${r.payee_name} (${r.payee_sort_code}, ${r.payee_account_number})` : "The partner pays the buyer's account"} at once. Check the account details against the seller's conveyancer's completion information: a payment cannot be called back.`
              : 'Nothing is paid. Anyone at your firm can ask again.'}
          </AlertDialogDescription>
          <AlertDialogFooter>
            <AlertDialogCancel>Go back</AlertDialogCancel>
            <Button
              variant={confirm === 'cancel' ? 'destructive' : 'default'}
              onClick={run}
              disabled={approve.isPending || cancel.isPending}
            >
              {confirm === 'approve' ? `Approve and ${what}` : 'Cancel request'}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </section>
  )
}
