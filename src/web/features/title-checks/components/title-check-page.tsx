import { AlertTriangle, CheckCircle2, FileText } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import type { TitleCheck } from '#shared/contracts/title-checks.ts'
import { RunTitleCheckInput } from '#shared/contracts/title-checks.ts'
import { transactionPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatGbpFromPence, formatUkDate, formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useRaiseTitleEnquiry, useRunTitleCheck, useTitleChecks } from '../api'
import { SandboxBadge } from '#web/components/sandbox-badge.tsx'

/**
 * The move's title (/app/transactions/{txId}/title): the official copies of the register obtained so
 * far, newest first, each with its A, B and C registers and the flags raised against the move; the
 * move's conveyancers obtain a new one by title number and raise a flag's suggested enquiry. Sandbox
 * results say so.
 */
export function TitleCheckPage({ txId }: { txId: string }) {
  const checks = useTitleChecks(txId)
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <Link className="text-sm underline" to={transactionPath(txId)}>
          Back to the move
        </Link>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">Title check</h1>
          <SandboxBadge provider={checks.data?.provider.name} detail="sample registers, not HM Land Registry data" />
        </div>
        <p className="text-muted-foreground">
          The official copy of the register from HM Land Registry, checked against the sellers and the property on this
          move.
        </p>
      </div>
      {checks.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading title checks">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : checks.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-destructive">Title checks could not be loaded: {checks.error.message}</p>
          <Button variant="outline" onClick={() => void checks.refetch()}>
            Try again
          </Button>
        </div>
      ) : (
        <>
          {checks.data.provider.name === 'off' ? (
            <p role="status" className="rounded-xl border bg-surface p-4 text-sm">
              Title checks are not available here: no land registry partner is configured. Obtain official copies from
              HM Land Registry directly.
            </p>
          ) : checks.data.can_run ? (
            <RunForm
              txId={txId}
              defaultTitle={checks.data.title_number ?? ''}
              sandboxTitles={checks.data.provider.known_titles}
              label={checks.data.provider.label}
            />
          ) : (
            <p className="text-sm text-muted-foreground">The move&apos;s conveyancers obtain the register here.</p>
          )}
          {checks.data.checks.length === 0 ? (
            <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">No title check yet.</p>
          ) : (
            <ol className="flex flex-col gap-4" aria-label="Title checks, newest first">
              {checks.data.checks.map((c, i) => (
                <li key={c.id}>
                  <CheckCard txId={txId} check={c} latest={i === 0} canRaise={checks.data.can_raise_enquiries} />
                </li>
              ))}
            </ol>
          )}
        </>
      )}
    </div>
  )
}

function RunForm({
  txId,
  defaultTitle,
  sandboxTitles,
  label,
}: {
  txId: string
  defaultTitle: string
  sandboxTitles: string[] | null
  label: string
}) {
  const [title, setTitle] = useState(defaultTitle)
  const [error, setError] = useState<string>()
  const run = useRunTitleCheck(txId)
  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = RunTitleCheckInput.safeParse({ title_number: title })
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message)
      return
    }
    setError(undefined)
    run.mutate(parsed.data.title_number, {
      onSuccess: (check) =>
        notify.success(
          'Register obtained',
          check.flags.length
            ? `${check.flags.length} ${check.flags.length === 1 ? 'flag' : 'flags'} to look into.`
            : 'No flags: the sellers are the registered proprietors.',
        ),
      onError: (err) => setError(err.message),
    })
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-label="Obtain the register"
      className="flex flex-col gap-3 rounded-xl border bg-background p-5 sm:p-6"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">Obtain the register</h2>
        <SandboxBadge provider={label} detail="sample registers, not HM Land Registry data" />
      </div>
      <fieldset disabled={run.isPending} className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <FormField
          id="title-number"
          label="Title number"
          hint={
            sandboxTitles
              ? `Sandbox registers: ${sandboxTitles.join(', ')}. No fee is charged and no HM Land Registry data is used.`
              : 'As on the register, such as HD412873.'
          }
          error={error}
          className="flex-1"
        >
          {(f) => (
            <Input
              {...f}
              value={title}
              autoCapitalize="characters"
              className="uppercase"
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </FormField>
        <Button type="submit" className="sm:mb-[1.6rem]">
          {run.isPending ? 'Obtaining…' : 'Obtain official copy'}
        </Button>
      </fieldset>
    </form>
  )
}

