import {
  lazy,
  memo,
  Suspense,
  useDeferredValue,
  useEffect,
  useMemo,
  useState,
  type FormEvent,
  type ReactNode,
} from 'react'
import { Link } from 'react-router'
import type { BoardResponse, BoardRow } from '#shared/contracts/firms.ts'
import {
  BOARD_SORTS,
  boardSortLabel,
  canBeFeeEarner,
  canManageFirm,
  canOpenMatter,
  matterSideLabel,
  memberRoleLabel,
  SLA_FILTERS,
  slaFilterLabel,
  slaStatusLabel,
  type BoardView,
} from '#shared/domain/firms.ts'
import { clockWording } from '#shared/domain/sla-wording.ts'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import { londonDate } from '#shared/domain/working-days.ts'
import { OPEN_MATTER_PATH, transactionPath } from '#shared/paths.ts'
import { SeatHolderName } from '#web/components/not-on-homeward-badge.tsx'
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { Label } from '#web/components/ui/label.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { useLatestSearchParams } from '#web/lib/use-latest-search-params.ts'
import { formatUkDate, formatUkDateTime, pluralise } from '#web/lib/formatters.ts'
import { useBoard, useFirmFigures, type BoardFilters } from '../api'
import { FirmInvitationOffer } from './firm-invitation'
import { filterBoardRows } from '../filter-rows'
import { ReassignDialog } from './reassign-dialog'
import { isProRequired, ProUpsell } from '#web/components/pro-upsell.tsx'

// Loaded when first opened: it carries the CSV parser, which the board itself does not need.
const ImportMattersDialog = lazy(() =>
  import('./import-matters-dialog').then((m) => ({ default: m.ImportMattersDialog })),
)

const STAGE_NAMES = standardTimeline({ tenure: 'freehold' }).map((s) => s.stageName)
const FILTER_KEYS = ['stage', 'sla', 'side', 'fee_earner', 'q', 'sort'] as const

const SLA_VARIANT: Record<string, BadgeVariant> = {
  breached: 'destructive',
  due_soon: 'gold',
  on_track: 'success',
  paused: 'muted',
  none: 'muted',
}

/** The row's driving clock, worded by the one SLA wording (sla-wording.ts) on today's London date. */
function SlaBadge({ row }: { row: BoardRow }) {
  if (row.sla.status === 'none' || !row.sla.clock) {
    return <Badge variant={SLA_VARIANT.none}>{slaStatusLabel('none')}</Badge>
  }
  const w = clockWording(
    { sla: row.sla.status, paused: row.sla.paused, dueDate: row.sla.due_on },
    londonDate(new Date()),
  )
  return (
    <span className="flex flex-col gap-0.5">
      <span className="flex flex-wrap gap-1">
        <Badge variant={SLA_VARIANT[w.status]}>{w.label}</Badge>
        {row.sla.paused && w.status !== 'paused' && <Badge variant="muted">Paused</Badge>}
      </span>
      <span className="text-xs text-muted-foreground">
        {row.sla.clock}
        {w.due ? `, ${w.due}` : ''}
        {row.sla.paused ? ' (paused while its stage is blocked)' : ''}
      </span>
    </span>
  )
}

const dateOrDash = (d: string | null) => (d ? formatUkDate(d) : '—')

/** How long typing must pause before the search text goes into the URL and to the server. */
const SEARCH_PAUSE_MS = 400

// Memoised: a keystroke in the search re-renders the board's form at once, and the 100 rows only
// when the (deferred) filtered list changes, so the typed letter paints within the frame.
const CasesTable = memo(CasesTableView)
const CasesColumns = memo(CasesColumnsView)

/**
 * /app/cases: the firm's matters as a table or a board (one column per timeline stage), with filters,
 * sorting and the view kept in the URL, pages of 100 loaded on request. Typing in the search narrows
 * the loaded rows in the browser at once (filter-rows.ts); the text reaches the URL, and so the
 * server, when typing pauses (SEARCH_PAUSE_MS) or on Search. Admins and fee earners open a matter
 * or import matters from a CSV (import-matters-dialog.tsx) from here; admins reassign a matter's fee earner from its row. Without a firm it shows `noFirm`
 * (claim a listing or create the firm) instead of the board.
 */
