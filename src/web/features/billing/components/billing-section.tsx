import { useEffect, useState } from 'react'
import { useSearchParams } from 'react-router'
import type { BillingOverview } from '#shared/contracts/billing.ts'
import { planPrice, PRO_FEATURES, seatPricePence, type BillingInterval } from '#shared/domain/billing.ts'
import { ConfirmButton } from '#web/components/confirm-button.tsx'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Card, CardContent, CardHeader, CardTitle } from '#web/components/ui/card.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatGbpFromPence, formatUkDate, pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { invoicePdfUrl, useBilling, useCancelPro, useChangeSeats, useResumePro, useStartCheckout } from '../api'
import { SandboxBadge } from '#web/components/sandbox-badge.tsx'

const KIND_LABELS: Record<BillingOverview['invoices'][number]['kind'], string> = {
  subscription: 'Pro plan',
  proration: 'Seat change',
  completion_fee: 'Completion fee',
}

/** Why Pro is off, for a subscription that is not live (decision 033: what each status means). */
const NOT_LIVE: Partial<Record<NonNullable<BillingOverview['subscription']>['status'], string>> = {
  unpaid:
    'Pro is off: the payments for your plan failed and were not recovered, so the professional tools are closed. Your data is kept; subscribe again to open them.',
  paused:
    'Pro is paused: the trial ended with no card to charge, so the professional tools are closed. Your data is kept; subscribe to open them again.',
  incomplete:
    'Pro has not started yet: the first payment has not gone through (your bank may still be confirming it). The professional tools open as soon as it does.',
  incomplete_expired:
    'Pro did not start: the first payment was not completed in time, and nothing was charged. Your data is kept; subscribe again to open the tools.',
}

/** The plan's badge and sentence on the billing page. */
export function stateLine(o: BillingOverview): {
  badge: string
  variant: 'success' | 'muted' | 'destructive'
  text: string
} {
  const sub = o.subscription
  if (o.state === 'subscribed' && sub)
    return {
      badge: sub.status === 'trialing' ? 'Pro (trial)' : sub.status === 'past_due' ? 'Pro, payment due' : 'Pro',
      variant: sub.status === 'past_due' ? 'muted' : 'success',
      text: `${pluralise(sub.seats, 'seat')}, billed ${sub.interval === 'year' ? 'annually' : 'monthly'}${
        sub.status === 'past_due'
          ? '. The last payment failed and is being tried again; Pro stays on meanwhile'
          : sub.current_period_end
            ? `; ${sub.status === 'trialing' ? 'first payment' : 'renews'} on ${formatUkDate(sub.current_period_end)}`
            : ''
      }.`,
    }
  if (o.state === 'cancelling' && sub)
    return {
      badge: 'Pro, ending',
      variant: 'muted',
      text: `Cancelled: Pro stays on until ${sub.current_period_end ? formatUkDate(sub.current_period_end) : 'the end of the period'}, then the professional tools close. Nothing is deleted.`,
    }
  if (o.state === 'trial')
    return {
      badge: 'Free trial',
      variant: 'success',
      text: `Your firm is on the 30-day Pro trial until ${o.trial_ends_at ? formatUkDate(o.trial_ends_at) : 'its end'}. Subscribe now and nothing is charged before then.`,
    }
  const why = sub ? NOT_LIVE[sub.status] : undefined
  if (why)
    return { badge: sub?.status === 'incomplete' ? 'Pro, starting' : 'No Pro', variant: 'destructive', text: why }
  return {
    badge: 'No Pro',
    variant: 'destructive',
    text: 'Pro is off: the cases board, SLA clocks, enquiry templates, portfolio and calendar are closed. Your data is kept; subscribe to open them again.',
  }
}

/**
 * The firm's billing page (/app/firm/billing): the plan and its state, a checkout problem or outcome,
 * subscribing (admins: monthly or annual, seats, the price with VAT), changing seats (prorated; never
 * fewer than members), cancelling at the period's end or keeping Pro, and the invoices as PDFs.
 */
