import { useId, useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import type { FundsPicture } from '#shared/contracts/funds.ts'

type FundsGift = FundsPicture['gifts'][number]
import { FUNDS_STATUS_LABELS, type FundsStatus } from '#shared/domain/source-of-funds.ts'
import { giftChecksPath, transactionPath } from '#shared/paths.ts'
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import {
  useAddGift,
  useExplain,
  useFundsPicture,
  useResendGiftInvitation,
  useReviewFunds,
  useSavePlan,
  useSelectAccount,
  useStartConsent,
} from '../api'
import { ProviderBadge, SandboxBadge } from '#web/components/sandbox-badge.tsx'

const STATUS_VARIANT: Record<FundsStatus, BadgeVariant> = {
  not_started: 'muted',
  in_progress: 'soft',
  verified: 'success',
  needs_review: 'gold',
}

const gbp = (pence: number) => formatGbpFromPence(pence)

/** '£250,000' or '250000.50' as pence; null when empty; NaN when not a number. */
function poundsToPence(text: string): number | null {
  const clean = text.replace(/[£,\s]/g, '')
  if (!clean) return null
  return /^\d+(\.\d{1,2})?$/.test(clean) ? Math.round(Number(clean) * 100) : Number.NaN
}

const penceToPounds = (pence: number | null) => (pence === null ? '' : String(pence / 100))

const section = 'flex flex-col gap-3 rounded-xl border bg-background p-4 sm:p-6'

/**
 * Source of funds for one move (/app/transactions/{txId}/funds): the buyer connects a bank (sandbox),
 * picks accounts, explains what is flagged, states the mortgage, sale proceeds, fees and gifts, and
 * sees it all added up against the price, SDLT and fees. The buyer's conveyancer sees the same and
 * marks it satisfied or asks for more. Anyone else gets "not found" from the API.
 */
export function FundsPage({ txId }: { txId: string }) {
  const picture = useFundsPicture(txId)
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <Link className="text-sm underline" to={transactionPath(txId)}>
          Back to the move
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">Source of funds</h1>
          {picture.data && (
            <Badge variant={STATUS_VARIANT[picture.data.status]} data-testid="funds-status">
              {FUNDS_STATUS_LABELS[picture.data.status]}
            </Badge>
          )}
          <SandboxBadge
            provider={picture.data?.provider_label}
            detail="bank data from the sandbox, not real accounts"
          />
        </div>
        <p className="text-muted-foreground">
          Where the money for this purchase comes from, shown only to the buyer and their conveyancer.
        </p>
      </div>
      {picture.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading the source of funds">
          <Skeleton className="h-32 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : picture.isError ? (
        <p role="alert" className="text-destructive">
          The source of funds could not be loaded: {picture.error.message}
        </p>
      ) : (
        <Loaded txId={txId} p={picture.data} />
      )}
    </div>
  )
}

function Loaded({ txId, p }: { txId: string; p: FundsPicture }) {
  const buyer = p.viewer_role === 'buyer'
  return (
    <>
      {p.review && (
        <div
          role="status"
          className={`rounded-xl border p-4 ${p.review.decision === 'satisfied' ? 'bg-primary-soft' : 'bg-surface'}`}
        >
          <p className="font-medium">
            {p.review.decision === 'satisfied'
              ? `${p.review.reviewer_name ?? 'Your conveyancer'} marked the source of funds satisfied on ${formatUkDate(p.review.reviewed_at)}.`
              : `${p.review.reviewer_name ?? 'Your conveyancer'} asked for more on ${formatUkDate(p.review.reviewed_at)}:`}
          </p>
          {p.review.note && <p className="mt-1 text-sm">{p.review.note}</p>}
        </div>
      )}
      <Issues p={p} />
      <Picture p={p} />
      <Banks txId={txId} p={p} buyer={buyer} />
      <Flags txId={txId} p={p} buyer={buyer} />
      {buyer && <PlanForm txId={txId} p={p} />}
      <Gifts txId={txId} p={p} buyer={buyer} />
      <Sdlt p={p} />
      {!buyer && <Review txId={txId} />}
    </>
  )
}

function Issues({ p }: { p: FundsPicture }) {
  return (
    <section aria-labelledby="issues-heading" className={section}>
      <h2 id="issues-heading" className="text-xl font-semibold">
        What needs explaining
      </h2>
      {p.issues.length === 0 ? (
        <p className="text-sm">Nothing: the funds cover the purchase and every flagged payment is explained.</p>
      ) : (
        <ul className="flex list-disc flex-col gap-1 pl-5 text-sm" data-testid="funds-issues">
          {p.issues.map((i) => (
            <li key={i.kind}>{i.message}</li>
          ))}
        </ul>
      )}
    </section>
  )
}

