import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { CasesBoard } from '../features/cases/components/cases-board'
import { usePageMeta } from '../lib/use-page-meta'

/** /app/cases: the cases board, a professional's home (signed in only). */
export function Component() {
  usePageMeta({ title: 'Cases', description: 'Every matter of your firm, its stage, next task and SLA.' })
  return (
    <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
      {(me) => (
        <AppFrame email={me.user.email}>
          <CasesBoard />
        </AppFrame>
      )}
    </SignedInGate>
  )
}
