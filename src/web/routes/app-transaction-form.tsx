import { useParams, useSearchParams } from 'react-router'
import { isProfessional } from '#shared/domain/academy.ts'
import { PROPERTY_FORM_TITLES, PROPERTY_FORMS, type PropertyFormKind } from '#shared/domain/property-forms.ts'
import { AppFrame, AppFrameFallback } from '../app/app-frame'
import { SignedInGate } from '../app/signed-in-gate'
import { RaiseEnquiriesDialog } from '../features/enquiries/components/raise-enquiries-dialog'
import { PropertyFormPage } from '../features/property-forms/components/property-form-page'
import { PageTitle } from '../lib/page-meta'
import { Component as NotFoundPage } from './not-found'

/**
 * /app/transactions/:txId/forms/:form (ta6, ta10): the seller's property information form, filled and
 * signed by the seller's side, read by the buyer's; `?section=` opens a section. The buyer's
 * conveyancer raises an enquiry on an answer through the enquiries feature's raise dialog.
 */
export function Component() {
  const { txId = '', form: formParam = '' } = useParams()
  const [search, setSearch] = useSearchParams()
  if (!(PROPERTY_FORMS as readonly string[]).includes(formParam)) return <NotFoundPage />
  const form = formParam as PropertyFormKind
  return (
    <>
      <PageTitle
        title={PROPERTY_FORM_TITLES[form]}
        description="The seller's answers about the property, question by question."
      />
      <SignedInGate fallback={<AppFrameFallback>{null}</AppFrameFallback>}>
        {(me) => (
          <AppFrame email={me.user.email} professional={isProfessional(me.roles)}>
            <PropertyFormPage
              txId={txId}
              form={form}
              section={search.get('section')}
              onSectionChange={(section) => setSearch({ section }, { replace: true })}
              raiseEnquiry={(q) => (
                <RaiseEnquiriesDialog
                  txId={txId}
                  triggerLabel="Raise an enquiry"
                  prefill={{
                    formQuestion: q.formQuestion,
                    citation: q.citation,
                    category: 'property_information',
                    body: `${q.citation}\nThe seller answered: ${q.answer}.\nPlease `,
                  }}
                />
              )}
            />
          </AppFrame>
        )}
      </SignedInGate>
    </>
  )
}
