import { AlertTriangle } from 'lucide-react'
import { useId, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { CddRecord } from '#shared/contracts/verification.ts'
import type { CddDecision, IdentityReviewOutcome, RiskLevel } from '#shared/domain/client-due-diligence.ts'
import { transactionPath } from '#shared/paths.ts'
import { Badge, type BadgeVariant } from '#web/components/ui/badge.tsx'
import { Button } from '#web/components/ui/button.tsx'
import { ChoiceGroup } from '#web/components/ui/choice-group.tsx'
import { FormField } from '#web/components/ui/form-field.tsx'
import { Input } from '#web/components/ui/input.tsx'
import { NativeSelect } from '#web/components/ui/native-select.tsx'
import { Skeleton } from '#web/components/ui/skeleton.tsx'
import { Textarea } from '#web/components/ui/textarea.tsx'
import { ApiError } from '#web/lib/api-error.ts'
import { formatUkDate, formatUkDateTime } from '#web/lib/formatters.ts'
import { notify } from '#web/lib/toast.ts'
import { COUNTRY_CODES, countryName } from '#shared/domain/countries.ts'
import {
  identityImageUrl,
  useCddRecord,
  useDecideCdd,
  useOpenCdd,
  useReviewIdentity,
  useSaveCountries,
  useSaveEdd,
  useSaveReliance,
} from '../api'
import { ProviderBadge } from '#web/components/sandbox-badge.tsx'
import { AssuranceList } from './assurance-list'

const RISK_VARIANTS: Record<RiskLevel, BadgeVariant> = { low: 'success', medium: 'gold', high: 'destructive' }
const IDENTITY_LABELS: Record<CddRecord['identity']['state'], string> = {
  not_started: 'Not started',
  in_progress: 'In progress (the client has not sent it yet)',
  processing: 'With the identity provider',
  verified: 'Verified',
  needs_review: 'Needs review',
  failed: 'Failed',
}
const yesNo = (v: boolean | null) => (v === null ? 'Not checked yet' : v ? 'Passed' : 'Failed')
const ATTEMPT_LABELS: Record<CddRecord['attempts'][number]['status'], string> = {
  processing: 'With the provider',
  verified: 'Verified',
  needs_review: 'Manual review',
  failed: 'Failed',
}
const REVIEW_WORDS: Record<IdentityReviewOutcome, string> = {
  accepted: 'Accepted',
  rejected: 'Rejected',
  new_check_requested: 'New check asked for',
}

/**
 * A client's due diligence record on one matter (/app/transactions/{txId}/cdd/{profileId}), for the
 * conveyancer instructed for them (MLR 2017 regs 27, 28, 33, 35, 39, 40): the identity result with
 * the images (each view audited), address, sanctions and PEP screening, the risk with its reasons,
 * enhanced due diligence when required, reliance on another firm, and the decision. Approving ticks
 * the side's ID and AML task once every client on that side is approved.
 */
export function CddPage({ txId, profileId }: { txId: string; profileId: string }) {
  const record = useCddRecord(txId, profileId)
  const notOpened = record.error instanceof ApiError && record.error.status === 404
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <div>
        <Link className="text-sm underline" to={transactionPath(txId, { tab: 'people' })}>
          Back to People
        </Link>
        <h1 className="mt-2 text-3xl font-semibold tracking-tight">Client due diligence</h1>
        {record.data && (
          <p className="text-muted-foreground">
            {record.data.client.full_name}, {record.data.side === 'buyer' ? 'buying' : 'selling'}
          </p>
        )}
      </div>
      {record.isPending ? (
        <div role="status" aria-busy="true" aria-label="Loading the record" className="flex flex-col gap-3">
          <Skeleton className="h-24 w-full" />
          <Skeleton className="h-48 w-full" />
        </div>
      ) : notOpened ? (
        <OpenRecord txId={txId} profileId={profileId} />
      ) : record.isError ? (
        <p role="alert" className="text-destructive">
          The record could not be loaded: {record.error.message}
        </p>
      ) : (
        <RecordView txId={txId} profileId={profileId} record={record.data} />
      )}
    </div>
  )
}

