import { useState } from 'react'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { signedInHomePath } from '#shared/paths.ts'
import { AppHeader } from '../app/app-header'
import { Logo } from '../components/logo'
import { Spinner } from '../components/ui/spinner'
import { SkipLink } from '../components/skip-link'
import { AuthScreen } from '../features/auth/components/auth-screen'
import type { AuthTab } from '../features/auth/messages'
import { useFirmInvitationPreview } from '../features/cases/api'
import {
  FirmInvitationFacts,
  FirmInvitationOffer,
  firmInvitationSentence,
  firmInvitationUnavailable,
  SIGNUP_CHOICE_BY_FIRM_TYPE,
} from '../features/cases/components/firm-invitation'
import { OAuthButtons } from '../features/identities/components/oauth-buttons'
import { useSession } from '../lib/session/api'
import { useRenewSession } from '../lib/session/renew'
import { PageTitle } from '../lib/page-meta'

/**
 * /join/:token?email=: the link of an emailed invitation to join a firm. Open to everyone (the token
 * is the secret). Signed out, it names the firm and who invited on the Sign Up tab, with the invited
 * address (from the link) filled in and the trade's 'I am a...' chosen; Sign In is the other tab, and
 * both come back here. Signed in, its one action is "Join <firm>", then the person's home.
 */
export function Component() {
  useRenewSession()
  const { token = '' } = useParams()
  const [params] = useSearchParams()
  const session = useSession()
  const preview = useFirmInvitationPreview(token)
  const navigate = useNavigate()
  const [tab, setTab] = useState<AuthTab>('sign-up')
  const name = preview.data?.firm_name
  const head = (
    <PageTitle
      title={name ? `Join ${name}` : 'Join your firm'}
      description="You have been invited to join a firm on Homeward."
    />
  )

  if (session.isPending || (!session.data && preview.isPending)) {
    return (
      <main id="main" className="flex min-h-screen items-center justify-center bg-surface">
        {head}
        <Spinner label="Opening your invitation" />
      </main>
    )
  }

  if (!session.data && preview.data && !firmInvitationUnavailable(preview.data)) {
    const p = preview.data
    return (
      <>
        {head}
        <AuthScreen
          tab={tab}
          onTabChange={setTab}
          defaultEmail={params.get('email') ?? ''}
          defaultRole={SIGNUP_CHOICE_BY_FIRM_TYPE[p.firm_type]}
          next={`/join/${encodeURIComponent(token)}`}
          intro={{
            title: `Join ${p.firm_name} on Homeward`,
            body: (
              <div className="flex flex-col gap-3">
                <p>
                  {firmInvitationSentence(p)}{' '}
                  {tab === 'sign-up'
                    ? 'Create your account with the invited email to join. Have an account already? Use Sign In.'
                    : 'Sign in with the invited email to join.'}
                </p>
                <FirmInvitationFacts preview={p} />
              </div>
            ),
          }}
          ProviderButtons={OAuthButtons}
        />
      </>
    )
  }

  return (
    <div className="flex min-h-screen flex-col bg-surface">
      {head}
      <SkipLink />
      {session.data ? (
        <AppHeader email={session.data.user.email} professional />
      ) : (
        <header className="border-b bg-background">
          <div className="mx-auto flex h-16 max-w-6xl items-center px-4 sm:px-6">
            <Logo />
          </div>
        </header>
      )}
      <main
        id="main"
        tabIndex={-1}
        className="flex flex-1 items-start justify-center px-4 py-8 outline-none sm:items-center sm:py-12"
      >
        <div className="w-full max-w-lg rounded-2xl border bg-background p-6 shadow-sm sm:p-8">
          <FirmInvitationOffer
            token={token}
            onJoined={() => navigate(signedInHomePath(session.data?.roles ?? []), { replace: true })}
          />
        </div>
      </main>
    </div>
  )
}
