/**
 * The app's toast helper. spec: Business constants and limits: one toast at a time, shown for 4000 ms. Each call
 * replaces the toast on screen. sonner and its Toaster are loaded on the first toast, not with
 * every page: public pages never toast, so they never download it (providers.tsx mounts the
 * Toaster when toasterHost says one is wanted).
 */
import { useEffect } from 'react'

export const TOAST_DURATION_MS = 4000
export const VISIBLE_TOASTS = 1

type Kind = 'success' | 'error' | 'info'

let wanted = false
const listeners = new Set<() => void>()
let markMounted: () => void = () => {}
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve
})

/** The link between `notify` and the lazily mounted Toaster in providers.tsx. */
export const toasterHost = {
  /** Subscribes to the first toast request (for useSyncExternalStore). */
  subscribe(listener: () => void): () => void {
    listeners.add(listener)
    return () => listeners.delete(listener)
  },
  /** Whether a toast has been asked for, so the Toaster should be mounted. */
  isWanted: (): boolean => wanted,
  /** Called by the Toaster once it is mounted; queued toasts then show. */
  markMounted: (): void => markMounted(),
  /**
   * Mounts the (empty) Toaster now, for pages whose forms may fail: a toast asked for later, after
   * the network went, could not download sonner and would be lost.
   */
  preload: (): void => want(),
}

function want(): void {
  if (wanted) return
  wanted = true
  listeners.forEach((listener) => listener())
}

function show(kind: Kind, title: string, description?: string): void {
  want()
  void Promise.all([import('sonner'), mounted]).then(([{ toast }]) => {
    toast.dismiss()
    if (kind === 'info') toast(title, { description })
    else toast[kind](title, { description })
  })
}

export const notify = {
  /** A confirmation, e.g. notify.success('Welcome back!', "You've successfully signed in."). */
  success: (title: string, description?: string): void => show('success', title, description),
  /** A failure shown in the destructive style, e.g. notify.error('Error signing in', message). */
  error: (title: string, description?: string): void => show('error', title, description),
  /** Neutral information. */
  info: (title: string, description?: string): void => show('info', title, description),
}

/** Preloads the Toaster once the calling page has mounted (see toasterHost.preload). */
export function usePreloadedToaster(): void {
  useEffect(() => toasterHost.preload(), [])
}
