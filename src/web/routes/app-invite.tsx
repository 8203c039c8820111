import { useParams } from 'react-router'
import { InvitationView } from '../features/invitations/components/invitation-view'
import { Logo } from '../components/logo'
import { SkipLink } from '../components/skip-link'
import { useSession } from '../lib/session/api'
import { AppHeader } from '../app/app-header'
import { useRenewSession } from '../lib/session/renew'
import { PageTitle } from '../lib/page-meta'

/**
 * /invite/:token: an invitation link from an email. Open to everyone (the token is the secret): it
 * shows what the invitation is for and lets the invited person sign in or up and accept.
 */
export function Component() {
  const pageMeta = { title: 'Your invitation', description: 'You have been invited to join a move on Homeward.' }
  useRenewSession()
  const { token = '' } = useParams()
  const session = useSession()
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <PageTitle {...pageMeta} />
      <SkipLink />
      {session.data ? (
        <AppHeader email={session.data.user.email} />
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
          <InvitationView token={token} />
        </div>
      </main>
    </div>
  )
}
