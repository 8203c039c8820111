import { FileText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { PROPERTY_FORM_TITLES, type PropertyFormKind } from '#shared/domain/property-forms.ts'
import { propertyFormPath, transactionPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatUkDateTime } from '#web/lib/formatters.ts'
import { usePropertyForm } from '../api'
import { FormEditor } from './form-editor'
import { FormReadView, type AnswerEnquiry } from './form-read-view'

const INTRO: Record<PropertyFormKind, string> = {
  ta6: "The seller's answers about the property: boundaries, disputes, notices, alterations, guarantees, services and more, as the Law Society's TA6 asks them.",
  ta10: 'What stays and what goes: each fitting and content included, excluded (with its price) or not there, as the Law Society’s TA10 asks.',
}

/**
 * A property information form of the move (/app/transactions/{txId}/forms/{form}): the seller's side
 * fills it section by section and the seller signs it; once signed, or for the buyer's side, the
 * answers are read here, and the buyer's conveyancer raises an enquiry on any answer (`raiseEnquiry`,
 * composed by the route from the enquiries feature).
 */
export function PropertyFormPage({
  txId,
  form,
  section,
  onSectionChange,
  raiseEnquiry,
}: {
  txId: string
  form: PropertyFormKind
  section: string | null
  onSectionChange: (section: string) => void
  raiseEnquiry: (enquiry: AnswerEnquiry) => ReactNode
}) {
  const query = usePropertyForm(txId, form)
  const other: PropertyFormKind = form === 'ta6' ? 'ta10' : 'ta6'
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6">
      <div>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          <Link className="underline" to={transactionPath(txId)}>
            Back to the move
          </Link>
          <Link className="underline" to={propertyFormPath(txId, other)}>
            Open the {PROPERTY_FORM_TITLES[other]}
          </Link>
        </div>
        <div className="mt-2 flex flex-wrap items-center gap-3">
          <h1 className="text-3xl font-semibold tracking-tight">{PROPERTY_FORM_TITLES[form]}</h1>
          {query.data && (
            <Badge variant={query.data.status === 'signed' ? 'success' : 'outline'}>
              {query.data.status === 'signed'
                ? 'Signed'
                : query.data.status === 'draft'
                  ? 'In progress'
                  : 'Not started'}
            </Badge>
          )}
        </div>
        <p className="max-w-3xl text-muted-foreground">{INTRO[form]}</p>
      </div>
      {query.isPending ? (
        <div className="flex flex-col gap-3" role="status" aria-busy="true" aria-label="Loading the form">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-64 w-full" />
        </div>
      ) : query.isError ? (
        <div role="alert" className="flex flex-col items-start gap-3">
          <p className="text-destructive">The form could not be loaded: {query.error.message}</p>
          <Button variant="outline" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </div>
      ) : query.data.can_edit ? (
        <FormEditor
          key={`${txId}-${form}`}
          txId={txId}
          form={form}
          data={query.data}
          initialSection={section}
          onSectionChange={onSectionChange}
        />
      ) : query.data.signed ? (
        <>
          <div className="flex flex-col gap-3 rounded-xl border border-emerald-300 bg-emerald-50 p-4 sm:flex-row sm:items-center sm:justify-between">
            <p className="text-emerald-950">
              Signed by <strong>{query.data.signed.name}</strong> on {formatUkDateTime(query.data.signed.at)}
              {query.data.signed.document_id ? '.' : ', as the imported property pack says (signed outside this move).'}
            </p>
            {query.data.signed.document_id && (
              <Button asChild variant="outline" className="shrink-0">
                <Link to={transactionPath(txId, { tab: 'documents' })}>
                  <FileText aria-hidden="true" />
                  Signed PDF in Documents
                </Link>
              </Button>
            )}
          </div>
          <FormReadView
            txId={txId}
            form={form}
            data={query.data}
            raiseEnquiry={query.data.can_raise_enquiries ? raiseEnquiry : undefined}
          />
        </>
      ) : (
        <p className="rounded-xl border border-dashed p-6 text-center text-muted-foreground">
          The seller has not signed this form yet. Their answers appear here once they have.
        </p>
      )}
    </div>
  )
}
