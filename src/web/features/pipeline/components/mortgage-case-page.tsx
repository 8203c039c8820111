import { useState, type FormEvent } from 'react'
import { Link, useNavigate } from 'react-router'
import type { MortgageCase } from '#shared/contracts/mortgages.ts'
import {
  APPLICATION_STAGE_LABELS,
  APPLICATION_STAGES,
  londonDay,
  type ApplicationStage,
} from '#shared/domain/mortgages.ts'
import { brokerClientPath, PAGE_PATHS, transactionPath } from '#shared/paths.ts'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { lenderPackHref, useMortgageCase, useRecordDip, useStartClient, useUpdateApplication } from '../api'
import { poundsToPence } from './fact-find-editor'
import { AffordabilityRange, FundingPosition } from './funding-position'
import { Failure, Section } from './page-section'
import { ExpiryNote } from './pipeline-page'

function ApplicationForm({ c }: { c: MortgageCase }) {
  const [stage, setStage] = useState<ApplicationStage>(c.stage)
  const [offer, setOffer] = useState(c.offer_expires_on ?? '')
  const save = useUpdateApplication(c.transaction_id)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate(
      { stage, offer_expires_on: stage === 'offer_issued' ? offer || null : null },
      { onSuccess: () => notify.success('Application stage saved') },
    )
  }
  return (
    <form onSubmit={submit} className="flex flex-col gap-4 sm:flex-row sm:items-end" noValidate>
      <FormField id="stage" label="Stage" className="sm:w-64">
        {(p) => (
          <NativeSelect {...p} value={stage} onChange={(e) => setStage(e.target.value as ApplicationStage)}>
            {APPLICATION_STAGES.map((s) => (
              <option key={s} value={s}>
                {APPLICATION_STAGE_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      {stage === 'offer_issued' && (
        <FormField id="offer-expires" label="Offer expires on" className="sm:w-48">
          {(p) => <Input {...p} type="date" value={offer} onChange={(e) => setOffer(e.target.value)} />}
        </FormField>
      )}
      <Button type="submit" disabled={save.isPending}>
        Save stage
      </Button>
      <Failure error={save.error} />
    </form>
  )
}

/** The client record of this move: open it, or start it (the fact find lives there). */
function ClientRecord({ c }: { c: MortgageCase }) {
  const start = useStartClient(c.transaction_id)
  const navigate = useNavigate()
  return (
    <div className="flex flex-col gap-3">
      <FundingPosition p={c.position} />
      <AffordabilityRange a={c.affordability} />
      {c.client_id ? (
        <Button asChild variant="outline" className="self-start">
          <Link to={brokerClientPath(c.client_id)}>Open the client record and fact find</Link>
        </Button>
      ) : (
        <Button
          type="button"
          className="self-start"
          disabled={start.isPending}
          onClick={() => start.mutate(undefined, { onSuccess: (client) => void navigate(brokerClientPath(client.id)) })}
        >
          Start the fact find
        </Button>
      )}
      <Failure error={start.error} />
    </div>
  )
}

function DipForm({ c }: { c: MortgageCase }) {
  const [lender, setLender] = useState('')
  const [amount, setAmount] = useState('')
  const [years, setYears] = useState('25')
  const [reference, setReference] = useState('')
  const [issued, setIssued] = useState('')
  const [expires, setExpires] = useState('')
  const [documentId, setDocumentId] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const record = useRecordDip(c.transaction_id)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const pence = poundsToPence(amount)
    const term = Number(years)
    if (Number.isNaN(pence) || !Number.isInteger(term)) {
      setInvalid('Enter the amount in pounds and the term in whole years')
      return
    }
    setInvalid(null)
    record.mutate(
      {
        lender,
        amount_pence: pence,
        term_months: term * 12,
        reference,
        issued_on: issued,
        expires_on: expires,
        document_id: documentId || null,
      },
      {
        onSuccess: () => {
          notify.success('Decision in principle recorded')
          setLender('')
          setAmount('')
          setReference('')
          setIssued('')
          setExpires('')
          setDocumentId('')
        },
      },
    )
  }
  return (
    <form
      onSubmit={submit}
      className="grid gap-4 sm:grid-cols-2"
      noValidate
      aria-label="Record a decision in principle"
    >
      <FormField id="dip-lender" label="Lender">
        {(p) => <Input {...p} value={lender} onChange={(e) => setLender(e.target.value)} />}
      </FormField>
      <FormField id="dip-reference" label="Lender's reference">
        {(p) => <Input {...p} value={reference} onChange={(e) => setReference(e.target.value)} />}
      </FormField>
      <FormField id="dip-amount" label="Amount (£)">
        {(p) => <Input {...p} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />}
      </FormField>
      <FormField id="dip-term" label="Term (years)">
        {(p) => <Input {...p} inputMode="numeric" value={years} onChange={(e) => setYears(e.target.value)} />}
      </FormField>
      <FormField id="dip-issued" label="Issued on">
        {(p) => <Input {...p} type="date" value={issued} onChange={(e) => setIssued(e.target.value)} />}
      </FormField>
      <FormField id="dip-expires" label="Expires on">
        {(p) => <Input {...p} type="date" value={expires} onChange={(e) => setExpires(e.target.value)} />}
      </FormField>
      <FormField
        id="dip-document"
        label="DIP document"
        hint="From the documents on this move"
        className="sm:col-span-2"
      >
        {(p) => (
          <NativeSelect {...p} value={documentId} onChange={(e) => setDocumentId(e.target.value)}>
            <option value="">No document</option>
            {c.documents.map((d) => (
              <option key={d.id} value={d.id}>
                {d.folder}: {d.filename}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Button type="submit" disabled={record.isPending} className="self-start">
          Record decision in principle
        </Button>
        {invalid && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {invalid}
          </p>
        )}
        <Failure error={record.error} />
      </div>
    </form>
  )
}

function LenderPack({ c }: { c: MortgageCase }) {
  const [chosen, setChosen] = useState<string[]>([])
  const dipDoc = c.dips[0]?.document ?? null
  const toggle = (id: string, on: boolean) => setChosen((was) => (on ? [...was, id] : was.filter((x) => x !== id)))
  if (c.documents.length === 0) {
    return <p className="text-sm text-muted-foreground">The buyer has not shared any documents on this move yet.</p>
  }
  return (
    <div className="flex flex-col gap-3">
      <p className="text-sm text-muted-foreground">
        Choose the payslips, bank statements and identity documents to send. The pack also holds a cover sheet with the
        property details and the buyer&apos;s identity check result
        {dipDoc ? `, and the DIP document (${dipDoc.filename})` : ''}. Only documents of this move shared with you (for
        everyone on the move, the buyer&apos;s side or the buyer&apos;s mortgage) are listed and can go in.
      </p>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Documents for the lender pack</legend>
        {c.documents.map((d) => (
          <label key={d.id} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              className="mt-0.5 size-4 accent-primary"
              checked={chosen.includes(d.id)}
              onChange={(e) => toggle(d.id, e.target.checked)}
            />
            <span className="break-all">
              {d.folder}: {d.filename} <span className="text-muted-foreground">(version {d.version})</span>
            </span>
          </label>
        ))}
      </fieldset>
      <Button asChild className="self-start">
        <a href={lenderPackHref(c.transaction_id, chosen)} download>
          Download lender pack
        </a>
      </Button>
    </div>
  )
}

/**
 * /app/pipeline/{txId}: one buyer's mortgage case for their broker: the application's stage (with
 * the offer's expiry; moving it ticks the timeline's mortgage tasks), the funding position and
 * affordability range (never advice) with a link to the client record's fact find, the decisions in
 * principle and a form to record one, and the lender pack download.
 */
export function MortgageCasePage({ txId }: { txId: string }) {
  const q = useMortgageCase(txId)
  if (q.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the case" className="flex flex-col gap-3">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    )
  }
  if (q.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4">
        <p>We could not load this case: {q.error.message}</p>
        <Link to={PAGE_PATHS.pipeline} className="text-primary underline">
          Back to the pipeline
        </Link>
      </div>
    )
  }
  const c = q.data
  const today = londonDay(new Date())
  return (
    <div className="flex flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to={PAGE_PATHS.pipeline} className="text-sm text-primary underline-offset-2 hover:underline">
          Back to the pipeline
        </Link>
        <h1 className="text-2xl font-bold">{c.buyer_name ?? 'Buyer not yet on the move'}</h1>
        <p className="text-sm break-words text-muted-foreground">
          {c.property ? `${c.property.address_lines.join(', ')}, ${c.property.postcode}` : 'No property yet'}
          {c.agreed_price_pence !== null &&
            ` · Agreed price ${formatGbpFromPence(c.agreed_price_pence, { whole: true })}`}
        </p>
        <Link
          to={transactionPath(txId, { tab: 'timeline' })}
          className="text-sm text-primary underline-offset-2 hover:underline"
        >
          Open the move&apos;s timeline
        </Link>
      </div>
      <Section title="Application" id="application">
        <ApplicationForm key={`${c.stage}-${c.offer_expires_on}`} c={c} />
        {c.stage === 'offer_issued' && (
          <div className="text-sm">
            Offer expires: <ExpiryNote on={c.offer_expires_on} today={today} />
          </div>
        )}
      </Section>
      <Section title="Fact find and affordability" id="fact-find">
        <ClientRecord c={c} />
      </Section>
      <Section title="Decisions in principle" id="dips">
        {c.dips.length > 0 ? (
          <ul className="flex flex-col gap-2" data-testid="dip-list">
            {c.dips.map((d) => (
              <li key={d.id} className="rounded-md border p-3 text-sm">
                <p className="font-medium">
                  {d.lender} · {formatGbpFromPence(d.amount_pence, { whole: true })} over{' '}
                  {Math.round(d.term_months / 12)} years
                </p>
                <p className="text-muted-foreground">
                  Reference {d.reference} · issued {formatUkDate(d.issued_on)}
                  {d.document ? ` · ${d.document.filename}` : ''}
                </p>
                <div className="flex gap-1">
                  Expires: <ExpiryNote on={d.expires_on} today={today} />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No decision in principle recorded yet.</p>
        )}
        <h3 className="font-medium">Record a decision in principle</h3>
        <DipForm c={c} />
      </Section>
      <Section title="Lender pack" id="lender-pack">
        <LenderPack c={c} />
      </Section>
    </div>
  )
}