function Row({
  label,
  value,
  strong = false,
  testId,
}: {
  label: string
  value: string
  strong?: boolean
  testId?: string
}) {
  return (
    <div className={`flex justify-between gap-3 py-1 ${strong ? 'border-t pt-2 font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd className="tabular-nums" data-testid={testId}>
        {value}
      </dd>
    </div>
  )
}

function Picture({ p }: { p: FundsPicture }) {
  const t = p.totals
  const mortgageLabel =
    p.mortgage.source === 'offer'
      ? `Mortgage (offer, ${p.mortgage.lender})`
      : p.mortgage.source === 'dip'
        ? `Mortgage (decision in principle, ${p.mortgage.lender})`
        : p.mortgage.source === 'stated'
          ? 'Mortgage (as you stated)'
          : 'Mortgage (none stated)'
  return (
    <section aria-labelledby="picture-heading" className={section}>
      <h2 id="picture-heading" className="text-xl font-semibold">
        The funding picture
      </h2>
      <div className="grid gap-6 sm:grid-cols-2">
        <div>
          <h3 className="font-medium">Money available</h3>
          <dl className="text-sm">
            <Row label="Savings (accounts used)" value={gbp(t.savings_pence)} />
            <Row label={mortgageLabel} value={gbp(t.mortgage_pence)} />
            <Row label="Gifts" value={gbp(t.gifts_pence)} />
            <Row label="Sale proceeds" value={gbp(t.sale_proceeds_pence)} />
            <Row label="Available" value={gbp(t.available_pence)} strong testId="funds-available" />
          </dl>
        </div>
        <div>
          <h3 className="font-medium">Money needed</h3>
          <dl className="text-sm">
            <Row label="Price" value={p.price_pence === null ? 'Not agreed yet' : gbp(t.price_pence)} />
            <Row label="Stamp Duty Land Tax" value={gbp(t.sdlt_pence)} testId="funds-sdlt" />
            <Row label="Fees" value={gbp(t.fees_pence)} />
            <Row label="Needed" value={gbp(t.needed_pence)} strong testId="funds-needed" />
          </dl>
        </div>
      </div>
      <p
        className={`text-sm font-medium ${t.shortfall_pence > 0 ? 'text-destructive' : ''}`}
        data-testid="funds-balance"
      >
        {t.shortfall_pence > 0
          ? `Shortfall: ${gbp(t.shortfall_pence)}`
          : `Covered, with ${gbp(t.available_pence - t.needed_pence)} to spare`}
      </p>
    </section>
  )
}

function Banks({ txId, p, buyer }: { txId: string; p: FundsPicture; buyer: boolean }) {
  const start = useStartConsent(txId)
  const select = useSelectAccount(txId)
  const bankId = useId()
  const [bank, setBank] = useState(p.banks[0]?.id ?? '')
  const last = p.consents[0]
  const connect = (e: FormEvent) => {
    e.preventDefault()
    start.mutate(bank, {
      onSuccess: (r) => window.location.assign(r.authorise_url),
      onError: (err) => notify.error(err.message),
    })
  }
  const chosen = p.banks.find((b) => b.id === bank)
  return (
    <section aria-labelledby="banks-heading" className={section}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 id="banks-heading" className="text-xl font-semibold">
          Bank accounts
        </h2>
        <ProviderBadge label={p.provider_label} detail="sample banks and transactions, not real accounts" />
      </div>
      {last?.status === 'awaiting_authorisation' && (
        <p role="status" className="text-sm">
          Waiting for {last.bank_name} to confirm access…
        </p>
      )}
      {last && (last.status === 'refused' || last.status === 'expired') && (
        <p role="alert" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950">
          <strong>{last.bank_name}: bank not connected.</strong> {last.message}
        </p>
      )}
      {p.accounts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No bank connected yet.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {p.accounts.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg bg-surface p-3">
              <div>
                <p className="font-medium">{a.name}</p>
                <p className="text-xs text-muted-foreground">
                  {a.bank_name} · {a.sort_code} · {a.account_number_masked} · {a.transaction_count} transactions in 12
                  months
                </p>
              </div>
              <div className="flex items-center gap-3">
                <span className="tabular-nums font-medium">{gbp(a.balance_pence)}</span>
                {buyer ? (
                  <label className="flex items-center gap-1 text-sm">
                    <input
                      type="checkbox"
                      checked={a.selected}
                      disabled={select.isPending}
                      onChange={(e) =>
                        select.mutate(
                          { accountId: a.id, selected: e.target.checked },
                          { onError: (err) => notify.error(err.message) },
                        )
                      }
                    />
                    Use
                  </label>
                ) : (
                  <span className="text-sm text-muted-foreground">{a.selected ? 'Used' : 'Not used'}</span>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {buyer && (
        <form onSubmit={connect} className="flex flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={bankId} className="text-sm font-medium">
              {p.accounts.length || last ? 'Connect another bank' : 'Connect your bank'}
            </label>
            <NativeSelect id={bankId} value={bank} onChange={(e) => setBank(e.target.value)}>
              {p.banks.map((b) => (
                <option key={b.id} value={b.id}>
                  {b.name}
                </option>
              ))}
            </NativeSelect>
            {chosen?.scenario && <p className="text-xs text-muted-foreground">Sandbox: {chosen.scenario}</p>}
          </div>
          <Button type="submit" disabled={start.isPending || !bank}>
            {last && (last.status === 'refused' || last.status === 'expired') ? 'Try again' : 'Connect bank'}
          </Button>
        </form>
      )}
    </section>
  )
}

function Flags({ txId, p, buyer }: { txId: string; p: FundsPicture; buyer: boolean }) {
  if (p.flags.length === 0) return null
  return (
    <section aria-labelledby="flags-heading" className={section}>
      <h2 id="flags-heading" className="text-xl font-semibold">
        Payments to explain
      </h2>
      <p className="text-sm text-muted-foreground">
        Conveyancers must check where large credits and cash come from. Say where each came from.
      </p>
      <ul className="flex flex-col gap-3">
        {p.flags.map((f) => (
          <li key={`${f.account_id}:${f.transaction_id}`} className="rounded-lg bg-surface p-3">
            <div className="flex flex-wrap justify-between gap-2">
              <p className="font-medium">
                {f.description} <span className="tabular-nums">{gbp(f.amount_pence)}</span>
              </p>
              <Badge variant={f.explanation ? 'success' : 'gold'}>
                {f.kind === 'cash_deposit' ? 'Cash paid in' : 'Large credit'}
              </Badge>
            </div>
            <p className="text-xs text-muted-foreground">
              {formatUkDate(f.booked_on)} · {f.account_name}
            </p>
            {buyer ? (
              <ExplainForm txId={txId} flag={f} />
            ) : (
              <p className="mt-1 text-sm">{f.explanation ?? 'Not explained yet.'}</p>
            )}
          </li>
        ))}
      </ul>
    </section>
  )
}

function ExplainForm({ txId, flag }: { txId: string; flag: FundsPicture['flags'][number] }) {
  const explain = useExplain(txId)
  const id = useId()
  const [text, setText] = useState(flag.explanation ?? '')
  return (
    <form
      className="mt-2 flex flex-col gap-2"
      onSubmit={(e) => {
        e.preventDefault()
        explain.mutate(
          { account_id: flag.account_id, transaction_id: flag.transaction_id, explanation: text },
          { onSuccess: () => notify.success('Explanation saved'), onError: (err) => notify.error(err.message) },
        )
      }}
    >
      <label htmlFor={id} className="text-sm font-medium">
        Where did this money come from?
      </label>
      <Textarea id={id} value={text} onChange={(e) => setText(e.target.value)} rows={2} maxLength={1000} />
      <Button type="submit" variant="outline" className="self-start" disabled={explain.isPending}>
        Save explanation
      </Button>
    </form>
  )
}

function PlanForm({ txId, p }: { txId: string; p: FundsPicture }) {
  const save = useSavePlan(txId)
  const ids = { mortgage: useId(), sale: useId(), fees: useId() }
  const [ftb, setFtb] = useState(p.plan.first_time_buyer)
  const [additional, setAdditional] = useState(p.plan.additional_property)
  const [nonResident, setNonResident] = useState(p.plan.non_resident)
  const [mortgage, setMortgage] = useState(penceToPounds(p.plan.mortgage_stated_pence))
  const [sale, setSale] = useState(penceToPounds(p.plan.sale_proceeds_pence))
  const [fees, setFees] = useState(penceToPounds(p.plan.fees_pence || null))
  const [error, setError] = useState<string | null>(null)
  // A joint purchase (decision 070): each buyer answers the tax questions for themselves.
  const joint = p.purchasers.length > 1
  const others = p.purchasers
    .filter((b) => !b.you)
    .map((b) => b.full_name)
    .join(' and ')
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const values = { mortgage: poundsToPence(mortgage), sale: poundsToPence(sale), fees: poundsToPence(fees) }
    if (Object.values(values).some((v) => Number.isNaN(v))) {
      setError('Enter amounts in pounds, like 250,000 or 1,500.50')
      return
    }
    setError(null)
    save.mutate(
      {
        first_time_buyer: ftb,
        additional_property: additional,
        non_resident: nonResident,
        mortgage_stated_pence: values.mortgage,
        sale_proceeds_pence: values.sale,
        fees_pence: values.fees ?? 0,
      },
      { onSuccess: () => notify.success('Saved'), onError: (err) => notify.error(err.message) },
    )
  }
  const check = (label: string, value: boolean, set: (v: boolean) => void) => (
    <label className="flex items-start gap-2 text-sm">
      <input type="checkbox" className="mt-1" checked={value} onChange={(e) => set(e.target.checked)} />
      {label}
    </label>
  )
  return (
    <section aria-labelledby="plan-heading" className={section}>
      <h2 id="plan-heading" className="text-xl font-semibold">
        Your answers
      </h2>
      <form onSubmit={submit} className="flex flex-col gap-3" noValidate>
        <fieldset className="flex flex-col gap-2">
          <legend className="mb-1 text-sm font-medium">For Stamp Duty Land Tax</legend>
          {joint ? (
            <>
              <p className="text-sm text-muted-foreground">
                You are buying with {others}: each of you answers for yourself, and the tax follows all of you
                (first-time buyer relief only if every buyer is one; the higher rates if any of you will own another
                home).
              </p>
              {check('You are a first-time buyer and this will be your main home', ftb, setFtb)}
              {check(
                'You will own another home after this purchase (and are not replacing your main home)',
                additional,
                setAdditional,
              )}
              {check('You are not UK resident', nonResident, setNonResident)}
            </>
          ) : (
            <>
              {check('Every buyer is a first-time buyer and this will be your main home', ftb, setFtb)}
              {check(
                'You will own another home after this purchase (and are not replacing your main home)',
                additional,
                setAdditional,
              )}
              {check('A buyer is not UK resident', nonResident, setNonResident)}
            </>
          )}
        </fieldset>
        {joint && (
          <ul className="flex flex-col gap-1 text-sm" aria-label="Each buyer's answers">
            {p.purchasers.map((b) => (
              <li key={b.profile_id}>
                <strong>{b.you ? `${b.full_name} (you)` : b.full_name}</strong>:{' '}
                {[
                  b.first_time_buyer ? 'first-time buyer' : 'not a first-time buyer',
                  b.additional_property ? 'will own another home' : 'no other home',
                  b.non_resident ? 'not UK resident' : 'UK resident',
                ].join(', ')}
              </li>
            ))}
          </ul>
        )}
        <div className="grid gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.mortgage} className="text-sm font-medium">
              Mortgage (£)
            </label>
            <Input
              id={ids.mortgage}
              inputMode="decimal"
              value={mortgage}
              onChange={(e) => setMortgage(e.target.value)}
              aria-describedby={`${ids.mortgage}-hint`}
            />
            <p id={`${ids.mortgage}-hint`} className="text-xs text-muted-foreground">
              {p.mortgage.source === 'dip' || p.mortgage.source === 'offer'
                ? "Your broker's figure is used instead."
                : 'Until your broker records a decision in principle.'}
            </p>
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.sale} className="text-sm font-medium">
              Sale proceeds (£)
            </label>
            <Input id={ids.sale} inputMode="decimal" value={sale} onChange={(e) => setSale(e.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <label htmlFor={ids.fees} className="text-sm font-medium">
              Fees (£)
            </label>
            <Input id={ids.fees} inputMode="decimal" value={fees} onChange={(e) => setFees(e.target.value)} />
          </div>
        </div>
        {error && (
          <p role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" className="self-start" disabled={save.isPending}>
          Save answers
        </Button>
      </form>
    </section>
  )
}

const PROGRESS_LABEL: Record<FundsGift['progress'], string> = {
  invited: 'Invited',
  invitation_expired: 'Invitation expired',
  accepted: 'Invitation accepted',
  identity_verified: 'Identity verified',
  evidenced: 'Evidenced',
}

/**
 * One gift with the giftor's progress (decision 037): invited, identity verified, declaration signed.
 * The buyer re-sends an invitation that has not been accepted; once evidenced, the signed declaration
 * is in the move's documents (the buyer and their conveyancer only).
 */
function GiftRow({ txId, gift: g, buyer }: { txId: string; gift: FundsGift; buyer: boolean }) {
  const resend = useResendGiftInvitation(txId)
  const accepted = g.progress !== 'invited' && g.progress !== 'invitation_expired'
  const steps: { label: string; done: boolean }[] = [
    {
      label: accepted ? 'Invitation accepted' : g.progress === 'invited' ? 'Invitation sent' : 'Invitation expired',
      done: accepted,
    },
    { label: 'Identity verified', done: g.identity === 'verified' || g.progress === 'evidenced' },
    { label: 'Declaration signed', done: g.declaration === 'signed' },
  ]
  return (
    <li className="flex flex-col gap-2 rounded-lg bg-surface p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span>
          {g.giftor_name} ({g.relationship}) · <span className="tabular-nums">{gbp(g.amount_pence)}</span>
        </span>
        <Badge
          variant={
            g.progress === 'evidenced' ? 'success' : g.progress === 'invitation_expired' ? 'destructive' : 'gold'
          }
        >
          {PROGRESS_LABEL[g.progress]}
        </Badge>
      </div>
      <ol aria-label={`Progress of ${g.giftor_name}'s gift`} className="flex flex-wrap gap-x-4 gap-y-1">
        {steps.map((step) => (
          <li key={step.label} className={step.done ? 'text-foreground' : 'text-muted-foreground'}>
            <span aria-hidden="true">{step.done ? '✓ ' : '○ '}</span>
            {step.label}
            <span className="sr-only">{step.done ? ' (done)' : ' (not yet)'}</span>
          </li>
        ))}
      </ol>
      {g.source_of_money && <p className="text-muted-foreground">Source of the gifted money: {g.source_of_money}</p>}
      {g.progress === 'invited' && g.invitation_expires_at && (
        <p className="text-muted-foreground">
          {g.giftor_email} has until {formatUkDate(g.invitation_expires_at)} to accept.
        </p>
      )}
      {g.declaration_document_id && (
        <Link className="self-start underline" to={transactionPath(txId, { tab: 'documents' })}>
          The signed declaration is in Documents
        </Link>
      )}
      {!buyer && accepted && (
        <Link className="self-start underline" to={giftChecksPath(txId, g.id)}>
          Due diligence on the giftor: identity, sanctions and PEP screening, bank
        </Link>
      )}
      {buyer && !accepted && (
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="self-start"
          disabled={resend.isPending}
          onClick={() =>
            resend.mutate(g.id, {
              onSuccess: () => notify.success(`A new invitation was sent to ${g.giftor_email}.`),
              onError: (err) => notify.error(err.message),
            })
          }
        >
          Re-send invitation
        </Button>
      )}
    </li>
  )
}

function Gifts({ txId, p, buyer }: { txId: string; p: FundsPicture; buyer: boolean }) {
  const add = useAddGift(txId)
  const ids = { name: useId(), email: useId(), rel: useId(), amount: useId() }
  const [form, setForm] = useState({ name: '', email: '', rel: '', amount: '' })
  const [error, setError] = useState<string | null>(null)
  if (!buyer && p.gifts.length === 0) return null
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const amount = poundsToPence(form.amount)
    if (amount === null || Number.isNaN(amount)) {
      setError('Enter the amount in pounds, like 10,000')
      return
    }
    setError(null)
    add.mutate(
      { giftor_name: form.name, giftor_email: form.email, relationship: form.rel, amount_pence: amount },
      {
        onSuccess: () => setForm({ name: '', email: '', rel: '', amount: '' }),
        onError: (err) => setError(err.message),
      },
    )
  }
  const field = (id: string, label: string, key: keyof typeof form, type = 'text') => (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <Input id={id} type={type} value={form[key]} onChange={(e) => setForm({ ...form, [key]: e.target.value })} />
    </div>
  )
  return (
    <section aria-labelledby="gifts-heading" className={section}>
      <h2 id="gifts-heading" className="text-xl font-semibold">
        Gifts
      </h2>
      {p.gifts.length === 0 ? (
        <p className="text-sm text-muted-foreground">No gifts.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {p.gifts.map((g) => (
            <GiftRow key={g.id} txId={txId} gift={g} buyer={buyer} />
          ))}
        </ul>
      )}
      {buyer && (
        <form onSubmit={submit} className="flex flex-col gap-3">
          <div className="grid gap-3 sm:grid-cols-2">
            {field(ids.name, "Giftor's name", 'name')}
            {field(ids.email, "Giftor's email", 'email', 'email')}
            {field(ids.rel, 'Relationship to you', 'rel')}
            {field(ids.amount, 'Amount (£)', 'amount')}
          </div>
          {error && (
            <p role="alert" className="text-sm text-destructive">
              {error}
            </p>
          )}
          <Button type="submit" variant="outline" className="self-start" disabled={add.isPending}>
            Add gift and invite the giftor
          </Button>
          <p className="text-xs text-muted-foreground">
            We email the giftor a link. They see only their gift, verify their identity and sign a gifted-deposit
            declaration; your conveyancer sees it here when it is done.
          </p>
        </form>
      )}
    </section>
  )
}