export function CasesBoard({ noFirm }: { noFirm: ReactNode }) {
  const [params, update] = useLatestSearchParams()
  const view: BoardView = params.get('view') === 'board' ? 'board' : 'table'
  const filters = useMemo(() => {
    const f: Record<string, string> = {}
    for (const k of FILTER_KEYS) {
      const v = params.get(k)
      if (v) f[k] = v
    }
    return f as BoardFilters
  }, [params])
  const board = useBoard(filters)
  const [text, setText] = useState(filters.q ?? '')
  const joinToken = params.get('join')

  const set = (key: string, value: string) =>
    update((next) => {
      if (value) next.set(key, value)
      else next.delete(key)
    })
  const onSearch = (e: FormEvent) => {
    e.preventDefault()
    set('q', text.trim())
  }
  useEffect(() => {
    const q = text.trim()
    if (q === (filters.q ?? '')) return
    const timer = setTimeout(
      () =>
        update((next) => {
          if (q) next.set('q', q)
          else next.delete('q')
        }),
      SEARCH_PAUSE_MS,
    )
    return () => clearTimeout(timer)
  }, [text, filters.q, update])

  const first: BoardResponse | undefined = board.data?.pages[0]
  const pages = board.data?.pages
  const loaded = useMemo(() => pages?.flatMap((p) => p.rows) ?? [], [pages])
  // The server's rows already match the URL's text; narrowing them by what is typed now is exact for
  // longer text and shows a subset, until the server answers, for shorter.
  const typed = useDeferredValue(text)
  const rows = useMemo(() => filterBoardRows(loaded, typed), [loaded, typed])
  const figures = useFirmFigures().data?.figures
  const [reassigning, setReassigning] = useState<BoardRow | null>(null)
  const [importing, setImporting] = useState(false)
  const canReassign = canManageFirm(first?.viewer_role)
  const onReassign = canReassign ? setReassigning : undefined

  if (first && !first.viewer_role) {
    return (
      <div className="flex flex-col gap-4">
        <h1 className="text-2xl font-bold">Cases</h1>
        {/* Holding an invitation: its one offer is to join that firm, not to create one. */}
        {joinToken ? <FirmInvitationOffer compact token={joinToken} onJoined={() => set('join', '')} /> : noFirm}
      </div>
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Cases</h1>
          {first && first.viewer_role && (
            <p className="text-sm text-muted-foreground" data-testid="firm-figures">
              {/* The firm's figures, from the one definition the accreditation page and onboarding read. */}
              {figures
                ? `${pluralise(figures.matters, 'matter')} (${figures.live} live, ${figures.completed} completed${figures.cancelled ? `, ${figures.cancelled} cancelled` : ''}) · `
                : ''}
              you are {memberRoleLabel(first.viewer_role).toLowerCase()}
            </p>
          )}
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {canOpenMatter(first?.viewer_role) && (
            <>
              <Button asChild size="sm">
                <Link to={OPEN_MATTER_PATH}>Open a matter</Link>
              </Button>
              <Button size="sm" variant="outline" onClick={() => setImporting(true)}>
                Import matters
              </Button>
            </>
          )}
          <div role="group" aria-label="View" className="flex gap-1">
            {(['table', 'board'] as const).map((v) => (
              <Button
                key={v}
                size="sm"
                variant={view === v ? 'default' : 'outline'}
                aria-pressed={view === v}
                onClick={() => set('view', v === 'table' ? '' : v)}
              >
                {v === 'table' ? 'Table' : 'Board'}
              </Button>
            ))}
          </div>
        </div>
      </div>

      {joinToken && <FirmInvitationOffer compact token={joinToken} onJoined={() => set('join', '')} />}

      <form onSubmit={onSearch} className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-6" aria-label="Filters">
        <div className="flex flex-col gap-1 lg:col-span-2">
          <Label htmlFor="cases-q">Search address, postcode or client</Label>
          <div className="flex gap-2">
            <Input
              id="cases-q"
              value={text}
              onChange={(e) => setText(e.target.value)}
              placeholder="e.g. AL1 or Clarke"
            />
            <Button type="submit" variant="outline">
              Search
            </Button>
          </div>
        </div>
        <Filter id="cases-stage" label="Stage" value={filters.stage} onChange={(v) => set('stage', v)}>
          <option value="">All stages</option>
          {STAGE_NAMES.map((s) => (
            <option key={s}>{s}</option>
          ))}
        </Filter>
        <Filter id="cases-sla" label="SLA" value={filters.sla} onChange={(v) => set('sla', v)}>
          <option value="">Any SLA status</option>
          {SLA_FILTERS.map((s) => (
            <option key={s} value={s}>
              {slaFilterLabel(s)}
            </option>
          ))}
        </Filter>
        <Filter id="cases-side" label="Side" value={filters.side} onChange={(v) => set('side', v)}>
          <option value="">Both sides</option>
          <option value="buyer">Buyer&apos;s</option>
          <option value="seller">Seller&apos;s</option>
        </Filter>
        <Filter
          id="cases-fee-earner"
          label="Fee earner"
          value={filters.fee_earner}
          onChange={(v) => set('fee_earner', v)}
        >
          <option value="">Everyone</option>
          {first?.fee_earners.map((f) => (
            <option key={f.id} value={f.id}>
              {f.full_name}
            </option>
          ))}
        </Filter>
        <Filter id="cases-sort" label="Sort" value={filters.sort} onChange={(v) => set('sort', v)}>
          {BOARD_SORTS.map((s) => (
            <option key={s} value={s === 'instructed' ? '' : s}>
              {boardSortLabel(s)}
            </option>
          ))}
        </Filter>
      </form>

      {board.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading cases" className="flex flex-col gap-2">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : board.isError && isProRequired(board.error) ? (
        <ProUpsell message={board.error.message} />
      ) : board.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4">
          <p>We could not load your cases: {board.error.message}</p>
          <Button onClick={() => void board.refetch()}>Try again</Button>
        </div>
      ) : null}
      {first?.viewer_role && !board.isPending && !board.isError && (
        <p className="text-sm text-muted-foreground" aria-live="polite" data-testid="cases-shown">
          {pluralise(rows.length, 'matter')} shown
        </p>
      )}
      {board.isPending || board.isError ? null : rows.length === 0 ? (
        <div className="rounded-lg border p-6 text-center">
          <p className="font-medium">No matters found</p>
          <p className="text-sm text-muted-foreground">
            {Object.keys(filters).length ? 'Try clearing a filter.' : 'Matters your firm opens appear here.'}
          </p>
        </div>
      ) : view === 'table' ? (
        <CasesTable rows={rows} onReassign={onReassign} />
      ) : (
        <CasesColumns rows={rows} />
      )}

      {board.hasNextPage && (
        <Button variant="outline" onClick={() => void board.fetchNextPage()} disabled={board.isFetchingNextPage}>
          {board.isFetchingNextPage ? 'Loading…' : 'Load more matters'}
        </Button>
      )}
      {first && (
        <ReassignDialog
          row={reassigning}
          members={first.fee_earners.filter((f) => canBeFeeEarner(f.role))}
          onClose={() => setReassigning(null)}
        />
      )}
      {importing && (
        <Suspense fallback={null}>
          <ImportMattersDialog open={importing} onClose={() => setImporting(false)} />
        </Suspense>
      )}
    </div>
  )
}

