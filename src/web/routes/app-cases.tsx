import { Navigate, useSearchParams } from 'react-router'
import { firmInvitationPath } from '#shared/paths.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { CasesBoard } from '../features/cases/components/cases-board'
import { FirmOnboarding } from '../features/firm/components/firm-onboarding'
import { PageTitle } from '../lib/page-meta'
import { useSession } from '../lib/session/api'

/**
 * /app/cases: the cases board, a professional's home (signed in only). A professional without a firm
 * is offered to claim their listing or create their firm (the firm feature) instead of the board.
 * A firm invitation link of the old form (?join={token}) opened signed out goes to the joining page.
 */
export function Component() {
  const pageMeta = { title: 'Cases', description: 'Every matter of your firm, its stage, next task and SLA.' }
  const [params] = useSearchParams()
  const session = useSession()
  const join = params.get('join')
  if (join && !session.isPending && !session.data) return <Navigate to={firmInvitationPath(join)} replace />
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional>
            <CasesBoard noFirm={<FirmOnboarding email={me.user.email} />} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