function OpenRecord({ txId, profileId }: { txId: string; profileId: string }) {
  const open = useOpenCdd(txId, profileId)
  return (
    <section className="flex flex-col gap-3 rounded-xl border bg-background p-5 shadow-sm">
      <h2 className="text-lg font-semibold">No record yet</h2>
      <p className="text-sm text-muted-foreground">
        Opening the record links the client&apos;s identity check (when they have done it) and screens them against the
        UK sanctions list and PEP lists.
      </p>
      {open.isError && (
        <p role="alert" className="text-sm text-destructive">
          {open.error.message}
        </p>
      )}
      <Button className="w-full sm:w-auto" disabled={open.isPending} onClick={() => open.mutate(undefined)}>
        Open the CDD record
      </Button>
    </section>
  )
}

function Section({ title, aside, children }: { title: string; aside?: ReactNode; children: ReactNode }) {
  const id = useId()
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-xl border bg-background p-5 shadow-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={id} className="text-lg font-semibold">
          {title}
        </h2>
        {aside}
      </div>
      {children}
    </section>
  )
}

function Facts({ rows }: { rows: Array<[string, ReactNode]> }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
      {rows.map(([k, v]) => (
        <div key={k} className="contents">
          <dt className="font-medium text-muted-foreground">{k}</dt>
          <dd className="min-w-0 break-words">{v}</dd>
        </div>
      ))}
    </dl>
  )
}

