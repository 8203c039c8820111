import { WifiOff } from 'lucide-react'
import { useOnline } from '../lib/use-online'

/**
 * Shown across the signed-in app while the browser is offline: says that pages
 * cannot load and changes are not saved until the connection is back, instead of loading forever.
 */
export function OfflineBanner() {
  const online = useOnline()
  if (online) return null
  return (
    <div role="status" className="border-b border-slate-300 bg-slate-100 text-slate-900">
      <p className="mx-auto flex w-full max-w-6xl items-center gap-2 px-4 py-3 text-sm sm:px-6">
        <WifiOff aria-hidden="true" className="size-4 shrink-0" />
        <span>
          <strong>You are offline.</strong> Pages cannot load and changes are not saved until your connection is back.
          Ticked tasks are sent when you reconnect.
        </span>
      </p>
    </div>
  )
}
