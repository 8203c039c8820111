/**
 * The client due diligence record of one client on one matter (MLR 2017), kept by the conveyancer
 * instructed for that client (access/verification.ts; anyone else gets 404): open it (links the
 * person's identity check and starts sanctions and PEP screening), read it (audited), record the
 * enhanced due diligence answers with the source-of-wealth evidence (reg 33, 35), reliance on another
 * firm's CDD with its written consent (reg 39), and the decision. The side's "ID and AML checks"
 * task ticks itself when every client on that side is approved, and unticks when one no longer is
 * (as a DIP ticks its task: features/mortgages/record-dip.ts); nobody ticks it by hand.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type {
  CddRecord,
  CountriesInput,
  DecisionInput,
  EddInput,
  IdentityReviewInput,
  RelianceInput,
} from '#shared/contracts/verification.ts'
import { CountriesInput as CountriesSchema, EddInput as EddSchema } from '#shared/contracts/verification.ts'
import {
  HIGH_RISK_THIRD_COUNTRIES,
  highRiskListOf,
  highRiskListStale,
} from '#shared/domain/high-risk-third-countries.ts'
import {
  approvalBlockers,
  assessRisk,
  CDD_DECISIONS,
  CDD_TASK_TITLES,
  cddRetainUntil,
  IDENTITY_REVIEW_OUTCOMES,
  type IdentityState,
  namesAgree,
  SCREENING_STATES,
} from '#shared/domain/client-due-diligence.ts'
import { assertInstructedFor } from '#server/access/verification.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, IdRow, oneRow, rows, Timestamp } from '#server/db/rows.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import type { IdentityVerificationProvider } from '#server/providers/identity-verification/index.ts'
import type { SanctionsScreeningProvider, ScreeningMatch } from '#server/providers/sanctions-screening/index.ts'
import type { ScreeningRequest } from '#server/providers/sanctions-screening/sanctions-screening-provider.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { applyGiftScreening, newScreeningReference, screeningOutcome } from '#server/core/gift-screening.ts'
import type { NotificationDelivery } from '#server/core/notify/notify-people.ts'
import { tickTask } from '#server/core/timeline/tick-task.ts'
import { touchTransaction } from '#server/core/timeline/touch-transaction.ts'
import {
  assuranceOf,
  currentCheck,
  docContext,
  addressContext,
  IDENTITY_COLUMNS,
  IdentityRow,
  type SealedAddress,
  type SealedDocument,
} from './identity-check'
import { openJson, sealJson } from './sealed-json'
import { documentAudienceFor } from '#server/access/transactions.ts'

export interface Providers {
  identity: IdentityVerificationProvider
  screening: SanctionsScreeningProvider
  /**
   * The buyers' funding shortfall in pence from the move's funding picture (features/funds, through
   * ports.ts), or null while the picture has not started: a buyer's risk reflects it (decision 068).
   */
  fundingShortfall?: (tx: Tx, txId: string) => Promise<number | null>
}

const CddRow = z.object({
  id: z.string(),
  transaction_id: z.string(),
  client_profile_id: z.string(),
  client_name: z.string(),
  side: z.enum(['buyer', 'seller']),
  identity_check_id: z.string().nullable(),
  screening_status: z.enum(SCREENING_STATES),
  screening_sealed: z.string().nullable(),
  sanctions_match: z.boolean(),
  pep: z.boolean(),
  edd_sealed: z.string().nullable(),
  sow_id: z.string().nullable(),
  sow_filename: z.string().nullable(),
  reliance_firm: z.string().nullable(),
  reliance_consent_on: z.string().nullable(),
  reliance_note: z.string().nullable(),
  identity_review: z.enum(IDENTITY_REVIEW_OUTCOMES).nullable(),
  identity_review_note: z.string().nullable(),
  identity_review_check_id: z.string().nullable(),
  identity_reviewed_by_name: z.string().nullable(),
  identity_reviewed_at: Timestamp.nullable(),
  screening_ref: z.string().nullable(),
  decision: z.enum(CDD_DECISIONS).nullable(),
  decision_note: z.string().nullable(),
  decided_by_name: z.string().nullable(),
  decided_at: Timestamp.nullable(),
  relationship_ended_on: z.string().nullable(),
  agreed_price_pence: z.number().nullable(),
  nationality: z.string().nullable(),
  residence_country: z.string().nullable(),
})
type CddRow = z.infer<typeof CddRow>

