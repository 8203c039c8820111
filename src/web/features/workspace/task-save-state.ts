import { useMutationState } from '@tanstack/react-query'
import type { TaskChange } from './api'

/** A tick on its way: 'saving' while the request is out, 'offline' while it waits for the network. */
export type TaskSaveState = 'saving' | 'offline'

/**
 * Whether a tick or untick of `taskId` is still unsaved: from the task mutations
 * in the cache (useUpdateTask, which waits for the network when the browser is offline and is sent
 * on reconnecting). Null when nothing is pending. Task ids are unique, so the transaction is not needed.
 */
export function useTaskSaveState(taskId: string): TaskSaveState | null {
  const states = useMutationState({
    filters: {
      status: 'pending',
      predicate: (m) =>
        m.options.mutationKey?.[3] === 'task' && (m.state.variables as TaskChange | undefined)?.taskId === taskId,
    },
    select: (m) => (m.state.isPaused ? 'offline' : 'saving') as TaskSaveState,
  })
  if (states.length === 0) return null
  return states.includes('offline') ? 'offline' : 'saving'
}
