import { CheckCircle2, Circle, FileText } from 'lucide-react'
import { useId, useState, type FormEvent, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { GiftorGift } from '#shared/contracts/funds.ts'
import { giftorIdentityPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { notify } from '#web/lib/toast.ts'
import {
  giftDeclarationUrl,
  useGiftorGift,
  usePrepareGiftDeclaration,
  useSignGift,
  useStartGiftBankConsent,
} from '../api'
import { SandboxBadge } from '#web/components/sandbox-badge.tsx'

const IDENTITY_TEXT: Record<GiftorGift['identity'], string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  processing: 'Being checked',
  verified: 'Verified',
  needs_review: 'Needs review',
  failed: 'Failed',
}

const card = 'flex flex-col gap-3 rounded-xl border bg-background p-4 sm:p-6'

/**
 * The giftor's gift page (/app/gifts/{giftId}, decision 037): the only thing of the move a giftor
 * sees. Four steps: verify their identity (the same "Verify my identity" check as everyone's; it
 * also starts their sanctions and PEP screening, whose result only the buyer's conveyancer sees),
 * connect the bank the money comes from (read-only, through the open-banking provider: decision 069),
 * answer the declaration's two questions (where the money comes from, whether they will live in the
 * property), then read the generated gifted-deposit declaration and sign it by typing their name.
 */
export function GiftorGiftPage({ giftId }: { giftId: string }) {
  const q = useGiftorGift(giftId)
  if (q.isPending) return <Skeleton className="h-64 w-full max-w-xl" />
  if (q.isError)
    return (
      <div role="alert" className="mx-auto flex max-w-xl flex-col gap-2">
        <h1 className="text-2xl font-semibold">Gift not found</h1>
        <p className="text-muted-foreground">
          {q.error instanceof ApiError && q.error.status === 404
            ? 'This gift is not one you have been asked to confirm. Open the link in your invitation email while signed in with that email address.'
            : q.error.message}
        </p>
      </div>
    )
  const g = q.data
  const buyers = g.buyer_names.join(' and ') || 'the buyer'
  const identityDone = g.identity === 'verified'
  const signed = g.declaration.status === 'signed'
  return (
    <div className="mx-auto flex w-full max-w-xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-3xl font-semibold tracking-tight">Your gift to {buyers}</h1>
        <p className="text-muted-foreground">
          <span className="font-medium text-foreground tabular-nums">{formatGbpFromPence(g.amount_pence)}</span> towards
          the deposit on {g.property_address}.
        </p>
        <p className="text-sm text-muted-foreground">
          Their conveyancer and mortgage lender need to know who you are and that the money is a gift, not a loan. You
          see only this gift, not the rest of the move.
        </p>
      </div>

      {signed ? (
        <div role="status" className="flex items-start gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4">
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 text-emerald-700" />
          <div>
            <p className="font-medium">All done. Thank you.</p>
            <p className="text-sm text-muted-foreground">
              You signed the declaration
              {g.declaration.signed_at ? ` on ${formatUkDate(g.declaration.signed_at)}` : ''}. {buyers} and their
              conveyancer can see it.
            </p>
          </div>
        </div>
      ) : null}

      <ol className="flex flex-col gap-4">
        <Step n={1} title="Verify your identity" done={identityDone}>
          <p className="text-sm text-muted-foreground">
            A photo of your passport or driving licence, a selfie and your address. One check serves for a year.
          </p>
          <p className="text-sm">
            Status: <Badge variant={identityDone ? 'success' : 'muted'}>{IDENTITY_TEXT[g.identity]}</Badge>{' '}
            <SandboxBadge provider={g.identity_provider_label} detail="no real identity check is made" />
          </p>
          {!identityDone && (
            <Button asChild className="self-start">
              <Link to={giftorIdentityPath(giftId)}>
                {g.identity === 'not_started' ? 'Verify my identity' : 'Continue verifying my identity'}
              </Link>
            </Button>
          )}
        </Step>
        <Step n={2} title="Check the bank the money comes from" done={g.bank.status === 'connected'}>
          <BankStep gift={g} />
        </Step>
        <Step n={3} title="Answer two questions" done={g.declaration.status !== 'not_prepared'}>
          <Answers gift={g} disabled={signed} />
        </Step>
        <Step n={4} title="Read and sign the declaration" done={signed}>
          <SignStep gift={g} identityDone={identityDone} />
        </Step>
      </ol>
    </div>
  )
}

const BANK_TEXT: Record<GiftorGift['bank']['status'], string> = {
  not_started: 'Not connected',
  awaiting_authorisation: 'Waiting for the bank',
  connected: 'Connected',
  refused: 'Bank not connected',
  expired: 'Bank not connected',
}

/**
 * Step 2: the giftor connects the bank the gift comes from, read-only, as the buyer does for their own
 * money. The buyer's conveyancer sees the accounts' balances against the gift; the buyer does not.
 */
function BankStep({ gift: g }: { gift: GiftorGift }) {
  const start = useStartGiftBankConsent(g.id)
  const bankId = useId()
  const [bank, setBank] = useState(g.banks[0]?.id ?? '')
  const b = g.bank
  const closed = g.move_status === 'completed' || g.move_status === 'cancelled'
  const connect = (e: FormEvent) => {
    e.preventDefault()
    start.mutate(bank, {
      onSuccess: (r) => window.location.assign(r.authorise_url),
      onError: (err) => notify.error(err.message),
    })
  }
  const chosen = g.banks.find((x) => x.id === bank)
  return (
    <>
      <p className="text-sm text-muted-foreground">
        Connect the account the gift is paid from, so that the buyer’s conveyancer can see the money is there. It is
        read-only: nobody can move money, and the buyer does not see your accounts.
      </p>
      <p className="text-sm">
        Status: <Badge variant={b.status === 'connected' ? 'success' : 'muted'}>{BANK_TEXT[b.status]}</Badge>{' '}
        <SandboxBadge provider={b.provider_label} detail="sample banks and transactions, not real accounts" />
      </p>
      {b.status === 'connected' && b.bank_name && (
        <p className="text-sm">
          {b.bank_name} connected{b.checked_at ? ` on ${formatUkDate(b.checked_at)}` : ''}.
        </p>
      )}
      {b.status === 'awaiting_authorisation' && (
        <p role="status" className="text-sm">
          Waiting for {b.bank_name} to confirm access…
        </p>
      )}
      {(b.status === 'refused' || b.status === 'expired') && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <strong>{b.bank_name}: bank not connected.</strong> {b.failure_reason ?? ''} Nothing was shared. You can try
          again.
        </p>
      )}
      {b.status !== 'connected' && !closed && (
        <form onSubmit={connect} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={bankId} className="text-sm font-medium">
              Your bank
            </label>
            <NativeSelect id={bankId} value={bank} onChange={(e) => setBank(e.target.value)}>
              {g.banks.map((x) => (
                <option key={x.id} value={x.id}>
                  {x.name}
                </option>
              ))}
            </NativeSelect>
            {chosen?.scenario && <p className="text-xs text-muted-foreground">Sandbox: {chosen.scenario}</p>}
          </div>
          <Button type="submit" disabled={start.isPending || !bank}>
            {b.status === 'refused' || b.status === 'expired' ? 'Try again' : 'Connect my bank'}
          </Button>
        </form>
      )}
    </>
  )
}