function RecordView({ txId, profileId, record }: { txId: string; profileId: string; record: CddRecord }) {
  const [shown, setShown] = useState<Record<'document' | 'selfie', boolean>>({ document: false, selfie: false })
  const open = useOpenCdd(txId, profileId)
  const id = record.identity
  const eddShown = record.risk.edd_required || !!record.edd
  return (
    <>
      <Section
        title="Risk assessment"
        aside={
          <Badge variant={RISK_VARIANTS[record.risk.level]} data-testid="risk-level">
            {record.risk.level[0]!.toUpperCase() + record.risk.level.slice(1)} risk
          </Badge>
        }
      >
        <ul className="list-disc pl-5 text-sm">
          {record.risk.reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        {record.risk.edd_required && (
          <p className="flex items-start gap-2 text-sm font-medium text-destructive">
            <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            Enhanced due diligence is required before you can approve (reg 33).
          </p>
        )}
      </Section>

      <Section
        title="Identity"
        aside={<ProviderBadge label={id.provider_label} detail="the identity check was not made by a real provider" />}
      >
        <Facts
          rows={[
            ['Result', IDENTITY_LABELS[id.state]],
            [
              'Document',
              id.document_type
                ? `${id.document_type === 'passport' ? 'Passport' : 'Driving licence'} ${id.document_number ?? ''}`
                : '—',
            ],
            [
              'Name on document',
              <span key="name">
                {id.name_on_document ?? '—'}
                {id.name_differs_from_account && (
                  <span className="mt-1 flex items-start gap-1 font-medium text-destructive" data-testid="name-differs">
                    <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                    Differs from the account name, {record.client.full_name}: find out why (a change of name, another
                    person&apos;s document).
                  </span>
                )}
              </span>,
            ],
            ['Date of birth', id.date_of_birth ? formatUkDate(id.date_of_birth) : '—'],
            ['Document valid until', id.document_expires_on ? formatUkDate(id.document_expires_on) : '—'],
            ['Face match', yesNo(id.face_match)],
            ['Liveness', yesNo(id.liveness)],
            ...(id.failure_reason ? ([['Provider says', id.failure_reason]] as Array<[string, ReactNode]>) : []),
          ]}
        />
        {id.state !== 'not_started' && <AssuranceList assurance={id.assurance} />}
        {id.state === 'needs_review' && <ReviewPanel txId={txId} profileId={profileId} record={record} />}
        {id.has_images && (
          <div className="flex flex-col gap-3">
            <p className="text-xs text-muted-foreground">Each view of an image is recorded in the audit trail.</p>
            <div className="flex flex-wrap gap-2">
              {(['document', 'selfie'] as const).map((image) =>
                shown[image] ? null : (
                  <Button key={image} variant="outline" onClick={() => setShown((s) => ({ ...s, [image]: true }))}>
                    Show the {image === 'document' ? 'document photo' : 'selfie'}
                  </Button>
                ),
              )}
            </div>
            <div className="grid gap-3 sm:grid-cols-2">
              {(['document', 'selfie'] as const).map((image) =>
                shown[image] ? (
                  <img
                    key={image}
                    src={identityImageUrl(txId, profileId, image)}
                    alt={`${record.client.full_name}'s ${image === 'document' ? 'identity document' : 'selfie'}`}
                    className="max-h-72 w-full rounded-lg border object-contain"
                  />
                ) : null,
              )}
            </div>
          </div>
        )}
      </Section>

      <Attempts record={record} />

      <CountriesForm txId={txId} profileId={profileId} record={record} />

      <Section title="Current address">
        {record.address ? (
          <p className="text-sm">
            {record.address.lines.join(', ')}, {record.address.postcode}
          </p>
        ) : (
          <p className="text-sm text-muted-foreground">The client has not given it yet.</p>
        )}
      </Section>

      <Section
        title="Sanctions and PEP screening"
        aside={
          <ProviderBadge
            label={record.screening.provider_label}
            detail="screened against a sample list, not the live sanctions and PEP lists"
          />
        }
      >
        <p className="text-sm" role="status" data-testid="screening-state">
          {record.screening.state === 'pending' && !record.screening.started
            ? id.state === 'failed' || id.state === 'needs_review'
              ? `Not screened: the identity check ${id.state === 'failed' ? 'failed' : 'is in manual review'}. Screening starts when a check is verified or accepted, or when you screen now.`
              : 'Not screened yet: screening starts when the identity check is verified, or when you screen now.'
            : record.screening.state === 'pending'
              ? 'Waiting for the screening result…'
              : record.screening.state === 'clear'
                ? 'No match on the UK sanctions list or the PEP lists.'
                : 'Possible match: confirm or rule it out before acting.'}
          {record.screening.pep && ' The client is a politically exposed person (reg 35).'}
        </p>
        {record.screening.matches.length > 0 && (
          <ul className="flex flex-col gap-2 text-sm">
            {record.screening.matches.map((m) => (
              <li key={`${m.list}-${m.name}`} className="rounded-md border p-3">
                <p className="font-medium">
                  {m.list === 'sanctions' ? 'Sanctions list' : 'PEP list'}: {m.name}{' '}
                  <span className="text-muted-foreground">({Math.round(m.score * 100)}% similar)</span>
                </p>
                <p className="text-muted-foreground">{m.detail}</p>
              </li>
            ))}
          </ul>
        )}
        <Button
          variant="outline"
          className="self-start"
          disabled={open.isPending}
          onClick={() => open.mutate(undefined)}
        >
          {record.screening.started ? 'Screen again' : 'Screen now'}
        </Button>
      </Section>

      {eddShown && <EddForm txId={txId} profileId={profileId} record={record} />}
      <RelianceForm txId={txId} profileId={profileId} record={record} />
      <DecisionForm txId={txId} profileId={profileId} record={record} />
      <p className="text-xs text-muted-foreground">
        Kept for 5 years after the move ends, then deleted (reg 40)
        {record.retention.retain_until ? `: until ${formatUkDate(record.retention.retain_until)}` : ''}.
      </p>
    </>
  )
}

/** Every identity check the client sent, newest first: earlier attempts stay in the record. */
function Attempts({ record }: { record: CddRecord }) {
  if (record.attempts.length < 2) return null
  return (
    <Section title="Identity checks sent">
      <ol className="flex flex-col gap-2 text-sm" aria-label="Identity checks, newest first">
        {record.attempts.map((a) => (
          <li key={a.id} className="rounded-md border p-3" data-testid="identity-attempt">
            <p className="font-medium">
              {ATTEMPT_LABELS[a.status]}
              {a.submitted_at ? `, sent ${formatUkDateTime(a.submitted_at)}` : ''}
              {a.current ? ' (the check this record relies on)' : ''}
            </p>
            <p>
              {a.document_type === 'driving_licence' ? 'Driving licence' : 'Passport'} in the name of{' '}
              {a.name_on_document ?? '—'}
              {a.name_differs && <strong className="text-destructive"> · differs from the account name</strong>}
            </p>
            {a.failure_reason && <p className="text-muted-foreground">{a.failure_reason}</p>}
          </li>
        ))}
      </ol>
    </Section>
  )
}

/** The conveyancer resolves a check the provider sent to manual review. */
function ReviewPanel({ txId, profileId, record }: { txId: string; profileId: string; record: CddRecord }) {
  const id = useId()
  const review = useReviewIdentity(txId, profileId)
  const [outcome, setOutcome] = useState<IdentityReviewOutcome>('accepted')
  const [note, setNote] = useState('')
  const f = fieldErrors(review.error)
  const done = record.identity.review
  return (
    <div className="flex flex-col gap-3 rounded-md border border-foreground/20 p-3">
      <h3 className="font-semibold">Manual review</h3>
      {done ? (
        <p className="text-sm" data-testid="identity-review">
          <strong>{REVIEW_WORDS[done.outcome]}</strong> by {done.reviewed_by ?? 'a former member'} on{' '}
          {formatUkDateTime(done.reviewed_at)}: {done.note}
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          The provider could not decide. Look at the document photo and the selfie, then resolve it. Accepting keeps the
          provider&apos;s low confidence on the file: it does not make the check verified.
        </p>
      )}
      {!done || done.outcome !== 'accepted' ? (
        <form
          noValidate
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault()
            review.mutate(
              { outcome, note },
              { onSuccess: () => notify.success(`Identity check: ${REVIEW_WORDS[outcome].toLowerCase()}`) },
            )
          }}
        >
          <ChoiceGroup
            name={`${id}-outcome`}
            legend="Your review"
            columns={1}
            value={outcome}
            onValueChange={(v) => setOutcome(v as IdentityReviewOutcome)}
            choices={[
              {
                value: 'accepted',
                label: 'Accept the check',
                description: 'You are satisfied it is the client; the record can then be approved.',
              },
              { value: 'rejected', label: 'Reject the check', description: 'The record cannot be approved on it.' },
              {
                value: 'new_check_requested',
                label: 'Ask for a new check',
                description: 'The client is asked to start again on their identity page.',
              },
            ]}
          />
          <FormField id={`${id}-note`} label="Note for the file (what you checked)" error={f.note?.[0]}>
            {(c) => <Textarea {...c} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />}
          </FormField>
          {review.isError && !Object.keys(f).length && (
            <p role="alert" className="text-sm font-medium text-destructive">
              {review.error.message}
            </p>
          )}
          <Button type="submit" variant="outline" className="self-start" disabled={review.isPending}>
            Record the review
          </Button>
        </form>
      ) : null}
    </div>
  )
}

