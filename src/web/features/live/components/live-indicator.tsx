import { cn } from '../../../lib/cn'
import { useLiveStatus } from '../live-status'

const TEXT = { live: 'Live', connecting: 'Connecting…', reconnecting: 'Reconnecting…' } as const

/** A small dot and word saying whether the workspace is receiving live updates. */
export function LiveIndicator({ txId, className }: { txId: string; className?: string }) {
  const status = useLiveStatus(txId)
  if (status === 'off') return null
  return (
    <span
      role="status"
      title={
        status === 'live'
          ? 'Changes by others appear here as they happen'
          : 'Trying to reconnect; the page still refreshes every 30 seconds'
      }
      className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground', className)}
      data-testid="live-indicator"
      data-status={status}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          status === 'live' ? 'bg-emerald-600' : 'animate-pulse bg-amber-500 motion-reduce:animate-none',
        )}
      />
      {TEXT[status]}
    </span>
  )
}
