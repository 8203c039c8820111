import { useParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { SurveyBookingPage } from '../features/surveys/components/survey-booking-page'
import { PageTitle } from '../lib/page-meta'

/** /app/transactions/:txId/survey: book, see and cancel the move's survey (signed in only). */
export function Component() {
  const { txId = '' } = useParams()
  return (
    <>
      <PageTitle title="Survey" description="Book a survey for your move." />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <SurveyBookingPage txId={txId} />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
