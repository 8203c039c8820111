import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect } from 'react'
import { endpointUrl } from '#shared/contracts/endpoint.ts'
import { liveEndpoints, type LiveEvent } from '#shared/contracts/live.ts'
import { chatKeys, taskMutationKey, transactionQueryKey } from '#web/lib/query-keys.ts'
import { openEventStream } from '#web/lib/event-stream.ts'
import { invalidationsFor, type Invalidation } from './invalidations'
import { setLiveStatus } from './live-status'

/** Events arriving within this window share one round of refetches. */
const BATCH_MS = 150

/**
 * Keeps one transaction's screens live: listens to GET /api/transactions/{txId}/events
 * (SSE, `event: activity`, LiveEvent data) and invalidates exactly the queries each event touches
 * (see invalidationsFor), batched so a burst refetches once. The detail's 30 s refetchInterval stays
 * as the fallback. Invalidations wait while a task tick is pending, so that a refetch cannot show the
 * state from before it. Closes on unmount; the connection state feeds the header's indicator.
 */
export function useTransactionLiveUpdates(txId: string): void {
  const queryClient = useQueryClient()
  useEffect(() => {
    if (!txId || typeof EventSource === 'undefined') return
    const pending = new Map<string, Invalidation>()
    let flushTimer: ReturnType<typeof setTimeout> | undefined
    const flush = () => {
      flushTimer = undefined
      // While a task tick is on its way, a refetch could answer from before it commits and undo the
      // ticked box on screen for a moment; wait until it settles (its answer refreshes the detail).
      if (queryClient.isMutating({ mutationKey: taskMutationKey(txId) }) > 0) {
        flushTimer = setTimeout(flush, BATCH_MS)
        return
      }
      for (const inv of pending.values())
        void queryClient.invalidateQueries({ queryKey: inv.queryKey, exact: inv.exact })
      pending.clear()
    }
    const queue = (list: Invalidation[]) => {
      for (const inv of list) pending.set(JSON.stringify([inv.queryKey, !!inv.exact]), inv)
      flushTimer ??= setTimeout(flush, BATCH_MS)
    }
    const refetchAll = () =>
      queue(
        [transactionQueryKey(txId), chatKeys.all(txId)].map((queryKey: QueryKey, i) => ({
          queryKey,
          exact: i === 0,
        })),
      )
    const close = openEventStream({
      url: endpointUrl(liveEndpoints.events, { params: { txId } }),
      event: 'activity',
      onStatus: (status) => setLiveStatus(txId, status),
      onMessage: (data) => {
        const event = data as Partial<LiveEvent>
        if (typeof event.kind !== 'string') return
        queue(invalidationsFor({ kind: event.kind, payload: event.payload ?? {} }, txId))
      },
      onReopen: refetchAll,
      // Removed from the move or signed out: refetching the detail answers 404, which sends them home.
      onRevoked: refetchAll,
    })
    return () => {
      close()
      clearTimeout(flushTimer)
      setLiveStatus(txId, 'off')
    }
  }, [txId, queryClient])
}

/** Renders nothing; mounts useTransactionLiveUpdates where a hook cannot be called directly. */
export function TransactionLiveUpdates({ txId }: { txId: string }) {
  useTransactionLiveUpdates(txId)
  return null
}
