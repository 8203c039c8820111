import { SignedInPage } from '../app/signed-in-page'
import { AccreditationView } from '../features/accreditation/components/accreditation-view'
import { PageTitle } from '../lib/page-meta'

/** /app/accreditation: the firm's tier, each criterion met or not and the gap to the next tier. */
export function Component() {
  const pageMeta = {
    title: 'Accreditation',
    description: "Your firm's accreditation tier and what the next one needs.",
  }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInPage blocks={3}>{() => <AccreditationView />}</SignedInPage>
    </>
  )
}
