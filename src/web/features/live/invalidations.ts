import type { QueryKey } from '@tanstack/react-query'
import type { LiveEvent } from '#shared/contracts/live.ts'
import {
  chatKeys,
  DASHBOARD_QUERY_KEY,
  documentsKey,
  invitationsQueryKey,
  notificationKeys,
  transactionQueryKey,
  updateRequestsKey,
} from '#web/lib/query-keys.ts'

/** A query to invalidate; `exact` keeps a prefix key from reaching the queries below it. */
export interface Invalidation {
  queryKey: QueryKey
  exact?: boolean
}

/**
 * The queries one live event makes stale, and no others: the transaction detail for
 * everything (header, timeline, Overview's recent messages and activity), the thread list and that
 * thread's messages for message and thread events, the documents for document and signature events,
 * invitations for participant and invitation events, the dashboard for changes it summarises, and
 * the viewer's notifications for anything.
 */
export function invalidationsFor(event: Pick<LiveEvent, 'kind' | 'payload'>, txId: string): Invalidation[] {
  const out: Invalidation[] = [
    { queryKey: transactionQueryKey(txId), exact: true },
    { queryKey: notificationKeys.list },
  ]
  const [area] = event.kind.split('.')
  const threadId = typeof event.payload.threadId === 'string' ? event.payload.threadId : null
  switch (area) {
    case 'message':
    case 'thread':
      out.push({ queryKey: chatKeys.threads(txId) })
      if (threadId) out.push({ queryKey: chatKeys.messages(txId, threadId) })
      break
    case 'document':
    case 'signature':
      out.push({ queryKey: documentsKey(txId) })
      break
    case 'participant':
    case 'invitation':
      out.push({ queryKey: invitationsQueryKey(txId) }, { queryKey: DASHBOARD_QUERY_KEY })
      break
    case 'task':
    case 'stage':
    case 'status':
      out.push({ queryKey: DASHBOARD_QUERY_KEY })
      break
    case 'update_request':
    case 'update':
      out.push({ queryKey: updateRequestsKey(txId) })
      break
  }
  return out
}