function Filter({
  id,
  label,
  value,
  onChange,
  children,
}: {
  id: string
  label: string
  value: string | undefined
  onChange: (v: string) => void
  children: React.ReactNode
}) {
  return (
    <div className="flex flex-col gap-1">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} value={value ?? ''} onChange={(e) => onChange(e.target.value)}>
        {children}
      </NativeSelect>
    </div>
  )
}

function FeeEarner({ row, onReassign }: { row: BoardRow; onReassign?: (row: BoardRow) => void }) {
  return (
    <span className="flex flex-col items-start gap-1">
      <span>{row.fee_earner?.full_name ?? 'No fee earner'}</span>
      {onReassign && (
        <Button
          size="sm"
          variant="outline"
          className="h-7 px-2 text-xs"
          aria-label={`Reassign ${row.address}`}
          onClick={() => onReassign(row)}
        >
          Reassign
        </Button>
      )}
    </span>
  )
}

type RowProps = { r: BoardRow; onReassign?: (row: BoardRow) => void }

/** One matter as a phone card. Memoised: narrowing the list by typing re-renders none of the kept rows. */
const CaseCard = memo(function CaseCard({ r, onReassign }: RowProps) {
  return (
    <li data-testid="case-item" className="rounded-lg border bg-background p-3 text-sm">
      <Link className="font-medium underline-offset-2 hover:underline" to={transactionPath(r.transaction_id)}>
        {r.address}
      </Link>
      <div className="text-xs text-muted-foreground">
        {r.postcode} · {r.client_names.join(', ')} · {matterSideLabel(r.side)}
      </div>
      <div className="mt-1 text-xs">
        <span className="text-muted-foreground">Other side: </span>
        <SeatHolderName holder={r.other_conveyancer} compact />
      </div>
      <div className="mt-1">
        {r.stage ?? 'All stages done'}
        {r.stage_blocked && (
          <Badge variant="destructive" className="ml-1">
            Blocked
          </Badge>
        )}
        {' · '}
        {r.days_since_instruction} days
      </div>
      {r.next_task && (
        <div className="text-xs">
          Next: {r.next_task}
          {r.next_task_due ? `, due ${formatUkDate(r.next_task_due)}` : ''}
        </div>
      )}
      <div className="mt-1 flex items-start justify-between gap-2">
        <SlaBadge row={r} />
        <span className="flex flex-col items-end gap-1 text-xs text-muted-foreground">
          <span>
            {r.fee_earner?.full_name ?? 'No fee earner'}
            {r.unread_messages ? ` · ${pluralise(r.unread_messages, 'unread message')}` : ''}
          </span>
          {onReassign && (
            <Button
              size="sm"
              variant="outline"
              className="h-7 px-2 text-xs"
              aria-label={`Reassign ${r.address}`}
              onClick={() => onReassign(r)}
            >
              Reassign
            </Button>
          )}
        </span>
      </div>
    </li>
  )
})