function Step({ n, title, done, children }: { n: number; title: string; done: boolean; children: ReactNode }) {
  return (
    <li className={card} aria-labelledby={`gift-step-${n}`}>
      <h2 id={`gift-step-${n}`} className="flex items-center gap-2 text-lg font-semibold">
        {done ? (
          <CheckCircle2 aria-hidden="true" className="size-5 text-emerald-700" />
        ) : (
          <Circle aria-hidden="true" className="size-5 text-muted-foreground" />
        )}
        <span>
          {n}. {title}
          <span className="sr-only">{done ? ' (done)' : ' (to do)'}</span>
        </span>
      </h2>
      {children}
    </li>
  )
}

function Answers({ gift: g, disabled }: { gift: GiftorGift; disabled: boolean }) {
  const prepare = usePrepareGiftDeclaration(g.id)
  const sourceId = useId()
  const [source, setSource] = useState(g.declaration.source_of_money ?? '')
  const [live, setLive] = useState<string>(
    g.declaration.giftor_will_live === null ? '' : g.declaration.giftor_will_live ? 'yes' : 'no',
  )
  const [error, setError] = useState<string | null>(null)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!live) {
      setError('Say whether you will live in the property')
      return
    }
    setError(null)
    prepare.mutate(
      { source_of_money: source, giftor_will_live: live === 'yes' },
      { onError: (err) => setError(err.message) },
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <FormField
        id={sourceId}
        label="Where does the gifted money come from?"
        hint="For example: savings in my Nationwide account built up from my salary; the sale of my flat in 2024."
      >
        {(control) => (
          <Textarea
            {...control}
            value={source}
            disabled={disabled}
            onChange={(e) => setSource(e.target.value)}
            rows={3}
            maxLength={1000}
          />
        )}
      </FormField>
      <ChoiceGroup
        name="giftor-will-live"
        legend="Will you live in the property?"
        value={live}
        onValueChange={setLive}
        columns={2}
        inputProps={{ disabled }}
        choices={[
          { value: 'no', label: 'No' },
          { value: 'yes', label: 'Yes', description: 'The lender may ask you to sign an occupier’s consent.' },
        ]}
      />
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      {!disabled && (
        <Button type="submit" variant="outline" className="self-start" disabled={prepare.isPending}>
          {g.declaration.status === 'not_prepared' ? 'Prepare the declaration' : 'Update the declaration'}
        </Button>
      )}
    </form>
  )
}

