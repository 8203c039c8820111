import { AlertTriangle, CheckCircle2, ShieldAlert, XCircle } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { Deposit, DepositResponse } from '#shared/contracts/deposits.ts'
import { PayeeCheckInput } from '#shared/contracts/deposits.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { formatGbpFromPence, formatUkDate, formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useCheckPayee, useSimulateTransfer } from '../api'
import { CopyField } from './copy-field'
import { ReleaseHelpNote } from './release-help'
import { SandboxBadge } from '#web/components/sandbox-badge.tsx'

/** The sandbox's name of every held-funds account (providers/client-money/sandbox-provider.ts). */
const SANDBOX_ACCOUNT_NAME = 'Sandbox Escrow Ltd Client Account'

/** The plain warning against payment diversion, shown wherever bank details are. */
export function NeverByEmailWarning() {
  return (
    <div
      role="note"
      aria-label="Warning about bank details"
      className="flex gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="text-sm">
        <p className="font-semibold">Bank details are never changed by email or chat.</p>
        <p>
          Pay only the account shown on this page. If anyone sends you different bank details, even if the message seems
          to come from your conveyancer, do not pay: phone your conveyancer on a number you already know.
        </p>
      </div>
    </div>
  )
}

/**
 * The buyer's deposit: how much, the warning, the Confirmation of Payee check of the receiving
 * account and, only after a match or close match, the payment instructions with copy buttons; in the
 * sandbox, "Simulate bank transfer received".
 */
export function BuyerDeposit({
  txId,
  data,
  deposit,
  onTransferQueued,
  waiting,
}: {
  txId: string
  data: DepositResponse
  deposit: Deposit
  onTransferQueued: () => void
  waiting: boolean
}) {
  const remaining = Math.max(deposit.amount_pence - deposit.received_pence, 0)
  const paying = deposit.status === 'awaiting_funds' || deposit.status === 'part_received'
  const executed = deposit.releases.find((r) => r.status === 'executed')
  const ended = data.move_status === 'completed' || data.move_status === 'cancelled'
  return (
    <>
      {!paying && (
        <p className="rounded-xl border bg-background p-5 text-sm sm:p-6" data-testid="deposit-explainer">
          {deposit.status === 'held'
            ? ended
              ? `The move is ${data.move_status}, but your deposit is still held by ${data.provider.partner_name}. Your conveyancer's firm releases or refunds it: ask them if it has not moved.`
              : `Your deposit is held by ${data.provider.partner_name}. It moves only when two people at your conveyancer's firm approve, at exchange or completion.`
            : deposit.status === 'released'
              ? `Your deposit was released to the seller's conveyancer${executed?.stage ? ` at ${executed.stage}` : ''}${executed?.executed_at ? ` on ${formatUkDate(executed.executed_at)}` : ''}, approved by two people at your conveyancer's firm.`
              : `Your deposit was refunded to the account it came from${executed?.executed_at ? ` on ${formatUkDate(executed.executed_at)}` : ''}.`}
        </p>
      )}
      {data.release_help && (
        <ReleaseHelpNote txId={txId} help={data.release_help} heading="Who can release your deposit" />
      )}
      {paying && <NeverByEmailWarning />}
      {paying && <PayeeCheck txId={txId} deposit={deposit} sandbox={data.provider.name === 'sandbox'} />}
      {paying && deposit.instructions && (
        <section
          aria-labelledby="instructions-heading"
          className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:p-6"
        >
          <h2 id="instructions-heading" className="text-lg font-semibold">
            Pay {formatGbpFromPence(remaining)} by bank transfer
          </h2>
          <p className="text-sm text-muted-foreground">
            From your own account, to the held-funds account at {data.provider.partner_name}. Quote the reference
            exactly, so the money is matched to your move.
          </p>
          <dl aria-label="Payment instructions">
            <CopyField label="Account name" value={deposit.instructions.account_name} />
            <CopyField label="Sort code" value={deposit.instructions.sort_code} testId="sort-code" />
            <CopyField label="Account number" value={deposit.instructions.account_number} testId="account-number" />
            <CopyField label="Reference" value={deposit.instructions.reference} testId="reference" />
            <CopyField label="Amount" value={formatGbpFromPence(remaining)} />
          </dl>
          {data.can_simulate_transfer && <SimulateTransfer txId={txId} onQueued={onTransferQueued} waiting={waiting} />}
        </section>
      )}
    </>
  )
}

