import type { ReactNode } from 'react'
import { Navigate, useLocation, useNavigation } from 'react-router'
import type { MeResponse } from '#shared/contracts/auth.ts'
import { Button } from '../components/ui/button'
import { useSession } from '../lib/session/api'
import { signInHref } from '../lib/session/next-path'
import { useRenewSession } from '../lib/session/renew'
import { PAGE_PATHS } from '#shared/paths.ts'

/**
 * Renders `children(me)` for a signed-in person. Without a session it goes to /auth, with `next`
 * set to the current address when `returnHere` (the workspace comes back after sign-in; /app/home
 * goes to plain /auth, spec: Screens and routes). While the session loads it shows `fallback`.
 */
export function SignedInGate({
  children,
  fallback,
  returnHere = true,
}: {
  children: (me: MeResponse) => ReactNode
  fallback: ReactNode
  returnHere?: boolean
}) {
  useRenewSession()
  const session = useSession()
  const location = useLocation()
  const navigation = useNavigation()
  if (session.isPending) return <>{fallback}</>
  if (session.isError) {
    return (
      <main id="main" className="mx-auto flex min-h-screen max-w-md flex-col items-start justify-center gap-4 px-6">
        <h1 className="text-2xl font-bold">We could not check your session</h1>
        <p role="alert" className="text-muted-foreground">
          {session.error.message}
        </p>
        <Button onClick={() => void session.refetch()}>Try again</Button>
      </main>
    )
  }
  if (!session.data) {
    // Signing out clears the session and then navigates away itself (use-sign-out.ts): while that
    // navigation is under way, do not start a second one back to sign-in with `next` set.
    if (navigation.state !== 'idle') return <>{fallback}</>
    const here = `${location.pathname}${location.search}${location.hash}`
    return <Navigate to={returnHere ? signInHref(here) : PAGE_PATHS.signIn} replace />
  }
  return <>{children(session.data)}</>
}
