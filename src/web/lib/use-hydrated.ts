import { useSyncExternalStore } from 'react'

const subscribe = () => () => {}

/**
 * False while React hydrates a server-rendered page (and on the server), true once the page is
 * live. A control that only works with JavaScript says `aria-disabled` until then: a click before
 * React has attached its handlers would otherwise do nothing, silently. Also for content that
 * depends on the browser's clock, which the server's may not match.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
