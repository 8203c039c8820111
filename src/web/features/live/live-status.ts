import { useSyncExternalStore } from 'react'

/** State of a live event stream: connecting, live, reconnecting after a drop, or off (not open). */
export type LiveStatus = 'connecting' | 'live' | 'reconnecting' | 'off'

const statuses = new Map<string, LiveStatus>()
const listeners = new Set<() => void>()

/** Records the state of the stream named `key` (a transaction id) and tells the subscribers. */
export function setLiveStatus(key: string, status: LiveStatus): void {
  if (statuses.get(key) === status) return
  if (status === 'off') statuses.delete(key)
  else statuses.set(key, status)
  listeners.forEach((l) => l())
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The state of the stream named `key`, following changes (for the workspace header's indicator). */
export function useLiveStatus(key: string): LiveStatus {
  return useSyncExternalStore(
    subscribe,
    () => statuses.get(key) ?? 'off',
    () => 'off',
  )
}
