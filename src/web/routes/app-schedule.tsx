import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { SchedulePage } from '../features/surveys/components/schedule-page'
import { PageTitle } from '../lib/page-meta'

/** /app/schedule: the surveyor's workbench and home (signed in only): visits by day or week, reports, payouts. */
export function Component() {
  const pageMeta = { title: 'Schedule', description: 'Your survey visits by day and week, reports and payouts.' }
  return (
    <>
      <PageTitle {...pageMeta} />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional>
            <SchedulePage />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