function Sdlt({ p }: { p: FundsPicture }) {
  if (!p.sdlt) return null
  const s = p.sdlt
  return (
    <section aria-labelledby="sdlt-heading" className={section}>
      <h2 id="sdlt-heading" className="text-xl font-semibold">
        {s.tax_name}: {gbp(s.total_pence)}
      </h2>
      <p className="text-sm text-muted-foreground">
        {s.tax === 'ltt' ? 'Wales' : 'England'} rates from {formatUkDate(s.rates_from)}
        {s.first_time_buyer_relief ? ', with first-time buyer relief' : ''}
        {s.additional_property_surcharge
          ? s.tax === 'ltt'
            ? ', at the higher rates for an additional dwelling'
            : ', with the additional-property surcharge'
          : ''}
        {s.non_resident_surcharge ? ', with the 2% non-resident surcharge' : ''}.{' '}
        <a className="underline" href={s.source_url} target="_blank" rel="noreferrer">
          {s.tax === 'ltt' ? 'Rates on GOV.WALES' : 'Rates on GOV.UK'}
        </a>
      </p>
      {s.relief_refused && <p className="text-sm">{s.relief_refused}.</p>}
      <table className="w-full text-sm">
        <caption className="sr-only">{s.tax === 'ltt' ? 'LTT' : 'SDLT'} by band</caption>
        <thead>
          <tr className="text-left">
            <th scope="col" className="py-1 font-medium">
              Band
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Rate
            </th>
            <th scope="col" className="py-1 text-right font-medium">
              Tax
            </th>
          </tr>
        </thead>
        <tbody>
          {s.bands.map((b) => (
            <tr key={b.from_pence} className="border-t">
              <td className="py-1">
                {b.to_pence === null ? `Above ${gbp(b.from_pence)}` : `${gbp(b.from_pence)} to ${gbp(b.to_pence)}`}
              </td>
              <td className="py-1 text-right tabular-nums">{b.rate_percent}%</td>
              <td className="py-1 text-right tabular-nums">{gbp(b.tax_pence)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

function Review({ txId }: { txId: string }) {
  const review = useReviewFunds(txId)
  const noteId = useId()
  const [note, setNote] = useState('')
  const decide = (decision: 'satisfied' | 'more_info') =>
    review.mutate(
      { decision, ...(note.trim() ? { note: note.trim() } : {}) },
      {
        onSuccess: () =>
          notify.success(decision === 'satisfied' ? 'Source of funds marked satisfied' : 'Asked the buyer for more'),
        onError: (err) => notify.error(err.message),
      },
    )
  return (
    <section aria-labelledby="review-heading" className={section}>
      <h2 id="review-heading" className="text-xl font-semibold">
        Your review
      </h2>
      <label htmlFor={noteId} className="text-sm font-medium">
        Note to the buyer (needed when you ask for more)
      </label>
      <Textarea id={noteId} value={note} onChange={(e) => setNote(e.target.value)} rows={3} maxLength={2000} />
      <div className="flex flex-wrap gap-2">
        <Button type="button" onClick={() => decide('satisfied')} disabled={review.isPending}>
          Mark satisfied
        </Button>
        <Button type="button" variant="outline" onClick={() => decide('more_info')} disabled={review.isPending}>
          Ask for more
        </Button>
      </div>
    </section>
  )
}
