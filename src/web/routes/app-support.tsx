import { SignedInPage } from '../app/signed-in-page'
import { SupportChat } from '../features/support/components/support-chat'
import { PageTitle } from '../lib/page-meta'

/** /app/support: Help's Live Chat for signed-in people; signed out, /auth and back here. */
export function Component() {
  const pageMeta = { title: 'Support chat', description: 'Talk to the Homeward support team.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInPage blocks={1} blockClassName="h-96 w-full">
        {(me) => (
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
            <div className="flex flex-col gap-1">
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Support chat</h1>
              <p className="text-muted-foreground">Questions about Homeward or your move? Our team is here to help.</p>
            </div>
            <SupportChat email={me.user.email} />
          </div>
        )}
      </SignedInPage>
    </>
  )
}
