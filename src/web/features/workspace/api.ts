import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useRef } from 'react'
import { transactionEndpoints, type StatusChangeInput, type TransactionDetail } from '#shared/contracts/transactions.ts'
import { callApi } from '#web/lib/api-client.ts'
import { ApiError } from '#web/lib/api-error.ts'
import { notify } from '#web/lib/toast.ts'
import { DASHBOARD_QUERY_KEY, taskMutationKey, transactionQueryKey } from '#web/lib/query-keys.ts'
import { withTaskStatus } from './optimistic'

/**
 * GET /api/transactions/{txId}: the whole workspace in one round trip (spec: The calls the product makes, 'Transaction
 * detail'). 404 (ApiError) when it does not exist or the viewer is not on it.
 */
export function transactionQueryOptions(txId: string) {
  return queryOptions({
    queryKey: transactionQueryKey(txId),
    queryFn: ({ signal }) => callApi(transactionEndpoints.detail, { params: { txId }, signal }),
    // Everyone on the move sees each other's changes: refresh when the tab regains focus and every 30 s.
    staleTime: 5_000,
    refetchInterval: 30_000,
  })
}

/** One transaction's detail. */
export function useTransaction(txId: string, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...transactionQueryOptions(txId), enabled })
}

/** Stores the server's refreshed detail and marks the dashboard stale (its progress, status or people changed). */
function storeDetail(queryClient: QueryClient, detail: TransactionDetail): void {
  queryClient.setQueryData(transactionQueryKey(detail.id), detail)
  void queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY })
}

/** After a refused change (409 stale version, 403), reload the detail so the screen shows the truth. */
function refreshAfterRefusal(queryClient: QueryClient, txId: string, error: unknown): void {
  if (error instanceof ApiError && [403, 404, 409].includes(error.status)) {
    void queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) })
  }
}

export interface TaskChange {
  taskId: string
  status: 'completed' | 'not_completed'
  version: number
}

/**
 * PATCH /api/transactions/{txId}/tasks/{taskId}: tick or untick, optimistically. The box changes at
 * once (stage percent and status re-derived); the server's detail replaces it on success, with any
 * other ticks still in flight re-applied on top so nothing flickers; on error the previous detail
 * comes back with a toast giving the server's message (409: someone else changed it first; 403: not
 * theirs). The toast lives here, not in `mutate` callbacks, because those fire for the latest call only.
 * `actorName` and `actorId` fill 'ticked by' in the optimistic view.
 * Changes on one move are sent one at a time (a mutation scope): a second click on a box whose first
 * change is still on its way is sent after it, on the version that change produced, instead of on
 * the version the box had when it was clicked (which the server would refuse as someone else's change).
 */
export function useUpdateTask(txId: string, actorName: string, actorId?: string) {
  const queryClient = useQueryClient()
  const key = transactionQueryKey(txId)
  // Per task, the version our last change was made on and the version the server gave it after: a
  // change clicked on the former is sent on the latter. Only our own changes are followed this way; a
  // change by someone else in between still gets its 409.
  const ownChanges = useRef(new Map<string, { from: Set<number>; to: number }>())
  return useMutation({
    mutationKey: taskMutationKey(txId),
    scope: { id: taskMutationKey(txId).join(':') },
    // Offline, the tick waits (paused, the row says 'Not saved yet') and is sent on reconnecting.
    networkMode: 'online',
    mutationFn: ({ taskId, status, version }: TaskChange) => {
      const own = ownChanges.current.get(taskId)
      const sent = own?.from.has(version) ? own.to : version
      return callApi(transactionEndpoints.updateTask, { params: { txId, taskId }, body: { status, version: sent } })
    },
    onMutate: async ({ taskId, status }) => {
      await queryClient.cancelQueries({ queryKey: key })
      const previous = queryClient.getQueryData<TransactionDetail>(key)
      if (previous) {
        queryClient.setQueryData(
          key,
          withTaskStatus(previous, taskId, status, { name: actorName, id: actorId, at: new Date().toISOString() }),
        )
      }
      return { previous }
    },
    onError: (error, { taskId }, context) => {
      const current = queryClient.getQueryData<TransactionDetail>(key)
      const before = context?.previous?.timeline_stages.flatMap((s) => s.tasks).find((t) => t.id === taskId)
      // Roll back only this task, keeping other ticks that succeeded meanwhile.
      if (current && before)
        queryClient.setQueryData(key, withTaskStatus(current, taskId, before.status as TaskChange['status']))
      else if (context?.previous) queryClient.setQueryData(key, context.previous)
      refreshAfterRefusal(queryClient, txId, error)
      notify.error(
        error instanceof ApiError && error.status === 409
          ? 'Someone else changed this task'
          : 'Could not update the task',
        error.message,
      )
    },
    onSuccess: (detail, variables) => {
      const after = detail.timeline_stages.flatMap((s) => s.tasks).find((t) => t.id === variables.taskId)
      if (after) {
        const own = ownChanges.current.get(variables.taskId)
        // The chain of our own changes goes on (from the version it was clicked on, or the one our
        // last change gave) or starts again: every version on it now leads to the new one.
        const chained = own && (own.from.has(variables.version) || own.to === variables.version)
        ownChanges.current.set(variables.taskId, {
          from: new Set(chained ? [...own.from, own.to, variables.version] : [variables.version]),
          to: after.version,
        })
      }
      // Changes still waiting (this one aside, which is still pending while this runs), this task's too.
      const pending = queryClient
        .getMutationCache()
        .findAll({ mutationKey: taskMutationKey(txId), status: 'pending' })
        .map((m) => m.state.variables as TaskChange | undefined)
        .filter((v): v is TaskChange => !!v && v !== variables)
      storeDetail(
        queryClient,
        pending.reduce((d, v) => withTaskStatus(d, v.taskId, v.status), detail),
      )
    },
  })
}

/**
 * PATCH /api/transactions/{txId}/stages/{stageId}: block with a reason, or clear (null).
 * Conveyancers only. Stores the refreshed detail.
 */
export function useUpdateStage(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({
      stageId,
      blocked_reason,
      version,
    }: {
      stageId: string
      blocked_reason: string | null
      version: number
    }) => callApi(transactionEndpoints.updateStage, { params: { txId, stageId }, body: { blocked_reason, version } }),
    onSuccess: (detail) => storeDetail(queryClient, detail),
    onError: (error) => refreshAfterRefusal(queryClient, txId, error),
  })
}

/**
 * POST /api/transactions/{txId}/status: activate, record exchange, record completion or cancel.
 * 409 with a message for a transition that is not open (or a stale version). Stores the detail.
 */
export function useChangeStatus(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: StatusChangeInput) =>
      callApi(transactionEndpoints.changeStatus, { params: { txId }, body: input }),
    onSuccess: (detail) => storeDetail(queryClient, detail),
    onError: (error) => refreshAfterRefusal(queryClient, txId, error),
  })
}

/** POST /api/transactions/{txId}/archive: the move (and the dashboard, which lists archived moves apart) reload. */
export function useArchiveMove(txId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (archived: boolean) => callApi(transactionEndpoints.archive, { params: { txId }, body: { archived } }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionQueryKey(txId) }),
        queryClient.invalidateQueries({ queryKey: DASHBOARD_QUERY_KEY }),
      ]),
  })
}
