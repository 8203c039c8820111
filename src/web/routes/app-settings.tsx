import { Skeleton } from '../components/ui/skeleton'
import { SettingsPage } from '../features/account/components/settings-page'
import { AppFrame, AppFrameFallback } from '../features/session/components/app-frame'
import { SignedInGate } from '../features/session/components/signed-in-gate'
import { usePageMeta } from '../lib/use-page-meta'

/** /app/settings: account settings, signed in only (without a session, /auth and back here afterwards). */
export function Component() {
  usePageMeta({ title: 'Account settings', description: 'Your name, password, sessions and security activity.' })
  return (
    <SignedInGate
      fallback={
        <AppFrameFallback>
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-6" aria-busy="true">
            <Skeleton className="h-9 w-64" />
            <Skeleton className="h-56 w-full" />
            <Skeleton className="h-56 w-full" />
          </div>
        </AppFrameFallback>
      }
    >
      {(me) => (
        <AppFrame email={me.user.email}>
          <SettingsPage me={me} />
        </AppFrame>
      )}
    </SignedInGate>
  )
}
