import { SignedInPage } from '../app/signed-in-page'
import { AccreditationView } from '../features/accreditation/components/accreditation-view'
import { usePageMeta } from '../lib/use-page-meta'

/** /app/accreditation: the firm's tier, each criterion met or not and the gap to the next tier. */
export function Component() {
  usePageMeta({ title: 'Accreditation', description: "Your firm's accreditation tier and what the next one needs." })
  return <SignedInPage blocks={3}>{() => <AccreditationView />}</SignedInPage>
}
