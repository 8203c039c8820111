import { ChevronLeft } from 'lucide-react'
import { Link } from 'react-router'
import { PAGE_PATHS } from '#shared/paths.ts'
import { SignedInPage } from '../app/signed-in-page'
import { ApiAccessPanel } from '../features/api-access/components/api-access-panel'
import { PageTitle } from '../lib/page-meta'

/** /app/settings/api: the viewer's personal access tokens and webhook endpoints (signed in only). */
export function Component() {
  return (
    <>
      <PageTitle
        title="API and webhooks"
        description="Personal access tokens for the Homeward API, and webhook endpoints that receive signed events."
      />
      <SignedInPage>
        {() => (
          <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
            <div className="flex flex-col gap-1">
              <Link
                to={PAGE_PATHS.settings}
                className="inline-flex min-h-11 items-center gap-1 self-start text-sm text-muted-foreground hover:text-foreground"
              >
                <ChevronLeft aria-hidden="true" className="size-4" />
                Account settings
              </Link>
              <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">API and webhooks</h1>
              <p className="text-muted-foreground">
                Connect your case-management system: read and update your moves and matters with a token, and get events
                as they happen.
              </p>
            </div>
            <ApiAccessPanel />
          </div>
        )}
      </SignedInPage>
    </>
  )
}