function fieldErrors(err: unknown): Record<string, string[]> {
  return err instanceof ApiError ? (err.fields ?? {}) : {}
}

function EddForm({ txId, profileId, record }: { txId: string; profileId: string; record: CddRecord }) {
  const id = useId()
  const save = useSaveEdd(txId, profileId)
  const [sow, setSow] = useState(record.edd?.source_of_wealth ?? '')
  const [purpose, setPurpose] = useState(record.edd?.purpose_of_transaction ?? '')
  const [explanation, setExplanation] = useState(record.edd?.pep_or_match_explanation ?? '')
  const [approver, setApprover] = useState(record.edd?.senior_approver ?? '')
  const [doc, setDoc] = useState(record.edd?.source_of_wealth_document?.id ?? '')
  const f = fieldErrors(save.error)
  return (
    <Section title="Enhanced due diligence">
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate(
            {
              source_of_wealth: sow,
              purpose_of_transaction: purpose,
              pep_or_match_explanation: explanation,
              senior_approver: approver,
              source_of_wealth_document_id: doc || null,
            },
            { onSuccess: () => notify.success('Enhanced due diligence saved') },
          )
        }}
      >
        <FormField id={`${id}-sow`} label="How did the client come by their wealth?" error={f.source_of_wealth?.[0]}>
          {(c) => <Textarea {...c} rows={3} value={sow} onChange={(e) => setSow(e.target.value)} />}
        </FormField>
        <FormField id={`${id}-purpose`} label="Purpose of the transaction" error={f.purpose_of_transaction?.[0]}>
          {(c) => <Input {...c} value={purpose} onChange={(e) => setPurpose(e.target.value)} />}
        </FormField>
        <FormField
          id={`${id}-expl`}
          label="The screening match or PEP position, and how you resolved it"
          error={f.pep_or_match_explanation?.[0]}
        >
          {(c) => <Textarea {...c} rows={3} value={explanation} onChange={(e) => setExplanation(e.target.value)} />}
        </FormField>
        <FormField
          id={`${id}-approver`}
          label="Senior manager who approved acting"
          hint="Reg 35(5) for a PEP."
          error={f.senior_approver?.[0]}
        >
          {(c) => <Input {...c} value={approver} onChange={(e) => setApprover(e.target.value)} />}
        </FormField>
        <FormField
          id={`${id}-doc`}
          label="Source-of-wealth evidence"
          hint="A document on this move (upload it in Documents first)."
          error={f.source_of_wealth_document_id?.[0]}
        >
          {(c) => (
            <NativeSelect {...c} value={doc} onChange={(e) => setDoc(e.target.value)}>
              <option value="">No document yet</option>
              {record.documents.map((d) => (
                <option key={d.id} value={d.id}>
                  {d.filename}
                </option>
              ))}
            </NativeSelect>
          )}
        </FormField>
        {save.isError && !Object.keys(f).length && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {save.error.message}
          </p>
        )}
        <Button type="submit" className="self-start" disabled={save.isPending}>
          Save enhanced due diligence
        </Button>
      </form>
    </Section>
  )
}