interface SealedEdd {
  source_of_wealth: string
  purpose_of_transaction: string
  pep_or_match_explanation: string
  senior_approver: string
}

const DocumentRow = z.object({ id: z.string(), filename: z.string() })

const screeningContext = (id: string) => `cdd:${id}:screening`
const eddContext = (id: string) => `cdd:${id}:edd`
const sideLabel = (side: 'buyer' | 'seller') => (side === 'buyer' ? 'a buyer' : 'a seller')
/** Two names the same, case and spacing aside. */
const sameName = (a: string, b: string) =>
  a.toLowerCase().replace(/\s+/g, ' ').trim() === b.toLowerCase().replace(/\s+/g, ' ').trim()

async function readRow(tx: Tx, txId: string, profileId: string): Promise<CddRow | null> {
  const res = await tx.execute(sql`
    select r.id, r.transaction_id, r.client_profile_id, p.full_name as client_name, r.side, r.identity_check_id,
      r.screening_status, r.screening_sealed, r.sanctions_match, r.pep, r.edd_sealed,
      d.id as sow_id, d.filename as sow_filename, r.reliance_firm, r.reliance_consent_on::text, r.reliance_note,
      r.identity_review, r.identity_review_note, r.identity_review_check_id, rp.full_name as identity_reviewed_by_name,
      r.identity_reviewed_at, r.screening_ref,
      r.decision, r.decision_note, dp.full_name as decided_by_name, r.decided_at, r.relationship_ended_on::text,
      t.agreed_price_pence::float8 as agreed_price_pence, r.nationality, r.residence_country
    from cdd_records r join profiles p on p.id = r.client_profile_id join transactions t on t.id = r.transaction_id
      left join documents d on d.id = r.source_of_wealth_document_id
      left join profiles dp on dp.id = r.decided_by
      left join profiles rp on rp.id = r.identity_reviewed_by
    where r.transaction_id = ${txId} and r.client_profile_id = ${profileId}`)
  return firstRow(CddRow, res) ?? null
}

async function identityFor(tx: Tx, row: CddRow): Promise<IdentityRow | null> {
  // A decided record keeps the check it was decided on; an open one follows the person's current check.
  if (row.decision && row.identity_check_id) {
    const res = await tx.execute(
      sql`select ${IDENTITY_COLUMNS} from identity_checks where id = ${row.identity_check_id}`,
    )
    return firstRow(IdentityRow, res) ?? null
  }
  return currentCheck(tx, row.client_profile_id)
}

/** The identity state a CDD record relies on: an expired verified check counts as none. */
export function identityStateOf(check: IdentityRow | null, decided: boolean): IdentityState {
  if (!check) return 'not_started'
  if (check.status === 'verified' && !decided && check.expires_at && new Date(check.expires_at) <= new Date()) {
    return 'not_started'
  }
  return check.status
}

/** Every check the client sent (not the unsent one in progress), newest first, with the name on its document. */
async function attemptsOf(tx: Tx, row: CddRow, currentId: string | null): Promise<CddRecord['attempts']> {
  const res = await tx.execute(sql`select ${IDENTITY_COLUMNS} from identity_checks
    where profile_id = ${row.client_profile_id} and status <> 'in_progress'
    order by coalesce(submitted_at, created_at) desc limit 50`)
  return rows(IdentityRow, res).map((a) => {
    const doc = openJson<SealedDocument>(a.document_sealed, docContext(a.id))
    return {
      id: a.id,
      status: a.status as CddRecord['attempts'][number]['status'],
      document_type: a.document_type,
      name_on_document: doc ? `${doc.given_names} ${doc.surname}` : null,
      name_differs: doc ? !namesAgree(row.client_name, { surname: doc.surname, givenNames: doc.given_names }) : false,
      failure_reason: a.failure_reason,
      confidence: a.confidence,
      submitted_at: a.submitted_at ? new Date(a.submitted_at).toISOString() : null,
      completed_at: a.completed_at ? new Date(a.completed_at).toISOString() : null,
      current: a.id === currentId,
    }
  })
}