function CheckCard({
  txId,
  check: c,
  latest,
  canRaise,
}: {
  txId: string
  check: TitleCheck
  latest: boolean
  canRaise: boolean
}) {
  return (
    <article
      aria-labelledby={`check-${c.id}`}
      className="flex flex-col gap-4 rounded-xl border bg-background p-5 shadow-sm sm:p-6"
    >
      <header className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`check-${c.id}`} className="text-lg font-semibold">
            {c.title_number} · {c.class_of_title}
          </h2>
          <p className="text-sm text-muted-foreground">
            Obtained {formatUkDateTime(c.checked_at)}
            {c.checked_by ? ` by ${c.checked_by}` : ''} · edition date {formatUkDate(c.edition_date)}
            {!latest && ' · superseded'}
          </p>
        </div>
        <div className="flex gap-2">
          <SandboxBadge provider={c.provider} detail="a sample register, not HM Land Registry data" />
          {c.flags.length ? (
            <Badge variant="destructive">
              {c.flags.length} {c.flags.length === 1 ? 'flag' : 'flags'}
            </Badge>
          ) : (
            <Badge variant="success">No flags</Badge>
          )}
        </div>
      </header>
      {c.flags.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label="Flags">
          {c.flags.map((f) => (
            <li key={f.message} className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm">
              <p className="flex gap-2">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-destructive" />
                <span>{f.message}</span>
              </p>
              {f.suggested_enquiry && canRaise && latest && <RaiseEnquiry txId={txId} body={f.suggested_enquiry} />}
            </li>
          ))}
        </ul>
      )}
      {c.flags.length === 0 && (
        <p className="flex items-center gap-2 text-sm">
          <CheckCircle2 aria-hidden="true" className="size-4 text-primary" />
          The sellers are the registered proprietors, with no restriction to comply with.
        </p>
      )}
      <dl className="grid gap-3 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold">Property (A register)</dt>
          <dd>
            {c.property_description}, {c.postcode} · {c.tenure === 'leasehold' ? 'Leasehold' : 'Freehold'}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Registered proprietors (B register)</dt>
          <dd>{c.proprietors.map((p) => p.name).join(' and ')}</dd>
        </div>
        <div>
          <dt className="font-semibold">Price paid</dt>
          <dd>
            {c.price_paid
              ? `${formatGbpFromPence(c.price_paid.amount_pence, { whole: true })} on ${formatUkDate(c.price_paid.date)}`
              : 'Not shown on the register'}
          </dd>
        </div>
        <div>
          <dt className="font-semibold">Charges (C register)</dt>
          <dd>
            {c.charges.length
              ? c.charges.map((ch) => `${ch.lender} (${formatUkDate(ch.date)})`).join('; ')
              : 'No registered charges'}
          </dd>
        </div>
        <div className="sm:col-span-2">
          <dt className="font-semibold">Restrictions</dt>
          <dd>{c.restrictions.length ? c.restrictions.join(' ') : 'None'}</dd>
        </div>
      </dl>
      {c.document_id && (
        <p className="flex items-center gap-2 text-sm">
          <FileText aria-hidden="true" className="size-4 text-muted-foreground" />
          The register summary is filed in Documents, Property: “Register {c.title_number}.pdf”.
        </p>
      )}
    </article>
  )
}

function RaiseEnquiry({ txId, body }: { txId: string; body: string }) {
  const raise = useRaiseTitleEnquiry(txId)
  if (raise.isSuccess) return <p className="mt-2 text-sm font-semibold">Enquiry raised with the seller&apos;s side.</p>
  return (
    <div className="mt-2 flex flex-col gap-2">
      <p className="text-muted-foreground">Suggested enquiry: {body}</p>
      <Button
        size="sm"
        variant="outline"
        className="self-start"
        disabled={raise.isPending}
        onClick={() =>
          raise.mutate(body, {
            onSuccess: () =>
              notify.success('Enquiry raised', 'It is under Documents, Enquiries, with its reply clock.'),
            onError: (err) => notify.error('Could not raise the enquiry', err.message),
          })
        }
      >
        {raise.isPending ? 'Raising…' : 'Raise this enquiry'}
      </Button>
    </div>
  )
}