const LIST_WORDS = { call_for_action: 'call for action', increased_monitoring: 'increased monitoring' } as const

/**
 * Nationality and country of residence, checked against the UK's high-risk third countries (MLR 2017
 * reg 33(1)(b), 33(3)(a): the FATF's two lists), with the list's date and source (decision 068).
 */
function CountriesForm({ txId, profileId, record }: { txId: string; profileId: string; record: CddRecord }) {
  const id = useId()
  const save = useSaveCountries(txId, profileId)
  const c = record.countries
  const [nationality, setNationality] = useState(c.nationality ?? '')
  const [residence, setResidence] = useState(c.residence_from_identity ? '' : (c.residence_country ?? ''))
  const f = fieldErrors(save.error)
  const options = COUNTRY_CODES.map((code) => (
    <option key={code} value={code}>
      {countryName(code)}
    </option>
  ))
  return (
    <Section title="Nationality and residence">
      {c.high_risk.length > 0 ? (
        <ul className="flex flex-col gap-1 text-sm font-medium text-destructive" data-testid="high-risk-countries">
          {c.high_risk.map((m) => (
            <li key={m.field} className="flex items-start gap-2">
              <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              {m.field === 'residence_country' ? 'Lives in' : 'National of'} {countryName(m.country)}, a high-risk third
              country (FATF {LIST_WORDS[m.list]}): enhanced due diligence is required (reg 33(1)(b)).
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm" data-testid="high-risk-countries">
          {c.nationality || c.residence_country
            ? 'Not a high-risk third country.'
            : 'Record where the client lives and their nationality to check them against the high-risk third countries.'}
          {c.residence_from_identity && ' Residence taken from the UK address of the identity check.'}
        </p>
      )}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          save.mutate(
            { nationality: nationality || null, residence_country: residence || null },
            { onSuccess: () => notify.success('Nationality and residence saved') },
          )
        }}
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField id={`${id}-nationality`} label="Nationality" error={f.nationality?.[0]}>
            {(p) => (
              <NativeSelect {...p} value={nationality} onChange={(e) => setNationality(e.target.value)}>
                <option value="">Not recorded</option>
                {options}
              </NativeSelect>
            )}
          </FormField>
          <FormField id={`${id}-residence`} label="Country of residence" error={f.residence_country?.[0]}>
            {(p) => (
              <NativeSelect {...p} value={residence} onChange={(e) => setResidence(e.target.value)}>
                <option value="">
                  {c.residence_from_identity ? 'United Kingdom (identity check)' : 'Not recorded'}
                </option>
                {options}
              </NativeSelect>
            )}
          </FormField>
        </div>
        {save.isError && !Object.keys(f).length && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {save.error.message}
          </p>
        )}
        <Button type="submit" variant="outline" className="self-start" disabled={save.isPending}>
          Save nationality and residence
        </Button>
      </form>
      <p className="text-xs text-muted-foreground">
        Checked against {c.list.source}, as HM Treasury defines high-risk third countries since 22 Jan 2024.{' '}
        {c.list.stale && (
          <strong className="font-medium text-foreground">
            The FATF may have published newer lists since {formatUkDate(c.list.published_on)}: check{' '}
          </strong>
        )}
        <a href={c.list.source_url} className="underline" target="_blank" rel="noreferrer">
          the FATF&apos;s lists
        </a>
        .
      </p>
    </Section>
  )
}