async function buildView(tx: Tx, row: CddRow, providers: Providers): Promise<CddRecord> {
  const check = await identityFor(tx, row)
  const state = identityStateOf(check, !!row.decision)
  const doc = check ? openJson<SealedDocument>(check.document_sealed, docContext(check.id)) : null
  const attempts = await attemptsOf(tx, row, check?.id ?? null)
  const nameDiffers = doc ? !namesAgree(row.client_name, { surname: doc.surname, givenNames: doc.given_names }) : false
  const currentName = doc ? `${doc.given_names} ${doc.surname}` : null
  const otherNames = attempts.some(
    (a) => !a.current && a.name_on_document && currentName && !sameName(a.name_on_document, currentName),
  )
  const review =
    check && row.identity_review && row.identity_review_check_id === check.id && row.identity_reviewed_at
      ? {
          outcome: row.identity_review,
          note: row.identity_review_note ?? '',
          reviewed_by: row.identity_reviewed_by_name,
          reviewed_at: new Date(row.identity_reviewed_at).toISOString(),
        }
      : null
  const address = check ? openJson<SealedAddress>(check.address_sealed, addressContext(check.id)) : null
  const matches = openJson<ScreeningMatch[]>(row.screening_sealed, screeningContext(row.id)) ?? []
  const edd = openJson<SealedEdd>(row.edd_sealed, eddContext(row.id))
  const reliance = row.reliance_firm !== null
  // The identity check's address step takes a UK address only: without a recorded residence, that is it.
  const residenceFromIdentity = !row.residence_country && !!address
  const residence = row.residence_country ?? (address ? 'GB' : null)
  const fundingShortfallPence =
    row.side === 'buyer' && providers.fundingShortfall ? await providers.fundingShortfall(tx, row.transaction_id) : null
  const risk = assessRisk({
    identity: state,
    faceMatch: check?.face_match ?? null,
    screening: row.screening_status,
    sanctionsMatch: row.sanctions_match,
    pep: row.pep,
    pricePence: row.agreed_price_pence,
    reliance,
    identityReview: state === 'needs_review' ? (review?.outcome ?? null) : null,
    nameDiffers,
    earlierAttemptInAnotherName: otherNames,
    screeningStarted: row.screening_ref !== null,
    nationality: row.nationality,
    residenceCountry: residence,
    fundingShortfallPence,
  })
  const highRisk = (['nationality', 'residence_country'] as const).flatMap((field) => {
    const country = field === 'nationality' ? row.nationality : residence
    const list = highRiskListOf(country)
    return country && list ? [{ field, country, list }] : []
  })
  const docs = await tx.execute(sql`select id, filename from documents d where transaction_id = ${row.transaction_id}
    and ${documentAudienceFor('d', row.client_profile_id)} order by created_at desc limit 200`)
  return {
    id: row.id,
    client: { id: row.client_profile_id, full_name: row.client_name },
    side: row.side,
    identity: {
      state,
      provider_label: providers.identity.label,
      document_type: check?.document_type ?? null,
      document_number: doc?.number ?? null,
      name_on_document: doc ? `${doc.given_names} ${doc.surname}` : null,
      date_of_birth: doc?.date_of_birth ?? null,
      document_expires_on: check?.document_expires_on ?? null,
      face_match: check?.face_match ?? null,
      liveness: check?.liveness ?? null,
      confidence: check?.confidence ?? null,
      failure_reason: check?.failure_reason ?? null,
      completed_at: check?.completed_at ? new Date(check.completed_at).toISOString() : null,
      has_images: !!check?.document_image_key && !!check.selfie_image_key,
      assurance: check
        ? assuranceOf(check)
        : { checks: [], level: null, meets_pg81: false, pg81: 'PG81: no identity check yet' },
      name_differs_from_account: nameDiffers,
      review,
    },
    attempts,
    address: address
      ? { lines: [address.line1, address.line2, address.town].filter(Boolean), postcode: address.postcode }
      : null,
    screening: {
      state: row.screening_status,
      started: row.screening_ref !== null,
      provider_label: providers.screening.label,
      sanctions_match: row.sanctions_match,
      pep: row.pep,
      matches,
    },
    countries: {
      nationality: row.nationality,
      residence_country: residence,
      residence_from_identity: residenceFromIdentity,
      high_risk: highRisk,
      list: {
        published_on: HIGH_RISK_THIRD_COUNTRIES.publishedOn,
        source: HIGH_RISK_THIRD_COUNTRIES.source,
        source_url: HIGH_RISK_THIRD_COUNTRIES.sourceUrl,
        stale: highRiskListStale(new Date().toISOString().slice(0, 10)),
      },
    },
    risk: { level: risk.level, reasons: risk.reasons, edd_required: risk.eddRequired },
    edd: edd
      ? {
          ...edd,
          source_of_wealth_document: row.sow_id ? { id: row.sow_id, filename: row.sow_filename ?? '' } : null,
        }
      : null,
    reliance: reliance
      ? { firm_name: row.reliance_firm!, consent_on: row.reliance_consent_on!, note: row.reliance_note ?? '' }
      : null,
    decision:
      row.decision && row.decided_at
        ? {
            decision: row.decision,
            note: row.decision_note ?? '',
            decided_by: row.decided_by_name,
            decided_at: new Date(row.decided_at).toISOString(),
          }
        : null,
    approval_blockers: approvalBlockers({
      risk,
      identity: state,
      identityAccepted: state === 'needs_review' && review?.outcome === 'accepted',
      reliance,
      sanctionsMatch: row.sanctions_match,
      eddAnswered: !!edd,
      sourceOfWealthEvidence: !!row.sow_id,
    }),
    retention: {
      relationship_ended_on: row.relationship_ended_on,
      retain_until: row.relationship_ended_on ? cddRetainUntil(row.relationship_ended_on) : null,
    },
    documents: rows(DocumentRow, docs).map((d) => ({ id: d.id, filename: d.filename })),
  }
}

