import { useDeferredValue, useEffect, useRef, useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import type { PipelineRow } from '#shared/contracts/mortgages.ts'
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  daysUntil,
  EXPIRY_REMINDER_DAYS,
  PIPELINE_SORT_LABELS,
  PIPELINE_SORTS,
  type ApplicationStage,
  type ClientStatus,
  type PipelineSort,
} from '#shared/domain/mortgages.ts'
import { brokerClientPath, mortgageCasePath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { ListPagination } from '#web/components/list-pagination.tsx'
import { formatUkDate, pluralise } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useCreateClient, usePipeline } from '../api'

/** 'Expires in 5 days' / 'Expired' badge beside a date within EXPIRY_REMINDER_DAYS or past. */
export function ExpiryNote({ on, today }: { on: string | null; today: string }) {
  if (!on) return <span className="text-muted-foreground">None</span>
  const days = daysUntil(on, today)
  return (
    <span className="flex flex-wrap items-center gap-1.5">
      <span>{formatUkDate(on)}</span>
      {days < 0 ? (
        <Badge variant="destructive">Expired</Badge>
      ) : days <= EXPIRY_REMINDER_DAYS ? (
        <Badge variant="gold">{days === 0 ? 'Expires today' : `Expires in ${pluralise(days, 'day')}`}</Badge>
      ) : null}
    </span>
  )
}

function Row({ row, today }: { row: PipelineRow; today: string }) {
  const to = row.client_id
    ? brokerClientPath(row.client_id)
    : row.transaction_id
      ? mortgageCasePath(row.transaction_id)
      : '#'
  return (
    <li className="rounded-lg border bg-background p-4" data-testid="pipeline-row">
      <div className="flex flex-col gap-3 md:grid md:grid-cols-[2fr_1fr_1.3fr_1fr] md:items-center md:gap-4">
        <div className="min-w-0">
          <span className="flex flex-wrap items-center gap-2">
            <Link to={to} className="font-semibold break-words text-primary underline-offset-2 hover:underline">
              {row.client_name ?? 'Buyer not yet on the move'}
            </Link>
            {row.client_status === 'lead' && <Badge variant="muted">Lead</Badge>}
          </span>
          <p className="text-sm break-words text-muted-foreground">
            {row.address ?? (row.transaction_id ? 'No property yet' : 'Not on a move yet')}
          </p>
        </div>
        <dl className="contents text-sm">
          <div>
            <dt className="text-xs text-muted-foreground md:sr-only">Stage</dt>
            <dd>
              <Badge variant="soft">{APPLICATION_STAGE_LABELS[row.stage]}</Badge>
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground md:sr-only">Decision in principle</dt>
            <dd>
              {row.dip_lender ? <span className="block">{row.dip_lender}</span> : null}
              <ExpiryNote on={row.dip_expires_on} today={today} />
            </dd>
          </div>
          <div>
            <dt className="text-xs text-muted-foreground md:sr-only">Offer expiry</dt>
            <dd>
              <ExpiryNote on={row.offer_expires_on} today={today} />
            </dd>
          </div>
        </dl>
      </div>
    </li>
  )
}

