import { ArrowLeft, FileDown, FileText, Percent, PoundSterling, Users } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { TransactionDetail } from '#shared/contracts/transactions.ts'
import { overallProgress } from '#shared/domain/progress.ts'
import { participantRoleLabel } from '#shared/domain/roles.ts'
import { formatGbpFromPence, formatUkDate, pluralise } from '#web/lib/formatters.ts'
import { addressParts } from '#web/lib/address.ts'
import { countDocuments } from '../documents'
import { ArchiveMove } from './archive-move'
import { StatusActions } from './status-actions'
import { TransactionStatusBadge } from '#web/components/transaction-status-badge.tsx'
import { PAGE_PATHS } from '#shared/paths.ts'
import { pdtfEndpoints } from '#shared/contracts/pdtf.ts'
import { Button } from '#web/components/ui/button.tsx'
import { endpointUrl } from '#shared/contracts/endpoint.ts'

/**
 * The workspace header (spec: Screens and routes): address, status badge, participant count, document count
 * and overall percent complete; plus the agreed price, tenure, key dates, the viewer's own role and
 * the status actions open to them. `liveStatus` sits beside the back link and `actions` before the
 * status actions (both from other features, see WorkspaceSlots), and the download of the move as a
 * PDTF property pack.
 */
export function WorkspaceHeader({
  detail,
  liveStatus,
  actions,
  offPlatformSummary,
}: {
  detail: TransactionDetail
  liveStatus?: ReactNode
  actions?: ReactNode
  /** Under the address: the professionals recorded as not on Homeward (WorkspaceSlots). */
  offPlatformSummary?: ReactNode
}) {
  const { title, subtitle } = addressParts(detail.property)
  const progress = overallProgress(detail.timeline_stages)
  const facts = [
    { label: 'Participants', value: pluralise(detail.transaction_participants.length, 'participant'), Icon: Users },
    { label: 'Documents', value: pluralise(countDocuments(detail.documents), 'document'), Icon: FileText },
    { label: 'Overall progress', value: `${progress}% complete`, Icon: Percent },
    ...(detail.agreed_price_pence != null
      ? [
          {
            label: 'Agreed price',
            value: formatGbpFromPence(detail.agreed_price_pence, { whole: detail.agreed_price_pence % 100 === 0 }),
            Icon: PoundSterling,
          },
        ]
      : []),
  ]
  const tenure = detail.property?.tenure
  return (
    <header className="flex flex-col gap-4">
      <div className="flex items-center justify-between gap-3">
        <Link
          to={PAGE_PATHS.home}
          className="inline-flex w-fit items-center gap-1.5 rounded-sm text-sm font-semibold text-primary hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Your transactions
        </Link>
        {liveStatus}
      </div>
      <div className="flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between">
        <div className="flex min-w-0 flex-col gap-2">
          <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
            <h1 className="text-2xl font-bold tracking-tight break-words sm:text-3xl">{title}</h1>
            <TransactionStatusBadge status={detail.status} className="text-sm" />
          </div>
          <p className="text-muted-foreground">
            {subtitle}
            {tenure && <span className="capitalize"> · {tenure}</span>}
            {detail.viewer_role && <> · You are the {participantRoleLabel(detail.viewer_role)}</>}
          </p>
          {offPlatformSummary}
        </div>
        <div className="flex flex-wrap items-start gap-2 lg:justify-end">
          {actions}
          <Button asChild variant="outline">
            <a
              href={endpointUrl(pdtfEndpoints.exportPdtf, { params: { txId: detail.id } })}
              download
              title="The property's data as a PDTF v3 property pack (JSON), for another system or the next buyer"
            >
              <FileDown aria-hidden="true" />
              Property pack (PDTF)
            </a>
          </Button>
          <StatusActions detail={detail} />
        </div>
      </div>
      <dl className="grid grid-cols-2 gap-x-6 gap-y-2 text-sm sm:flex sm:flex-wrap">
        {facts.map(({ label, value, Icon }) => (
          <div key={label} className="flex items-center gap-2">
            <dt>
              <Icon aria-hidden="true" className="size-4 text-muted-foreground" />
              <span className="sr-only">{label}</span>
            </dt>
            <dd className="font-medium" data-testid={`header-${label.toLowerCase().replace(/\s+/g, '-')}`}>
              {value}
            </dd>
          </div>
        ))}
      </dl>
      <KeyDates detail={detail} />
      <ArchiveMove detail={detail} />
    </header>
  )
}

/** Exchange and completion dates once recorded, and the reason a move was cancelled. */
function KeyDates({ detail }: { detail: TransactionDetail }) {
  if (detail.status === 'cancelled') {
    return (
      <p role="note" className="rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-900">
        <strong>Cancelled.</strong> {detail.cancelled_reason ?? 'No reason was given.'}
      </p>
    )
  }
  if (!detail.exchange_date && !detail.completion_date) return null
  return (
    <p className="rounded-lg border border-amber-200 bg-accent/60 p-3 text-sm text-accent-foreground">
      {detail.exchange_date && <>Contracts exchanged on {formatUkDate(detail.exchange_date)}. </>}
      {detail.completion_date && (
        <>
          {detail.status === 'completed' ? 'Completed on' : 'Completion agreed for'}{' '}
          {formatUkDate(detail.completion_date)}.
        </>
      )}
    </p>
  )
}
