import type { ReactNode } from 'react'
import { OfflineBanner } from '../components/offline-banner'
import { usePreloadedToaster } from '../lib/toast'
import { VerifyEmailBanner } from '../features/auth/components/verify-email-banner'
import { SkipLink } from '../components/skip-link'
import { AppHeader } from './app-header'

/**
 * The frame of every signed-in page: skip link, the app header, the offline and confirm-your-email
 * banners and a centred main column. The Toaster is loaded at once, so a failure toast still shows
 * after the network has gone.
 */
export function AppFrame({
  email,
  professional = false,
  children,
}: {
  email: string
  /** Shows the professionals' links (Academy, Accreditation). */
  professional?: boolean
  children: ReactNode
}) {
  usePreloadedToaster()
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <SkipLink />
      <AppHeader email={email} professional={professional} />
      <OfflineBanner />
      <VerifyEmailBanner />
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 outline-none sm:px-6 sm:py-8"
      >
        {children}
      </main>
    </div>
  )
}

/** What a signed-in page shows while the session is checked: the frame's shape without content. */
export function AppFrameFallback({ children }: { children?: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <div className="h-16 border-b bg-background" />
      <main id="main" className="mx-auto flex w-full max-w-6xl flex-1 flex-col gap-6 px-4 py-6 sm:px-6 sm:py-8">
        {children}
      </main>
    </div>
  )
}
