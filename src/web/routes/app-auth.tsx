import { Navigate, useSearchParams } from 'react-router'
import { Spinner } from '../components/ui/spinner'
import { AuthScreen } from '../features/auth/components/auth-screen'
import { parseSignupChoice } from '#shared/domain/roles.ts'
import { authTabFrom, type AuthTab } from '../features/auth/messages'
import { OAuthButtons } from '../features/identities/components/oauth-buttons'
import { useSession } from '../lib/session/api'
import { DEFAULT_SIGNED_IN_PATH, safeNextPath } from '../lib/session/next-path'
import { useRenewSession } from '../lib/session/renew'
import { PageTitle } from '../lib/page-meta'

/**
 * /auth and /app (spec: Screens and routes): Sign In and Sign Up tabs. With a session, go on to `next` (a
 * same-origin path only) or /app/home; signing in or up lands there too. `?tab=sign-up` opens Sign Up
 * and `?email=` fills the email, `?role=` the 'I am a...' choice (links from an invitation use all three);
 * sign-up's emailed link goes on to `next` too. `?step=two-factor` asks for the
 * second factor of a sign-in begun by an OAuth callback (server auth/two-factor.ts).
 */
export function Component() {
  const head = (
    <PageTitle
      title="Sign in or create an account"
      description="Sign in to Homeward, or create a free account to follow your move from offer to completion."
    />
  )
  useRenewSession()
  const session = useSession()
  const [params, setParams] = useSearchParams()
  const next = safeNextPath(params.get('next'))
  const tab = authTabFrom(params.get('tab'))

  if (session.isPending) {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center bg-surface">
        {head}
        <Spinner label="Checking whether you are signed in" />
      </main>
    )
  }
  if (session.data) return <Navigate to={next ?? DEFAULT_SIGNED_IN_PATH} replace />

  const setTab = (value: AuthTab) =>
    setParams(
      (prev) => {
        const p = new URLSearchParams(prev)
        p.set('tab', value)
        return p
      },
      { replace: true },
    )

  return (
    <>
      {head}
      <AuthScreen
        tab={tab}
        onTabChange={setTab}
        defaultEmail={params.get('email') ?? ''}
        defaultRole={parseSignupChoice(params.get('role'))}
        step={params.get('step') === 'two-factor' ? 'two-factor' : undefined}
        next={next ?? undefined}
        notice={next?.startsWith('/invite/') ? 'Sign in or create an account to accept your invitation.' : undefined}
        ProviderButtons={OAuthButtons}
      />
    </>
  )
}