/**
 * Creates the record when there is none (idempotent), links the person's current identity check
 * unless the record is decided, and returns its id.
 */
export async function ensureCddRecord(
  tx: Tx,
  txId: string,
  profileId: string,
  side: 'buyer' | 'seller',
): Promise<string> {
  const res = await tx.execute(sql`
    insert into cdd_records (transaction_id, client_profile_id, side) values (${txId}, ${profileId}, ${side})
    on conflict (transaction_id, client_profile_id) do update set updated_at = now()
    returning id, decision`)
  const { id, decision } = oneRow(IdRow.extend({ decision: z.string().nullable() }), res)
  if (!decision) {
    const check = await currentCheck(tx, profileId)
    if (check) await tx.execute(sql`update cdd_records set identity_check_id = ${check.id} where id = ${id}`)
  }
  return id
}

/**
 * Prepares a fresh screening of the record's client: the name on their identity document when there
 * is one, else their profile name. The record waits for the new reference (a result for an earlier
 * one is ignored from then on). The caller sends the returned request to the provider once its
 * database transaction has committed, so the answer never arrives before the reference is visible.
 */
export async function prepareScreening(tx: Tx, providerName: string, cddId: string): Promise<ScreeningRequest> {
  const res = await tx.execute(sql`select client_profile_id from cdd_records where id = ${cddId}`)
  const subject = await screeningSubject(tx, oneRow(z.object({ client_profile_id: z.string() }), res).client_profile_id)
  const reference = newScreeningReference()
  await tx.execute(sql`update cdd_records set screening_status = 'pending', screening_provider = ${providerName},
      screening_ref = ${reference}, screening_sealed = null, sanctions_match = false, pep = false, updated_at = now()
    where id = ${cddId}`)
  return { reference, ...subject }
}

/**
 * Who a screening of `profileId` is about: the name (and date of birth) on their current identity
 * document when there is one, else their profile name. Clients (above) and giftors
 * (core/gift-screening.ts) alike.
 */
export async function screeningSubject(
  tx: Tx,
  profileId: string,
): Promise<{ fullName: string; dateOfBirth: string | null }> {
  const res = await tx.execute(sql`select full_name from profiles where id = ${profileId}`)
  const profileName = oneRow(z.object({ full_name: z.string() }), res).full_name
  const check = await currentCheck(tx, profileId)
  const doc = check ? openJson<SealedDocument>(check.document_sealed, docContext(check.id)) : null
  return {
    fullName: doc ? `${doc.given_names} ${doc.surname}` : profileName,
    dateOfBirth: doc?.date_of_birth ?? null,
  }
}