/** "Add a client or lead": name, contact, lead or client, joint applicants; opens the new record. */
function AddClient({ onDone }: { onDone: () => void }) {
  const [name, setName] = useState('')
  const [email, setEmail] = useState('')
  const [phone, setPhone] = useState('')
  const [status, setStatus] = useState<ClientStatus>('lead')
  const [joint, setJoint] = useState<string[]>([])
  const create = useCreateClient()
  const navigate = useNavigate()
  const nameRef = useRef<HTMLInputElement>(null)
  // The form opens on the name: focus moves there from the button that opened it.
  useEffect(() => nameRef.current?.focus(), [])
  const fields = (create.error as { fields?: Record<string, string[]> } | null)?.fields ?? {}
  const submit = (e: FormEvent) => {
    e.preventDefault()
    create.mutate(
      { name, email, phone, status, joint_applicants: joint.map((n) => ({ name: n })) },
      {
        onSuccess: (c) => {
          notify.success(`${c.name} added`)
          onDone()
          void navigate(brokerClientPath(c.id))
        },
      },
    )
  }
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label="Add a client or lead"
      className="grid gap-3 rounded-lg border bg-background p-4 sm:grid-cols-2"
    >
      <FormField id="new-name" label="Client's name" error={fields.name?.[0]}>
        {(p) => <Input {...p} ref={nameRef} value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <FormField id="new-status" label="Lead or client">
        {(p) => (
          <NativeSelect {...p} value={status} onChange={(e) => setStatus(e.target.value as ClientStatus)}>
            {CLIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CLIENT_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id="new-email" label="Email" error={fields.email?.[0]}>
        {(p) => <Input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </FormField>
      <FormField id="new-phone" label="Phone" error={fields.phone?.[0]}>
        {(p) => <Input {...p} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />}
      </FormField>
      {joint.map((j, i) => (
        <div key={i} className="flex items-end gap-2 sm:col-span-2">
          <FormField
            id={`new-joint-${i}`}
            label={`Joint applicant ${i + 1}`}
            className="min-w-0 flex-1"
            error={fields[`joint_applicants.${i}.name`]?.[0]}
          >
            {(p) => (
              <Input
                {...p}
                value={j}
                onChange={(e) => setJoint((was) => was.map((x, k) => (k === i ? e.target.value : x)))}
              />
            )}
          </FormField>
          <Button type="button" variant="outline" onClick={() => setJoint((was) => was.filter((_, k) => k !== i))}>
            Remove
          </Button>
        </div>
      ))}
      <div className="flex flex-wrap gap-3 sm:col-span-2">
        {joint.length < 3 && (
          <Button type="button" variant="outline" onClick={() => setJoint((was) => [...was, ''])}>
            Add a joint applicant
          </Button>
        )}
        <Button type="submit" disabled={create.isPending}>
          Add client
        </Button>
        <Button type="button" variant="ghost" onClick={onDone}>
          Cancel
        </Button>
      </div>
      {create.error && (
        <p role="alert" className="text-sm font-medium text-destructive sm:col-span-2">
          {create.error.message}
        </p>
      )}
    </form>
  )
}

/**
 * /app/pipeline: the mortgage broker's home. Their firm's clients and leads (made here, before any
 * offer) and the buyers whose move they are the broker on: the application's stage, the latest DIP
 * (lender, expiry) and the offer's expiry; searched by client name or address, filtered by stage,
 * lender and DIPs expiring within 14 days, sorted (soonest expiry first by default) on the server.
 * A DIP or offer within 14 days of expiry carries a badge. Loading, empty and error states. One page
 * of 25 at a time ('Showing 26–50 of 312', Previous and Next; a new search, filter or sort starts
 * from the first page); the page before stays while the next loads, and focus moves to the list.
 */
export function PipelinePage() {
  const [adding, setAdding] = useState(false)
  const [q, setQ] = useState('')
  const [stage, setStage] = useState<ApplicationStage | ''>('')
  const [lender, setLender] = useState('')
  const [expiring, setExpiring] = useState(false)
  const [sort, setSort] = useState<PipelineSort>('expiry')
  const [page, setPage] = useState(1)
  const listRef = useRef<HTMLUListElement>(null)
  const search = useDeferredValue(q)
  const pipeline = usePipeline({
    ...(search.trim() ? { q: search.trim() } : {}),
    ...(stage ? { stage } : {}),
    ...(lender ? { lender } : {}),
    ...(expiring ? { dip_expiring: '1' as const } : {}),
    sort,
    ...(page > 1 ? { page } : {}),
  })
  /** A new search, filter or sort starts from the first page. */
  const refilter =
    <T,>(update: (value: T) => void) =>
    (value: T) => {
      update(value)
      setPage(1)
    }
  const goToPage = (n: number) => {
    setPage(n)
    listRef.current?.focus()
    listRef.current?.scrollIntoView({ block: 'start', behavior: 'smooth' })
  }
  const filtered = !!(search.trim() || stage || lender || expiring)
  return (
    <div className="flex min-w-0 flex-col gap-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div>
          <h1 className="text-2xl font-bold">Pipeline</h1>
          <p className="text-sm text-muted-foreground">
            Your clients and leads, where each mortgage stands and what expires soon.
          </p>
        </div>
        {!adding && <Button onClick={() => setAdding(true)}>Add a client or lead</Button>}
      </div>
      {adding && <AddClient onDone={() => setAdding(false)} />}
      <div
        role="search"
        aria-label="Search and filter the pipeline"
        className="grid gap-3 rounded-lg border bg-background p-3 sm:grid-cols-2 lg:grid-cols-[1.6fr_1fr_1fr_1.4fr_auto] lg:items-end"
      >
        <FormField id="pipeline-q" label="Search">
          {(p) => (
            <Input
              {...p}
              type="search"
              placeholder="Client name or address"
              value={q}
              onChange={(e) => refilter(setQ)(e.target.value)}
            />
          )}
        </FormField>
        <FormField id="pipeline-stage" label="Stage">
          {(p) => (
            <NativeSelect
              {...p}
              value={stage}
              onChange={(e) => refilter(setStage)(e.target.value as ApplicationStage | '')}
            >
              <option value="">All stages</option>
              {APPLICATION_STAGES.map((s) => (
                <option key={s} value={s}>
                  {APPLICATION_STAGE_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="pipeline-lender" label="Lender">
          {(p) => (
            <NativeSelect {...p} value={lender} onChange={(e) => refilter(setLender)(e.target.value)}>
              <option value="">All lenders</option>
              {(pipeline.data?.lenders ?? []).map((l) => (
                <option key={l} value={l}>
                  {l}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <FormField id="pipeline-sort" label="Sort">
          {(p) => (
            <NativeSelect {...p} value={sort} onChange={(e) => refilter(setSort)(e.target.value as PipelineSort)}>
              {PIPELINE_SORTS.map((s) => (
                <option key={s} value={s}>
                  {PIPELINE_SORT_LABELS[s]}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        <label className="flex items-center gap-2 pb-2 text-sm">
          <input
            type="checkbox"
            className="size-4 accent-primary"
            checked={expiring}
            onChange={(e) => refilter(setExpiring)(e.target.checked)}
          />
          DIP expiring (14 days)
        </label>
      </div>
      {pipeline.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the pipeline" className="flex flex-col gap-3">
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </div>
      ) : pipeline.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4">
          <p>We could not load your pipeline: {pipeline.error.message}</p>
          <Button onClick={() => void pipeline.refetch()}>Try again</Button>
        </div>
      ) : pipeline.data.total === 0 ? (
        <div className="rounded-lg border bg-background p-6">
          <h2 className="font-semibold">No clients yet</h2>
          <p className="text-sm text-muted-foreground">
            Add a client or lead to start their fact find before any offer. When a buyer invites you to their move as
            their mortgage broker, it appears here too.
          </p>
        </div>
      ) : pipeline.data.rows.length === 0 && pipeline.data.matching > 0 ? (
        <div className="flex flex-col items-start gap-3 rounded-lg border bg-background p-6" role="status">
          <h2 className="font-semibold">There is no page {page}</h2>
          <p className="text-sm text-muted-foreground">
            {pluralise(pipeline.data.matching, 'client matches', 'clients match')} on fewer pages.
          </p>
          <Button variant="outline" onClick={() => goToPage(1)}>
            Go to the first page
          </Button>
        </div>
      ) : pipeline.data.rows.length === 0 ? (
        <div className="rounded-lg border bg-background p-6" role="status">
          <h2 className="font-semibold">Nothing matches</h2>
          <p className="text-sm text-muted-foreground">
            No client matches the search and filters. Clear them to see all {pluralise(pipeline.data.total, 'client')}.
          </p>
        </div>
      ) : (
        <>
          <p className="text-sm text-muted-foreground" role="status">
            {filtered
              ? `${pipeline.data.matching} of ${pluralise(pipeline.data.total, 'client')}`
              : pluralise(pipeline.data.total, 'client')}
          </p>
          <div
            aria-hidden="true"
            className="hidden px-4 text-xs font-medium text-muted-foreground md:grid md:grid-cols-[2fr_1fr_1.3fr_1fr] md:gap-4"
          >
            <span>Client and property</span>
            <span>Stage</span>
            <span>Decision in principle</span>
            <span>Offer expiry</span>
          </div>
          <ul
            ref={listRef}
            tabIndex={-1}
            className="flex scroll-mt-4 flex-col gap-3 outline-none aria-busy:opacity-60"
            aria-label="Your clients"
            aria-busy={pipeline.isPlaceholderData}
          >
            {pipeline.data.rows.map((row) => (
              <Row key={row.client_id ?? row.transaction_id} row={row} today={pipeline.data.today} />
            ))}
          </ul>
          <ListPagination
            page={page}
            pageSize={pipeline.data.page_size}
            matching={pipeline.data.matching}
            shown={pipeline.data.rows.length}
            loading={pipeline.isPlaceholderData}
            noun="clients"
            onPage={goToPage}
          />
        </>
      )}
    </div>
  )
}