export function BillingSection() {
  const [params, setParams] = useSearchParams()
  const returned = params.get('checkout')
  const [timedOut, setTimedOut] = useState(false)
  // After a successful checkout the provider's webhook lands a moment later: poll until it has.
  const [settled, setSettled] = useState(false)
  const billing = useBilling(returned === 'success' && !timedOut && !settled)
  const data = billing.data
  const done = !!data && (data.state === 'subscribed' || !!data.last_checkout_problem)
  const waiting = returned === 'success' && !timedOut && !done
  useEffect(() => {
    if (returned !== 'success') return
    const stop = setTimeout(() => setTimedOut(true), 30_000)
    return () => clearTimeout(stop)
  }, [returned])
  useEffect(() => {
    if (!done || settled) return
    const id = setTimeout(() => setSettled(true), 0)
    return () => clearTimeout(id)
  }, [done, settled])

  if (billing.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading billing" className="flex flex-col gap-3">
        <Skeleton className="h-28 w-full" />
        <Skeleton className="h-40 w-full" />
      </div>
    )
  }
  if (billing.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4">
        <p>We could not load your firm's billing: {billing.error.message}</p>
        <Button onClick={() => void billing.refetch()}>Try again</Button>
      </div>
    )
  }
  const o = billing.data
  const admin = o.my_role === 'admin'
  const state = stateLine(o)
  const live = o.state === 'subscribed' || o.state === 'cancelling'
  const dismiss = () => {
    const next = new URLSearchParams(params)
    next.delete('checkout')
    setParams(next, { replace: true })
  }

  return (
    <div className="flex flex-col gap-4">
      <h2 className="sr-only">Pro plan and invoices</h2>
      {waiting && (
        <p role="status" className="rounded-lg border p-3">
          Payment received. Confirming your subscription with the payments provider…
        </p>
      )}
      {returned === 'success' && o.state === 'subscribed' && (
        <p role="status" className="rounded-lg border border-primary/40 bg-primary/5 p-3">
          Welcome to Homeward Pro: your firm is subscribed.{' '}
          <Button variant="link" className="h-auto p-0" onClick={dismiss}>
            Dismiss
          </Button>
        </p>
      )}
      {returned === 'cancelled' && !o.last_checkout_problem && (
        <p role="status" className="rounded-lg border p-3">
          You left the checkout; nothing was charged.{' '}
          <Button variant="link" className="h-auto p-0" onClick={dismiss}>
            Dismiss
          </Button>
        </p>
      )}
      {o.last_checkout_problem && (
        <div role="alert" className="rounded-lg border border-destructive/50 bg-destructive/5 p-3">
          <p className="font-medium">The last checkout did not go through</p>
          <p className="text-sm">{o.last_checkout_problem.message}</p>
        </div>
      )}
      <Card>
        <CardHeader>
          <CardTitle className="flex flex-wrap items-center gap-2">
            <span>Plan</span>
            <Badge variant={state.variant}>{state.badge}</Badge>
            <SandboxBadge provider={o.provider_label} detail="no real payments: test cards only" />
          </CardTitle>
        </CardHeader>
        <CardContent className="flex flex-col gap-3">
          <p data-testid="billing-state">{state.text}</p>
          <p className="text-sm text-muted-foreground">
            {pluralise(o.members_count, 'member')} in {o.firm_name}. Each member needs a seat.
          </p>
          {!admin && <p className="text-sm">Only an admin of your firm can change its plan.</p>}
          {admin && !live && <SubscribeForm overview={o} />}
          {admin && live && <SeatsForm overview={o} />}
          {admin && live && <CancelOrResume overview={o} />}
        </CardContent>
      </Card>
      {admin && <Invoices overview={o} />}
    </div>
  )
}

function SubscribeForm({ overview: o }: { overview: BillingOverview }) {
  const [interval, setInterval] = useState<BillingInterval>('month')
  const [seats, setSeats] = useState(String(Math.max(o.members_count, 1)))
  const checkout = useStartCheckout()
  const n = Number(seats)
  const valid = Number.isInteger(n) && n >= 1
  const price = valid ? planPrice(interval, n) : null
  const tooFew = valid && n < o.members_count
  return (
    <form
      className="flex flex-col gap-3"
      aria-label="Subscribe to Pro"
      onSubmit={(e) => {
        e.preventDefault()
        if (valid && !tooFew) checkout.mutate({ interval, seats: n })
      }}
    >
      <h3 className="font-semibold">Subscribe to Pro</h3>
      <ul className="list-disc pl-5 text-sm text-muted-foreground">
        {PRO_FEATURES.map((f) => (
          <li key={f}>{f}</li>
        ))}
      </ul>
      <ChoiceGroup
        name="interval"
        legend="Billing"
        value={interval}
        onValueChange={(v) => setInterval(v as BillingInterval)}
        choices={[
          {
            value: 'month',
            label: 'Monthly',
            description: `${formatGbpFromPence(seatPricePence('month'))} per seat per month + VAT`,
          },
          {
            value: 'year',
            label: 'Annual',
            description: `${formatGbpFromPence(seatPricePence('year'))} per seat per year + VAT: two months free`,
          },
        ]}
      />
      <FormField
        id="subscribe-seats"
        label="Seats"
        hint={`At least ${o.members_count}: one for each member of your firm.`}
        error={
          tooFew
            ? `Your firm has ${o.members_count} members, so it needs at least ${o.members_count} seats.`
            : undefined
        }
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={500}
            className="w-32"
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
        )}
      </FormField>
      {price && (
        <p data-testid="subscribe-price">
          {formatGbpFromPence(price.subtotalPence)} + VAT {formatGbpFromPence(price.vatPence)} ={' '}
          <strong>{formatGbpFromPence(price.totalPence)}</strong> per {interval === 'year' ? 'year' : 'month'}
          {o.state === 'trial' && o.trial_ends_at ? `, first charged on ${formatUkDate(o.trial_ends_at)}` : ''}.
        </p>
      )}
      {checkout.isError && (
        <p role="alert" className="text-sm text-destructive">
          {checkout.error.message}
        </p>
      )}
      <div>
        <Button type="submit" disabled={!valid || tooFew || checkout.isPending}>
          {checkout.isPending ? 'Opening checkout…' : 'Continue to checkout'}
        </Button>
      </div>
    </form>
  )
}