/**
 * Applies a screening result to the record that asked for it, else to the giftor's gift that did
 * (core/gift-screening.ts); false when nothing waits for that reference.
 */
export async function applyScreening(tx: Tx, reference: string, matches: ScreeningMatch[]): Promise<boolean> {
  const res = await tx.execute(sql`select id from cdd_records where screening_ref = ${reference} for update`)
  const id = firstRow(IdRow, res)?.id
  if (!id) return applyGiftScreening(tx, reference, matches)
  const { status, sanctions, pep } = screeningOutcome(matches)
  await tx.execute(sql`update cdd_records set screening_status = ${status},
      screening_sealed = ${sealJson(matches, screeningContext(id))}, sanctions_match = ${sanctions}, pep = ${pep},
      updated_at = now() where id = ${id}`)
  return true
}

/** GET: 404 unless instructed for the client or before the record is opened; the view goes in the audit trail. */
export async function getCdd(opts: {
  database: Database
  viewer: Viewer
  txId: string
  profileId: string
  providers: Providers
}) {
  return opts.database.db.transaction(async (tx) => {
    const side = await assertInstructedFor(tx, opts.viewer, opts.txId, opts.profileId)
    const row = await readRow(tx, opts.txId, opts.profileId)
    if (!row) throw notFound('client due diligence record')
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'cdd.viewed',
      side,
      summary: `viewed the client due diligence record of ${sideLabel(side)}`,
      payload: { cddId: row.id },
    })
    return buildView(tx, row, opts.providers)
  })
}

/** POST: opens the record (or refreshes it) and starts screening. */
export async function openCdd(opts: {
  database: Database
  viewer: Viewer
  txId: string
  profileId: string
  providers: Providers
}) {
  let request: ScreeningRequest | undefined
  const view = await opts.database.db.transaction(async (tx) => {
    const side = await assertInstructedFor(tx, opts.viewer, opts.txId, opts.profileId)
    const id = await ensureCddRecord(tx, opts.txId, opts.profileId, side)
    request = await prepareScreening(tx, opts.providers.screening.name, id)
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'cdd.opened',
      side,
      summary: `opened client due diligence for ${sideLabel(side)} and started sanctions and PEP screening`,
      payload: { cddId: id },
    })
    return buildView(tx, (await readRow(tx, opts.txId, opts.profileId))!, opts.providers)
  })
  // After the commit: a provider that fails here leaves the screening pending, and 'Screen again' retries.
  await opts.providers.screening.startScreening(request!)
  return view
}

async function lockRow(tx: Tx, viewer: Viewer, txId: string, profileId: string) {
  const side = await assertInstructedFor(tx, viewer, txId, profileId)
  const res = await tx.execute(sql`select id from cdd_records where transaction_id = ${txId}
    and client_profile_id = ${profileId} for update`)
  const id = firstRow(IdRow, res)?.id
  if (!id) throw notFound('client due diligence record')
  return { id, side }
}

/** PUT edd: the answers (sealed) and the evidence, one of this move's documents (422 otherwise). */
export async function saveEdd(opts: {
  database: Database
  viewer: Viewer
  txId: string
  profileId: string
  input: EddInput
  providers: Providers
}) {
  const input = EddSchema.parse(opts.input)
  return opts.database.db.transaction(async (tx) => {
    const { id, side } = await lockRow(tx, opts.viewer, opts.txId, opts.profileId)
    if (input.source_of_wealth_document_id) {
      const doc = await tx.execute(sql`select 1 from documents d where id = ${input.source_of_wealth_document_id}
        and transaction_id = ${opts.txId} and ${documentAudienceFor('d', opts.viewer.profileId)}`)
      if (!doc.rows.length)
        throw new AppError('unprocessable', 'The source-of-wealth evidence must be a document on this move.')
    }
    const answers: SealedEdd = {
      source_of_wealth: input.source_of_wealth,
      purpose_of_transaction: input.purpose_of_transaction,
      pep_or_match_explanation: input.pep_or_match_explanation,
      senior_approver: input.senior_approver,
    }
    await tx.execute(sql`update cdd_records set edd_sealed = ${sealJson(answers, eddContext(id))},
        source_of_wealth_document_id = ${input.source_of_wealth_document_id}, updated_at = now() where id = ${id}`)
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'cdd.edd_recorded',
      side,
      summary: `recorded enhanced due diligence for ${sideLabel(side)}`,
      payload: { cddId: id },
    })
    return buildView(tx, (await readRow(tx, opts.txId, opts.profileId))!, opts.providers)
  })
}

