import { cn } from '#web/lib/cn.ts'
import { useOnline } from '#web/lib/use-online.ts'
import { useLiveStatus } from '../live-status'

const TEXT = { live: 'Live', connecting: 'Connecting…', reconnecting: 'Reconnecting…', offline: 'Offline' } as const

const TITLE = {
  live: 'Changes by others appear here as they happen',
  connecting: 'Connecting for live updates',
  reconnecting: 'Trying to reconnect; the page still refreshes every 30 seconds',
  offline: 'You are offline: changes by others will not appear, and yours are saved when you reconnect',
} as const

/**
 * A small dot and word saying whether the workspace is receiving live updates: 'Live' (green) only
 * while the event stream is open and the browser is online; 'Offline' when the browser has no
 * network (the stream may look open for a while after the network goes); otherwise 'Connecting…'
 * or 'Reconnecting…' (amber).
 */
export function LiveIndicator({ txId, className }: { txId: string; className?: string }) {
  const stream = useLiveStatus(txId)
  const online = useOnline()
  if (stream === 'off') return null
  const status = online ? stream : 'offline'
  return (
    <span
      role="status"
      title={TITLE[status]}
      className={cn('inline-flex items-center gap-1.5 text-xs font-medium text-muted-foreground', className)}
      data-testid="live-indicator"
      data-status={status}
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-2 rounded-full',
          status === 'live' && 'bg-emerald-600',
          status === 'offline' && 'bg-slate-500',
          (status === 'connecting' || status === 'reconnecting') &&
            'animate-pulse bg-amber-500 motion-reduce:animate-none',
        )}
      />
      {TEXT[status]}
    </span>
  )
}
