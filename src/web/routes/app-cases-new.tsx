import { SignedInPage } from '../app/signed-in-page'
import { OpenMatterForm } from '../features/cases/components/open-matter-form'
import { PageTitle } from '../lib/page-meta'

/** /app/cases/new: open a matter for a client from the cases board (signed in only). */
export function Component() {
  return (
    <>
      <PageTitle title="Open a matter" description="Open a matter for a client and invite them to the move." />
      <SignedInPage blocks={2}>{(me) => <OpenMatterForm viewerEmail={me.user.email} />}</SignedInPage>
    </>
  )
}