/**
 * PUT countries: the client's nationality and country of residence (ISO 3166-1 alpha-2, null for not
 * recorded). A high-risk third country among them makes the risk high and EDD required before
 * approval (reg 33(1)(b); decision 068); the audit entry names no country (the other side never sees
 * it: the entry's audience is the client's firm, as every CDD entry).
 */
export async function saveCountries(opts: {
  database: Database
  viewer: Viewer
  txId: string
  profileId: string
  input: CountriesInput
  providers: Providers
}) {
  const input = CountriesSchema.parse(opts.input)
  return opts.database.db.transaction(async (tx) => {
    const { id, side } = await lockRow(tx, opts.viewer, opts.txId, opts.profileId)
    await tx.execute(sql`update cdd_records set nationality = ${input.nationality},
        residence_country = ${input.residence_country}, updated_at = now() where id = ${id}`)
    const matched = [input.nationality, input.residence_country].some((c) => highRiskListOf(c) !== null)
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'cdd.countries_recorded',
      side,
      summary: `recorded the nationality and country of residence of ${sideLabel(side)}`,
      payload: { cddId: id, highRiskMatch: matched },
    })
    return buildView(tx, (await readRow(tx, opts.txId, opts.profileId))!, opts.providers)
  })
}

/** PUT reliance (reg 39): the firm relied on and its written consent. */
export async function saveReliance(opts: {
  database: Database
  viewer: Viewer
  txId: string
  profileId: string
  input: RelianceInput
  providers: Providers
}) {
  return opts.database.db.transaction(async (tx) => {
    const { id, side } = await lockRow(tx, opts.viewer, opts.txId, opts.profileId)
    await tx.execute(sql`update cdd_records set reliance_firm = ${opts.input.firm_name},
        reliance_consent_on = ${opts.input.consent_on}::date, reliance_note = ${opts.input.note}, updated_at = now()
      where id = ${id}`)
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'cdd.reliance_recorded',
      side,
      summary: `recorded reliance on another firm's due diligence for ${sideLabel(side)}`,
      payload: { cddId: id },
    })
    return buildView(tx, (await readRow(tx, opts.txId, opts.profileId))!, opts.providers)
  })
}

/** POST decision: approve (422 listing what is missing), refer or reject; then the side's task follows. */
export async function decideCdd(opts: {
  database: Database
  viewer: Viewer
  txId: string
  profileId: string
  input: DecisionInput
  providers: Providers
  /** Where notification emails link to (the ticked task's stage may complete). */
  notify: NotificationDelivery
}) {
  return opts.database.db.transaction(async (tx) => {
    await tx.execute(sql`select id from transactions where id = ${opts.txId} for update`)
    const { id, side } = await lockRow(tx, opts.viewer, opts.txId, opts.profileId)
    const before = await buildView(tx, (await readRow(tx, opts.txId, opts.profileId))!, opts.providers)
    if (opts.input.decision === 'approve' && before.approval_blockers.length) {
      throw new AppError('unprocessable', `Not ready to approve: ${before.approval_blockers.join('; ')}.`)
    }
    const check = await currentCheck(tx, opts.profileId)
    await tx.execute(sql`update cdd_records set decision = ${opts.input.decision}, decision_note = ${opts.input.note},
        decided_by = ${opts.viewer.profileId}, decided_at = now(), updated_at = now(),
        identity_check_id = coalesce(${check?.id ?? null}::uuid, identity_check_id)
      where id = ${id}`)
    const verb = { approve: 'approved', refer: 'referred', reject: 'rejected' }[opts.input.decision]
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'cdd.decided',
      side,
      summary: `${verb} the client due diligence of ${sideLabel(side)}`,
      payload: { cddId: id, decision: opts.input.decision },
    })
    await syncCddTask(tx, opts.txId, side, opts.viewer.profileId, opts.notify)
    await touchTransaction(tx, opts.txId)
    return buildView(tx, (await readRow(tx, opts.txId, opts.profileId))!, opts.providers)
  })
}