function SignStep({ gift: g, identityDone }: { gift: GiftorGift; identityDone: boolean }) {
  const sign = useSignGift(g.id)
  const nameId = useId()
  const consentId = useId()
  const [name, setName] = useState('')
  const [consent, setConsent] = useState(false)
  const [error, setError] = useState<string | null>(null)
  if (g.declaration.status === 'not_prepared')
    return (
      <p className="text-sm text-muted-foreground">Answer the two questions first; the declaration appears here.</p>
    )
  const pdf = (
    <a
      className="inline-flex items-center gap-2 self-start underline"
      href={giftDeclarationUrl(g.id)}
      target="_blank"
      rel="noreferrer"
    >
      <FileText aria-hidden="true" className="size-4" />
      {g.declaration.status === 'signed' ? 'Open the signed declaration (PDF)' : 'Read the declaration (PDF)'}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  )
  if (g.declaration.status === 'signed') return pdf
  const submit = (e: FormEvent) => {
    e.preventDefault()
    if (!consent) {
      setError('Agree to sign electronically to continue')
      return
    }
    setError(null)
    sign.mutate(
      { consent: true, method: 'typed', typed_name: name, document_sha256: g.declaration.document_sha256! },
      { onError: (err) => setError(err.message) },
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        It says that the money is a gift, not a loan; that it will not be repaid; that you will have no share in the
        property; and where the money comes from.
      </p>
      {pdf}
      {!identityDone && (
        <p role="note" className="rounded-lg bg-accent/60 p-3 text-sm">
          Verify your identity (step 1) before you sign: the conveyancer relies on both.
        </p>
      )}
      <FormField id={nameId} label="Type your full name to sign">
        {(control) => <Input {...control} value={name} autoComplete="name" onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <div className="flex items-start gap-2">
        <input
          id={consentId}
          type="checkbox"
          className="mt-1 size-4"
          checked={consent}
          onChange={(e) => setConsent(e.target.checked)}
        />
        <label htmlFor={consentId} className="text-sm">
          I have read the declaration, everything in it is true, and I agree to sign it electronically.
        </label>
      </div>
      {error && (
        <p role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <Button type="submit" className="self-start" disabled={sign.isPending || !identityDone}>
        Sign the declaration
      </Button>
    </form>
  )
}