/** One matter as a table row. Memoised as CaseCard is. */
const CaseRow = memo(function CaseRow({ r, onReassign }: RowProps) {
  return (
    <tr className="border-t align-top" data-testid="case-row">
      <td className="px-3 py-2">
        <Link className="font-medium underline-offset-2 hover:underline" to={transactionPath(r.transaction_id)}>
          {r.address}
        </Link>
        <div className="text-xs text-muted-foreground">{r.postcode}</div>
      </td>
      <td className="px-3 py-2">{r.client_names.join(', ')}</td>
      <td className="px-3 py-2">{matterSideLabel(r.side)}</td>
      <td className="max-w-36 px-2 py-2 text-xs">
        <SeatHolderName holder={r.other_conveyancer} dense />
      </td>
      <td className="px-3 py-2">
        {r.stage ?? 'All stages done'}
        {r.stage_blocked && (
          <Badge variant="destructive" className="ml-1">
            Blocked
          </Badge>
        )}
      </td>
      <td className="px-3 py-2">
        {r.next_task ?? '—'}
        {r.next_task_due && <div className="text-xs text-muted-foreground">due {formatUkDate(r.next_task_due)}</div>}
      </td>
      <td className="px-3 py-2">{r.days_since_instruction}</td>
      <td className="px-3 py-2 text-xs">
        Exchange {dateOrDash(r.target_exchange_date)}
        <br />
        Completion {dateOrDash(r.target_completion_date)}
      </td>
      <td className="px-3 py-2">
        <SlaBadge row={r} />
      </td>
      <td className="px-3 py-2 text-xs">{r.last_activity_at ? formatUkDateTime(r.last_activity_at) : '—'}</td>
      <td className="px-3 py-2">{r.unread_messages || ''}</td>
      <td className="px-3 py-2">
        <FeeEarner row={r} onReassign={onReassign} />
      </td>
    </tr>
  )
})

function CasesTableView({ rows, onReassign }: { rows: BoardRow[]; onReassign?: (row: BoardRow) => void }) {
  return (
    <>
      {/* Phones: one card per matter with the columns that decide what to do next. */}
      <ul className="flex flex-col gap-2 sm:hidden" aria-label="The firm's matters">
        {rows.map((r) => (
          <CaseCard key={r.matter_id} r={r} onReassign={onReassign} />
        ))}
      </ul>
      <div className="hidden overflow-x-auto rounded-lg border bg-background sm:block">
        <table className="w-full min-w-[1080px] text-left text-sm">
          <caption className="sr-only">The firm&apos;s matters</caption>
          <thead className="bg-muted/50 text-xs text-muted-foreground">
            <tr>
              {[
                'Property',
                'Client',
                'Side',
                'Other side',
                'Stage',
                'Next task',
                'Days',
                'Targets',
                'SLA',
                'Last activity',
                'Unread',
                'Fee earner',
              ].map((h) => (
                <th key={h} scope="col" className="px-3 py-2 font-medium">
                  {h}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <CaseRow key={r.matter_id} r={r} onReassign={onReassign} />
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}

function CasesColumnsView({ rows }: { rows: BoardRow[] }) {
  return (
    <div className="flex snap-x gap-3 overflow-x-auto pb-2" role="region" aria-label="Matters by stage">
      {STAGE_NAMES.map((stage) => {
        const inStage = rows.filter((r) => r.stage === stage)
        return (
          <section
            key={stage}
            aria-label={stage}
            className="flex w-72 shrink-0 snap-start flex-col gap-2 rounded-lg bg-muted/40 p-2"
          >
            <h2 className="px-1 text-sm font-semibold">
              {stage} <span className="text-muted-foreground">({inStage.length})</span>
            </h2>
            {inStage.map((r) => (
              <Link
                key={r.matter_id}
                to={transactionPath(r.transaction_id)}
                data-testid="case-card"
                className="flex flex-col gap-1 rounded-md border bg-background p-2 text-sm hover:border-primary"
              >
                <span className="font-medium">{r.address}</span>
                <span className="text-xs text-muted-foreground">
                  {r.client_names.join(', ')} · {matterSideLabel(r.side)} · {r.fee_earner?.full_name ?? 'no fee earner'}
                </span>
                <SlaBadge row={r} />
              </Link>
            ))}
          </section>
        )
      })}
    </div>
  )
}