function RelianceForm({ txId, profileId, record }: { txId: string; profileId: string; record: CddRecord }) {
  const id = useId()
  const save = useSaveReliance(txId, profileId)
  const [firm, setFirm] = useState(record.reliance?.firm_name ?? '')
  const [consentOn, setConsentOn] = useState(record.reliance?.consent_on ?? '')
  const [note, setNote] = useState(record.reliance?.note ?? '')
  const f = fieldErrors(save.error)
  return (
    <Section title="Reliance on another firm (reg 39)">
      {record.reliance ? (
        <p className="text-sm">
          Relying on {record.reliance.firm_name}&apos;s due diligence, with written consent of{' '}
          {formatUkDate(record.reliance.consent_on)}: {record.reliance.note}
        </p>
      ) : (
        <details className="text-sm">
          <summary className="cursor-pointer font-medium">Record reliance with the firm&apos;s written consent</summary>
          <form
            noValidate
            className="mt-3 flex flex-col gap-4"
            onSubmit={(e) => {
              e.preventDefault()
              save.mutate({ firm_name: firm, consent_on: consentOn, note })
            }}
          >
            <FormField id={`${id}-firm`} label="Firm relied on" error={f.firm_name?.[0]}>
              {(c) => <Input {...c} value={firm} onChange={(e) => setFirm(e.target.value)} />}
            </FormField>
            <FormField id={`${id}-on`} label="Date of its written consent" error={f.consent_on?.[0]}>
              {(c) => <Input {...c} type="date" value={consentOn} onChange={(e) => setConsentOn(e.target.value)} />}
            </FormField>
            <FormField id={`${id}-note`} label="Who consented, and how" error={f.note?.[0]}>
              {(c) => <Textarea {...c} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />}
            </FormField>
            <Button type="submit" variant="outline" className="self-start" disabled={save.isPending}>
              Record reliance
            </Button>
          </form>
        </details>
      )}
    </Section>
  )
}

const DECISION_WORDS: Record<CddDecision, string> = { approve: 'Approved', refer: 'Referred', reject: 'Rejected' }

function DecisionForm({ txId, profileId, record }: { txId: string; profileId: string; record: CddRecord }) {
  const id = useId()
  const decide = useDecideCdd(txId, profileId)
  const [decision, setDecision] = useState<CddDecision>('approve')
  const [note, setNote] = useState('')
  const f = fieldErrors(decide.error)
  return (
    <Section title="Decision">
      {record.decision && (
        <p className="text-sm" data-testid="cdd-decision">
          <strong>{DECISION_WORDS[record.decision.decision]}</strong> by{' '}
          {record.decision.decided_by ?? 'a former member'} on {formatUkDateTime(record.decision.decided_at)}:{' '}
          {record.decision.note}
        </p>
      )}
      {record.approval_blockers.length > 0 && (
        <div className="rounded-md border border-destructive/40 p-3 text-sm">
          <p className="font-medium">Before you can approve:</p>
          <ul className="list-disc pl-5">
            {record.approval_blockers.map((b) => (
              <li key={b}>{b}</li>
            ))}
          </ul>
        </div>
      )}
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          decide.mutate(
            { decision, note },
            { onSuccess: () => notify.success(`Client due diligence ${DECISION_WORDS[decision].toLowerCase()}`) },
          )
        }}
      >
        <ChoiceGroup
          name={`${id}-decision`}
          legend="Your decision"
          columns={1}
          value={decision}
          onValueChange={(v) => setDecision(v as CddDecision)}
          choices={[
            {
              value: 'approve',
              label: 'Approve',
              description: 'Ticks the ID and AML task once every client on this side is approved.',
            },
            { value: 'refer', label: 'Refer', description: "To your firm's MLRO or a senior colleague." },
            { value: 'reject', label: 'Reject', description: 'Do not act; consider whether a report is needed.' },
          ]}
        />
        <FormField id={`${id}-note`} label="Note for the file" error={f.note?.[0]}>
          {(c) => <Textarea {...c} rows={2} value={note} onChange={(e) => setNote(e.target.value)} />}
        </FormField>
        {decide.isError && !Object.keys(f).length && (
          <p role="alert" className="text-sm font-medium text-destructive">
            {decide.error.message}
          </p>
        )}
        <Button type="submit" className="self-start" disabled={decide.isPending}>
          Record the decision
        </Button>
      </form>
    </Section>
  )
}