/**
 * Ticks the side's ID and AML task when every client on that side has an approved record, and
 * unticks it when that stops being true, with an audit entry either way.
 */
export async function syncCddTask(
  tx: Tx,
  txId: string,
  side: 'buyer' | 'seller',
  actorId: string,
  notify: NotificationDelivery,
): Promise<void> {
  const title = CDD_TASK_TITLES[side]
  const clients = await tx.execute(sql`
    select c.id, exists(select 1 from cdd_records r where r.transaction_id = ${txId} and r.client_profile_id = c.id
      and r.decision = 'approve') as approved
    from (select buyer_user_id as id from transactions where id = ${txId} and ${side}::text = 'buyer' and buyer_user_id is not null
      union select seller_user_id from transactions where id = ${txId} and ${side}::text = 'seller' and seller_user_id is not null
      union select user_id from transaction_participants where transaction_id = ${txId} and role = ${side}) c`)
  const approvals = rows(z.object({ approved: z.boolean() }), clients)
  const allApproved = approvals.length > 0 && approvals.every((r) => r.approved)
  await tickTask(tx, {
    txId,
    task: { title },
    status: allApproved ? 'completed' : 'not_completed',
    actorId,
    reason: allApproved ? ' by approving client due diligence' : ": a client's due diligence is no longer approved",
    notify,
    // The task's state shows on the timeline; why it changed (a referral) is the client's firm's only.
    audience: side === 'buyer' ? 'buyer_firm' : 'seller_firm',
  })
}

/**
 * POST identity-review: the conveyancer resolves the manual review of the client's current identity
 * check, with a note for the file (audited): 'accepted' lets the record be approved on this matter
 * (the check stays at the provider's low confidence, and screening starts under the name on the
 * document); 'rejected' keeps it blocked and raises the risk; 'new_check_requested' asks the client
 * to start a new check (their identity page says so). 409 when the check is not in review or the
 * record is already approved or rejected.
 */
export async function reviewIdentity(opts: {
  database: Database
  viewer: Viewer
  txId: string
  profileId: string
  input: IdentityReviewInput
  providers: Providers
}) {
  let request: ScreeningRequest | undefined
  const view = await opts.database.db.transaction(async (tx) => {
    const { id, side } = await lockRow(tx, opts.viewer, opts.txId, opts.profileId)
    const row = (await readRow(tx, opts.txId, opts.profileId))!
    if (row.decision === 'approve' || row.decision === 'reject') {
      throw new AppError('conflict', 'The record is already decided: the identity check it relies on cannot change.')
    }
    const check = await identityFor(tx, row)
    if (!check || check.status !== 'needs_review') {
      throw new AppError('conflict', 'The identity check is not waiting for a manual review.')
    }
    await tx.execute(sql`update cdd_records set identity_review = ${opts.input.outcome},
        identity_review_note = ${opts.input.note}, identity_review_check_id = ${check.id},
        identity_reviewed_by = ${opts.viewer.profileId}, identity_reviewed_at = now(), identity_check_id = ${check.id},
        updated_at = now()
      where id = ${id}`)
    const what = {
      accepted: 'accepted the identity check of',
      rejected: 'rejected the identity check of',
      new_check_requested: 'asked for a new identity check from',
    }[opts.input.outcome]
    await recordActivity(tx, {
      transactionId: opts.txId,
      actorId: opts.viewer.profileId,
      kind: 'cdd.identity_reviewed',
      side,
      summary: `${what} ${sideLabel(side)} after its manual review`,
      payload: { cddId: id, identityCheckId: check.id, outcome: opts.input.outcome },
    })
    if (opts.input.outcome === 'accepted') request = await prepareScreening(tx, opts.providers.screening.name, id)
    return buildView(tx, (await readRow(tx, opts.txId, opts.profileId))!, opts.providers)
  })
  // After the commit, as openCdd does: a provider that fails leaves the screening pending ("Screen again").
  if (request) await opts.providers.screening.startScreening(request)
  return request ? getFreshView(opts) : view
}

/** The record as it is now (after a screening was started), without a second audit entry. */
async function getFreshView(opts: { database: Database; txId: string; profileId: string; providers: Providers }) {
  return opts.database.db.transaction(async (tx) =>
    buildView(tx, (await readRow(tx, opts.txId, opts.profileId))!, opts.providers),
  )
}