function SeatsForm({ overview: o }: { overview: BillingOverview }) {
  const current = o.subscription?.seats ?? 1
  const [seats, setSeats] = useState(String(current))
  const change = useChangeSeats()
  const n = Number(seats)
  const valid = Number.isInteger(n) && n >= 1
  return (
    <form
      className="flex flex-col gap-2"
      aria-label="Change seats"
      onSubmit={(e) => {
        e.preventDefault()
        if (!valid) return
        change.mutate(n, {
          onSuccess: (next) =>
            notify.success(
              'Seats updated',
              `${pluralise(next.subscription?.seats ?? n, 'seat')}; the change is prorated.`,
            ),
        })
      }}
    >
      <FormField
        id="billing-seats"
        label="Seats"
        hint="Adding seats charges the rest of this period now; removing them credits it. Never fewer than your members."
        error={change.isError ? change.error.message : undefined}
      >
        {(control) => (
          <Input
            {...control}
            type="number"
            inputMode="numeric"
            min={1}
            max={500}
            className="w-32"
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
          />
        )}
      </FormField>
      <div>
        <Button type="submit" variant="outline" disabled={!valid || n === current || change.isPending}>
          {change.isPending ? 'Updating…' : 'Update seats'}
        </Button>
      </div>
    </form>
  )
}

function CancelOrResume({ overview: o }: { overview: BillingOverview }) {
  const cancel = useCancelPro()
  const resume = useResumePro()
  const end = o.subscription?.current_period_end
    ? formatUkDate(o.subscription.current_period_end)
    : 'the end of the period'
  if (o.state === 'cancelling') {
    return (
      <div>
        <Button variant="outline" disabled={resume.isPending} onClick={() => resume.mutate()}>
          Keep Pro
        </Button>
      </div>
    )
  }
  return (
    <div>
      <ConfirmButton
        label="Cancel Pro"
        title="Cancel Pro?"
        description={`Pro stays on until ${end}, then the cases board, SLA clocks, enquiry templates, portfolio and calendar close for your firm. Nothing is deleted, and subscribing again opens them with everything in place.`}
        confirmLabel="Cancel Pro at period end"
        cancelLabel="Keep Pro"
        pendingLabel="Cancelling…"
        variant="outline"
        onConfirm={() =>
          cancel.mutateAsync().then(
            () => notify.success('Pro cancelled', `It stays on until ${end}.`),
            (err: Error) => {
              notify.error('Could not cancel', err.message)
              throw err
            },
          )
        }
      />
    </div>
  )
}

function Invoices({ overview: o }: { overview: BillingOverview }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>Invoices</CardTitle>
      </CardHeader>
      <CardContent>
        {o.invoices.length === 0 ? (
          <p className="text-sm text-muted-foreground">No invoices yet. They appear here once Pro is paid for.</p>
        ) : (
          <ul className="flex flex-col divide-y" aria-label="Invoices">
            {o.invoices.map((i) => (
              <li key={i.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <div className="min-w-0">
                  <p className="font-medium">
                    {i.number} · {KIND_LABELS[i.kind]}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    {formatUkDate(i.issued_at)} · {formatGbpFromPence(i.subtotal_pence)} + VAT{' '}
                    {formatGbpFromPence(i.vat_pence)} = {formatGbpFromPence(i.total_pence)} ·{' '}
                    {i.status === 'credited' ? 'credit' : i.status}
                  </p>
                </div>
                <Button asChild variant="outline" size="sm">
                  <a href={invoicePdfUrl(i.id)} download>
                    Download PDF<span className="sr-only"> of invoice {i.number}</span>
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
