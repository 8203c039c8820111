import { AlertTriangle, CheckCircle2 } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { GiftChecks } from '#shared/contracts/funds.ts'
import { fundsPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { SandboxBadge } from '#web/components/sandbox-badge.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { useGiftChecks } from '../api'

const card = 'flex flex-col gap-3 rounded-xl border bg-background p-4 sm:p-6'

const IDENTITY_TEXT: Record<GiftChecks['identity']['state'], string> = {
  not_started: 'Not started',
  in_progress: 'In progress',
  processing: 'Being checked',
  verified: 'Verified',
  needs_review: 'Needs review',
  failed: 'Failed',
}

const SCREENING_TEXT: Record<GiftChecks['screening']['state'], string> = {
  not_started: 'Not started: screening runs once the giftor’s identity is verified',
  pending: 'Screening is running',
  clear: 'Clear: no sanctions or PEP match',
  possible_match: 'Possible sanctions match',
}

const BANK_TEXT: Record<GiftChecks['bank']['status'], string> = {
  not_started: 'Not connected yet',
  awaiting_authorisation: 'Waiting for the bank',
  connected: 'Connected',
  refused: 'Bank not connected (refused)',
  expired: 'Bank not connected (expired)',
}

function Card({
  title,
  label,
  detail,
  children,
}: {
  title: string
  label: string
  detail: string
  children: ReactNode
}) {
  return (
    <section aria-label={title} className={card}>
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        <SandboxBadge provider={label} detail={detail} />
      </div>
      {children}
      <p className="text-xs text-muted-foreground">Provider: {label}</p>
    </section>
  )
}

/**
 * The buyer's conveyancer's due diligence on a gift (decision 069): the giftor's identity check,
 * their sanctions and PEP screening with any matches, and their own bank check (accounts and balances
 * against the gift, credits to ask about), each with its result, date and provider, sandbox labelled.
 * The buyer sees none of it (403); anyone else sees "not found".
 */
export function GiftChecksPage({ txId, giftId }: { txId: string; giftId: string }) {
  const q = useGiftChecks(txId, giftId)
  if (q.isPending) return <Skeleton className="h-64 w-full max-w-2xl" />
  if (q.isError)
    return (
      <div role="alert" className="mx-auto flex max-w-2xl flex-col gap-2">
        <h1 className="text-2xl font-semibold">Giftor checks not available</h1>
        <p className="text-muted-foreground">
          {q.error instanceof ApiError && q.error.status === 404
            ? 'There is no such gift on a move of yours.'
            : q.error.message}
        </p>
      </div>
    )
  const c = q.data
  const s = c.screening
  const b = c.bank
  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link className="text-sm underline" to={fundsPath(txId)}>
          Back to the source of funds
        </Link>
        <h1 className="text-3xl font-semibold tracking-tight">Giftor due diligence: {c.giftor_name}</h1>
        <p className="text-muted-foreground">
          {c.relationship} · gift of <span className="tabular-nums">{formatGbpFromPence(c.amount_pence)}</span>
        </p>
      </div>
      <Card title="Identity" label={c.identity.provider_label} detail="no real identity check is made">
        <p className="text-sm">
          <Badge variant={c.identity.state === 'verified' ? 'success' : 'muted'}>
            {IDENTITY_TEXT[c.identity.state]}
          </Badge>
          {c.identity.checked_at && <> on {formatUkDate(c.identity.checked_at)}</>}
        </p>
      </Card>
      <Card title="Sanctions and PEP screening" label={s.provider_label} detail="sample lists, not the real ones">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          {s.state === 'clear' ? (
            <CheckCircle2 aria-hidden="true" className="size-4 text-emerald-700" />
          ) : s.state === 'possible_match' || s.pep ? (
            <AlertTriangle aria-hidden="true" className="size-4 text-amber-700" />
          ) : null}
          <span>{SCREENING_TEXT[s.state]}</span>
          {s.pep && <Badge variant="gold">Politically exposed person</Badge>}
          {s.screened_at && <span className="text-muted-foreground">Screened on {formatUkDate(s.screened_at)}</span>}
        </p>
        {s.matches.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm">
            {s.matches.map((m) => (
              <li key={`${m.list}:${m.name}:${m.detail}`} className="rounded-lg bg-surface p-2">
                {m.list === 'sanctions' ? 'Sanctions list' : 'PEP list'}: {m.name} ({Math.round(m.score * 100)}%
                similar) · {m.detail}
              </li>
            ))}
          </ul>
        )}
      </Card>
      <Card title="Bank check" label={b.provider_label} detail="sample banks and transactions, not real accounts">
        <p className="text-sm">
          <Badge variant={b.status === 'connected' ? 'success' : 'muted'}>{BANK_TEXT[b.status]}</Badge>
          {b.bank_name && <> {b.bank_name}</>}
          {b.checked_at && <> on {formatUkDate(b.checked_at)}</>}
        </p>
        {b.failure_reason && <p className="text-sm text-muted-foreground">{b.failure_reason}</p>}
        {b.accounts.length > 0 && (
          <ul className="flex flex-col gap-1 text-sm">
            {b.accounts.map((a) => (
              <li key={`${a.name}:${a.last4}`} className="flex justify-between gap-2 rounded-lg bg-surface p-2">
                <span>
                  {a.name} ····{a.last4}
                </span>
                <span className="tabular-nums font-medium">{formatGbpFromPence(a.balance_pence)}</span>
              </li>
            ))}
          </ul>
        )}
        {b.total_balance_pence !== null && (
          <p className="text-sm font-medium">
            {b.covers_gift
              ? `The balances (${formatGbpFromPence(b.total_balance_pence)}) cover the gift.`
              : `The balances (${formatGbpFromPence(b.total_balance_pence)}) do not cover the gift of ${formatGbpFromPence(c.amount_pence)}.`}
          </p>
        )}
        {b.flagged.length > 0 && (
          <div className="flex flex-col gap-1 text-sm">
            <p className="font-medium">Credits in the last 12 months to ask about</p>
            <ul className="flex flex-col gap-1">
              {b.flagged.map((f) => (
                <li key={`${f.booked_on}:${f.description}:${f.amount_pence}`}>
                  {formatUkDate(f.booked_on)} · {f.description} ·{' '}
                  <span className="tabular-nums">{formatGbpFromPence(f.amount_pence)}</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </Card>
    </div>
  )
}
