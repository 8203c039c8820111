import { useState, type FormEvent } from 'react'
import { Link } from 'react-router'
import type { BrokerClient } from '#shared/contracts/mortgages.ts'
import { AUDIENCE_INFO, type DocumentAudience } from '#shared/domain/document-audiences.ts'
import {
  APPLICATION_STAGE_LABELS,
  CLIENT_STATUS_LABELS,
  CLIENT_STATUSES,
  type ClientStatus,
} from '#shared/domain/mortgages.ts'
import { mortgageCasePath, PAGE_PATHS, transactionPath } from '#shared/paths.ts'
import { Badge } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { formatGbpFromPence, formatUkDate } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { useBrokerClient, useLinkClient, useRecordRecommendation, useUpdateClient } from '../api'
import { FactFindEditor, poundsToPence } from './fact-find-editor'
import { AffordabilityRange, FundingPosition } from './funding-position'
import { Failure, Section } from './page-section'

function Details({ c }: { c: BrokerClient }) {
  const [name, setName] = useState(c.name)
  const [email, setEmail] = useState(c.email)
  const [phone, setPhone] = useState(c.phone)
  const [status, setStatus] = useState<ClientStatus>(c.status)
  const save = useUpdateClient(c.id)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    save.mutate({ name, email, phone, status }, { onSuccess: () => notify.success('Client details saved') })
  }
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate aria-label="Client details">
      <FormField id="client-name" label="Name">
        {(p) => <Input {...p} value={name} onChange={(e) => setName(e.target.value)} />}
      </FormField>
      <FormField id="client-status" label="Status">
        {(p) => (
          <NativeSelect {...p} value={status} onChange={(e) => setStatus(e.target.value as ClientStatus)}>
            {CLIENT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {CLIENT_STATUS_LABELS[s]}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <FormField id="client-email" label="Email">
        {(p) => <Input {...p} type="email" value={email} onChange={(e) => setEmail(e.target.value)} />}
      </FormField>
      <FormField id="client-phone" label="Phone">
        {(p) => <Input {...p} type="tel" value={phone} onChange={(e) => setPhone(e.target.value)} />}
      </FormField>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Button type="submit" variant="outline" disabled={save.isPending} className="self-start">
          Save details
        </Button>
        <Failure error={save.error} />
      </div>
    </form>
  )
}

function LinkToMove({ c }: { c: BrokerClient }) {
  const [txId, setTxId] = useState('')
  const link = useLinkClient(c.id)
  if (c.transaction_id) {
    return (
      <div className="flex flex-col gap-2 text-sm">
        <p>
          On the move {c.address ? <strong className="break-words">{c.address}</strong> : null}
          {c.agreed_price_pence !== null &&
            ` · agreed price ${formatGbpFromPence(c.agreed_price_pence, { whole: true })}`}{' '}
          · stage <Badge variant="soft">{APPLICATION_STAGE_LABELS[c.stage]}</Badge>
        </p>
        <p className="text-muted-foreground">
          The DIPs, the application&apos;s stage and the lender pack are on the mortgage case.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button asChild className="h-auto max-w-full whitespace-normal">
            <Link to={mortgageCasePath(c.transaction_id)}>Open the mortgage case</Link>
          </Button>
          <Button asChild variant="outline" className="h-auto max-w-full whitespace-normal">
            <Link to={transactionPath(c.transaction_id, { tab: 'timeline' })}>Open the move&apos;s timeline</Link>
          </Button>
        </div>
      </div>
    )
  }
  if (c.linkable_moves.length === 0) {
    return (
      <p className="text-sm text-muted-foreground">
        Not on a move yet. Once the buyer&apos;s offer is accepted and they (or their conveyancer) invite you to the
        move as their mortgage broker, link this client to it here: the fact find, DIPs and recommendations follow.
      </p>
    )
  }
  return (
    <form
      className="flex flex-col gap-3 sm:flex-row sm:items-end"
      onSubmit={(e) => {
        e.preventDefault()
        if (txId) link.mutate(txId, { onSuccess: () => notify.success('Client linked to the move') })
      }}
    >
      <FormField id="link-move" label="Link to a move you are the broker on" className="min-w-0 sm:w-96">
        {(p) => (
          <NativeSelect {...p} value={txId} onChange={(e) => setTxId(e.target.value)}>
            <option value="">Choose a move</option>
            {c.linkable_moves.map((m) => (
              <option key={m.transaction_id} value={m.transaction_id}>
                {[m.buyer_name ?? 'Buyer not yet on the move', m.address ?? 'no property yet'].join(' · ')}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <Button type="submit" disabled={!txId || link.isPending}>
        Link to this move
      </Button>
      <Failure error={link.error} />
    </form>
  )
}

function RecommendationForm({ c }: { c: BrokerClient }) {
  const [lender, setLender] = useState('')
  const [product, setProduct] = useState('')
  const [rate, setRate] = useState('')
  const [years, setYears] = useState('25')
  const [fees, setFees] = useState('0')
  const [reasons, setReasons] = useState('')
  const [dealEnds, setDealEnds] = useState('')
  const [esis, setEsis] = useState('')
  const [invalid, setInvalid] = useState<string | null>(null)
  const record = useRecordRecommendation(c.id)
  const submit = (e: FormEvent) => {
    e.preventDefault()
    const feesPence = poundsToPence(fees || '0')
    const ratePercent = Number(rate)
    const term = Number(years)
    if (Number.isNaN(feesPence) || rate.trim() === '' || Number.isNaN(ratePercent) || !Number.isInteger(term)) {
      setInvalid('Enter the rate as a percentage, the fees in pounds and the term in whole years')
      return
    }
    setInvalid(null)
    record.mutate(
      {
        lender,
        product,
        rate_percent: ratePercent,
        term_months: term * 12,
        fees_pence: feesPence,
        reasons,
        deal_ends_on: dealEnds || null,
        esis_document_id: esis || null,
      },
      {
        onSuccess: () => {
          notify.success('Recommendation recorded')
          setLender('')
          setProduct('')
          setRate('')
          setReasons('')
          setDealEnds('')
          setEsis('')
        },
      },
    )
  }
  return (
    <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2" noValidate aria-label="Record a recommendation">
      <FormField id="rec-lender" label="Lender">
        {(p) => <Input {...p} value={lender} onChange={(e) => setLender(e.target.value)} />}
      </FormField>
      <FormField id="rec-product" label="Product">
        {(p) => (
          <Input {...p} value={product} onChange={(e) => setProduct(e.target.value)} placeholder="5-year fixed" />
        )}
      </FormField>
      <FormField id="rec-rate" label="Rate (%)">
        {(p) => <Input {...p} inputMode="decimal" value={rate} onChange={(e) => setRate(e.target.value)} />}
      </FormField>
      <FormField id="rec-term" label="Term (years)">
        {(p) => <Input {...p} inputMode="numeric" value={years} onChange={(e) => setYears(e.target.value)} />}
      </FormField>
      <FormField id="rec-fees" label="Fees (£)">
        {(p) => <Input {...p} inputMode="decimal" value={fees} onChange={(e) => setFees(e.target.value)} />}
      </FormField>
      <FormField id="rec-deal-ends" label="Deal ends on" hint="The product-transfer reminder comes 120 days before">
        {(p) => <Input {...p} type="date" value={dealEnds} onChange={(e) => setDealEnds(e.target.value)} />}
      </FormField>
      <FormField id="rec-reasons" label="Why this product suits the client" className="sm:col-span-2">
        {(p) => <Textarea {...p} rows={3} value={reasons} onChange={(e) => setReasons(e.target.value)} />}
      </FormField>
      <FormField
        id="rec-esis"
        label="ESIS"
        className="sm:col-span-2"
        hint={
          c.transaction_id
            ? `Upload the ESIS on the move with the audience "${AUDIENCE_INFO.buyer_mortgage.label}" (only the buyer, their conveyancer and you), then choose it here.`
            : 'Link the client to their move to attach the ESIS from its documents.'
        }
      >
        {(p) => (
          <NativeSelect {...p} value={esis} disabled={!c.transaction_id} onChange={(e) => setEsis(e.target.value)}>
            <option value="">
              {c.esis_candidates.length ? 'No ESIS' : "No document in the buyer's mortgage audience yet"}
            </option>
            {c.esis_candidates.map((d) => (
              <option key={d.id} value={d.id}>
                {d.folder}: {d.filename}
              </option>
            ))}
          </NativeSelect>
        )}
      </FormField>
      <div className="flex flex-col gap-2 sm:col-span-2">
        <Button type="submit" disabled={record.isPending} className="self-start">
          Record recommendation
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

/**
 * /app/pipeline/clients/{clientId}: one client or lead of the broker's firm: details, the move it is
 * linked to (or a move to link), the fact find saved as you go, the affordability range and the
 * funding position (LTV, gap) against the price, and the recommendations for the Consumer Duty file.
 */
export function ClientPage({ clientId }: { clientId: string }) {
  const q = useBrokerClient(clientId)
  if (q.isPending) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading the client" className="flex flex-col gap-3">
        <Skeleton className="h-9 w-64" />
        <Skeleton className="h-64 w-full" />
      </div>
    )
  }
  if (q.isError) {
    return (
      <div role="alert" className="flex flex-col items-start gap-3 rounded-lg border p-4">
        <p>We could not load this client: {q.error.message}</p>
        <Link to={PAGE_PATHS.pipeline} className="text-primary underline">
          Back to the pipeline
        </Link>
      </div>
    )
  }
  const c = q.data
  const joint = c.fact_find.data.applicants
    .slice(1)
    .map((a) => a.name)
    .filter(Boolean)
  return (
    <div className="flex min-w-0 flex-col gap-6">
      <div className="flex flex-col gap-1">
        <Link to={PAGE_PATHS.pipeline} className="text-sm text-primary underline-offset-2 hover:underline">
          Back to the pipeline
        </Link>
        <h1 className="flex flex-wrap items-center gap-2 text-2xl font-bold break-words">
          {c.name} <Badge variant={c.status === 'lead' ? 'muted' : 'soft'}>{CLIENT_STATUS_LABELS[c.status]}</Badge>
        </h1>
        <p className="text-sm break-words text-muted-foreground">
          {joint.length ? `With ${joint.join(', ')} · ` : ''}
          {[c.email, c.phone].filter(Boolean).join(' · ') || 'No contact details yet'} · kept by {c.broker.full_name}
        </p>
      </div>
      <Section title="Client details" id="details">
        <Details c={c} />
      </Section>
      <Section title="Move" id="move">
        <LinkToMove c={c} />
      </Section>
      <Section title="Affordability and funding" id="affordability">
        <FundingPosition p={c.position} />
        <AffordabilityRange a={c.affordability} />
      </Section>
      <Section title="Fact find" id="fact-find">
        <FactFindEditor client={c} />
      </Section>
      <Section title="Recommendations" id="recommendations">
        {c.recommendations.length === 0 ? (
          <p className="text-sm text-muted-foreground">No recommendation recorded yet.</p>
        ) : (
          <ul className="flex flex-col gap-2" data-testid="recommendations">
            {c.recommendations.map((r) => (
              <li key={r.id} className="rounded-md border p-3 text-sm">
                <p className="font-medium break-words">
                  {r.lender} · {r.product} · {r.rate_percent}% over {Math.round(r.term_months / 12)} years · fees{' '}
                  {formatGbpFromPence(r.fees_pence, { whole: true })}
                </p>
                <p className="break-words whitespace-pre-line">{r.reasons}</p>
                <p className="text-muted-foreground">
                  {r.deal_ends_on ? `Deal ends ${formatUkDate(r.deal_ends_on)} · ` : ''}
                  {r.esis
                    ? `ESIS: ${r.esis.filename} (${AUDIENCE_INFO[r.esis.audience as DocumentAudience]?.label ?? r.esis.audience})`
                    : 'No ESIS attached'}{' '}
                  · recorded {formatUkDate(r.created_at.slice(0, 10))}
                  {r.created_by_name ? ` by ${r.created_by_name}` : ''}
                </p>
              </li>
            ))}
          </ul>
        )}
        <h3 className="font-medium">Record a recommendation</h3>
        <RecommendationForm c={c} />
      </Section>
    </div>
  )
}
