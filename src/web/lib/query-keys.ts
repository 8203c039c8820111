/**
 * Query keys that more than one feature reads or invalidates: a task tick marks the dashboard
 * stale, an accepted invitation refreshes the transaction and the notifications, a live event
 * refreshes whichever screens it touches. They live here, below every feature, so that no feature
 * imports another to name its cache entries. A key only one feature uses stays in that feature's
 * api.ts. Each is a readonly tuple; a prefix key matches every query below it.
 */

/** One transaction's detail (GET /api/transactions/{txId}). */
export const transactionQueryKey = (txId: string) => ['transactions', 'detail', txId] as const

/** Mutation key of task ticks on one transaction (used to find ticks still in flight). */
export const taskMutationKey = (txId: string) => ['transactions', 'detail', txId, 'task'] as const

/** The dashboard list; every change to a transaction's progress, status or people invalidates it. */
export const DASHBOARD_QUERY_KEY = ['transactions', 'list'] as const

/** Every documents query of one transaction starts with this key; invalidate it after any change. */
export const documentsKey = (txId: string) => ['transactions', 'documents', txId] as const

/** One transaction's invitations. */
export const invitationsQueryKey = (txId: string) => ['transactions', 'invitations', txId] as const

/**
 * Query keys of chat. They sit outside the transaction detail's key so that invalidating the detail
 * does not refetch every open thread, and a new message refetches only its own thread.
 */
export const chatKeys = {
  all: (txId: string) => ['chat', txId] as const,
  threads: (txId: string) => ['chat', txId, 'threads'] as const,
  messages: (txId: string, threadId: string) => ['chat', txId, 'messages', threadId] as const,
}

/** Query keys of the viewer's notifications; live events invalidate the list, never the settings. */
export const notificationKeys = {
  list: ['notifications', 'list'] as const,
  settings: ['notifications', 'settings'] as const,
}

/** Query key of a transaction's update requests (GET .../update-requests). */
export const updateRequestsKey = (txId: string) => ['update-requests', txId] as const

/** The cases board (GET /api/cases, every filter and page below it); firm changes invalidate it too. */
export const CASES_BOARD_QUERY_KEY = ['cases-board'] as const

/** The viewer's firm, members and invitations (GET /api/firm). */
export const MY_FIRM_QUERY_KEY = ['firm', 'mine'] as const

/** The estate agent's portfolio (GET /api/portfolio, every filter below it). */
export const PORTFOLIO_QUERY_KEY = ['portfolio'] as const