function PayeeCheck({ txId, deposit, sandbox }: { txId: string; deposit: Deposit; sandbox: boolean }) {
  const [name, setName] = useState('')
  const [error, setError] = useState<string>()
  const check = useCheckPayee(txId)
  const result = deposit.payee_check
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = PayeeCheckInput.safeParse({ account_name: name })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    check.mutate(parsed.data.account_name, { onError: (err) => setError(err.message) })
  }
  return (
    <section aria-labelledby="cop-heading" className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:p-6">
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="cop-heading" className="text-lg font-semibold">
          Check the receiving account
        </h2>
        {sandbox && <SandboxBadge detail="the sandbox bank answers by name, no real account is checked" />}
      </div>
      <p className="text-sm text-muted-foreground">
        Before we show you where to pay, the bank checks that the account is held in the name your conveyancer gave you
        (Confirmation of Payee).
      </p>
      <form noValidate onSubmit={onSubmit} aria-label="Check the receiving account">
        <fieldset disabled={check.isPending} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <FormField
            id="payee-name"
            label="Name of the account you were told to pay"
            hint={
              sandbox
                ? `As your conveyancer gave it to you in writing. In the sandbox it is “${SANDBOX_ACCOUNT_NAME}”.`
                : 'As your conveyancer gave it to you in writing, at the start of your move.'
            }
            error={error}
            className="flex-1"
          >
            {(f) => <Input {...f} value={name} autoComplete="off" onChange={(e) => setName(e.target.value)} />}
          </FormField>
          <Button type="submit" className="sm:mb-[1.6rem]">
            {check.isPending ? 'Checking…' : 'Check the account'}
          </Button>
        </fieldset>
      </form>
      {result && (
        <div role="status" data-testid="payee-result" data-result={result.result}>
          {result.result === 'match' ? (
            <p className="flex items-start gap-2 text-sm text-emerald-800">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>The name matches.</strong> “{result.name_checked}” holds this account (checked{' '}
                {formatUkDateTime(result.checked_at)}).
              </span>
            </p>
          ) : result.result === 'close_match' ? (
            <p className="flex items-start gap-2 text-sm text-amber-900">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>Close match.</strong> The account is held in the name “{result.registered_name}”, not “
                {result.name_checked}”. Pay only if your conveyancer confirms that name when you phone them.
              </span>
            </p>
          ) : (
            <p className="flex items-start gap-2 text-sm text-destructive">
              <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>No match: do not pay.</strong> The account is not held in the name “{result.name_checked}”.
                Phone your conveyancer on a number you already know before doing anything else.
              </span>
            </p>
          )}
        </div>
      )}
    </section>
  )
}

function SimulateTransfer({ txId, onQueued, waiting }: { txId: string; onQueued: () => void; waiting: boolean }) {
  const simulate = useSimulateTransfer(txId)
  return (
    <div className="mt-2 flex flex-col gap-2 rounded-lg border border-dashed border-amber-400 bg-amber-50/60 p-4">
      <div className="flex items-center gap-2">
        <SandboxBadge detail="no real money moves" />
        <p className="text-sm font-medium">No real money moves in the sandbox.</p>
      </div>
      <p className="text-sm text-muted-foreground">
        Pretend you made the transfer: the sandbox partner tells Homeward the money arrived, as the real partner would.
      </p>
      <Button
        type="button"
        variant="outline"
        className="self-start"
        disabled={simulate.isPending || waiting}
        onClick={() =>
          simulate.mutate(
            {},
            {
              onSuccess: () => {
                onQueued()
                notify.info('Transfer sent in the sandbox', 'The partner confirms it in a moment.')
              },
              onError: (err) => notify.error('The sandbox transfer failed', err.message),
            },
          )
        }
      >
        {waiting ? 'Waiting for the partner…' : 'Simulate bank transfer received'}
      </Button>
    </div>
  )
}
