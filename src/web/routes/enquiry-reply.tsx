import { useParams } from 'react-router'
import { Logo } from '../components/logo'
import { SkipLink } from '../components/skip-link'
import { LinkReplyPage } from '../features/enquiries/components/link-reply-page'
import { PageTitle } from '../lib/page-meta'

/**
 * /enquiries/reply/:token: the reply link emailed to a seller's conveyancer not on Homeward
 * (decision 054). Open to everyone, no sign-in: the token is the secret and opens only its enquiries.
 */
export function Component() {
  const { token = '' } = useParams()
  return (
    <div className="flex min-h-screen flex-col bg-surface">
      <PageTitle title="Reply to pre-contract enquiries" description="Answer the enquiries sent to your firm." />
      <SkipLink />
      <header className="border-b bg-background">
        <div className="mx-auto flex h-16 max-w-3xl items-center px-4 sm:px-6">
          <Logo />
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-8 outline-none sm:px-6">
        <LinkReplyPage token={token} />
      </main>
    </div>
  )
}
