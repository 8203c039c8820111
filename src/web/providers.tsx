import { QueryClientProvider, type QueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useSyncExternalStore, type ReactNode } from 'react'
import { TooltipProvider } from './components/ui/tooltip'
import { createQueryClient } from './lib/query-client'
import { toasterHost } from './lib/toast'

export { TOAST_DURATION_MS, VISIBLE_TOASTS } from './lib/toast'

/** The single-page app's one QueryClient; route loaders use it to start fetches early. */
export const appQueryClient = createQueryClient()

const AppToaster = lazy(() => import('./components/app-toaster'))

/** Mounts the sonner Toaster (one toast at a time, 4000 ms) once the first toast is asked for. */
function ToasterHost() {
  const wanted = useSyncExternalStore(toasterHost.subscribe, toasterHost.isWanted, () => false)
  if (!wanted) return null
  return (
    <Suspense fallback={null}>
      <AppToaster />
    </Suspense>
  )
}

/**
 * App-wide providers: TanStack Query (gcTime 5 min, 3 retries backing off 1 s to 30 s, mutations
 * never retried), Radix tooltips (700 ms delay, 300 ms skip) and the sonner Toaster. spec: Business constants and limits.
 * `client` is the browser's one QueryClient unless given (the server renders each page with its own).
 */
export function AppProviders({ children, client = appQueryClient }: { children: ReactNode; client?: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <TooltipProvider>
        {children}
        <ToasterHost />
      </TooltipProvider>
    </QueryClientProvider>
  )
}
