/**
 * A person's identity check, step by step (resumable: each step is saved as it is given, and the
 * check picks up where it stopped): start (or resume), the document (passport MRZ or driving licence
 * number checked with src/shared/domain/identity-documents.ts, an expired document refused, its photo
 * sealed), the selfie, the current address, then submit to the identity provider, whose result
 * arrives by webhook (webhooks.ts). Starting again after a failure carries over the steps that
 * passed (retryKeeps), so only the failed step is redone. One verified check serves every move of the person until
 * it expires (IDENTITY_CHECK_VALID_MONTHS, or the document's expiry if sooner).
 * Errors: 404 for a check that is not the viewer's, 409 once submitted, 422 for an expired document,
 * a failing check digit (400 naming the field) or an unreadable image; nothing is half-written.
 */
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type {
  AddressStepInput,
  DocumentStepInput,
  IdentityAssurance,
  IdentityCheck,
  MyIdentity,
  SelfieStepInput,
} from '#shared/contracts/verification.ts'
import { IDENTITY_REVIEW_OUTCOMES, type IdentityReviewOutcome } from '#shared/domain/client-due-diligence.ts'
import { identityAssurance } from '#shared/domain/identity-assurance.ts'
import { AddressStepInput as AddressSchema } from '#shared/contracts/verification.ts'
import { checkDrivingLicenceNumber, documentExpired, parsePassportMrzLine2 } from '#shared/domain/identity-documents.ts'
import { ukCalendarDate } from '#shared/domain/mortgages.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { firstRow, oneRow, Timestamp } from '#server/db/rows.ts'
import { IDENTITY_CHECK_STATUSES } from '#server/db/schema/verification.ts'
import { AppError, notFound } from '#server/core/errors.ts'
import { enforceLimit, IDENTITY_CHECK_START } from '#server/core/limits.ts'
import type { ObjectStorage } from '#server/platform/storage/index.ts'
import type { IdentityVerificationProvider } from '#server/providers/identity-verification/index.ts'
import { nextStepFor } from '#server/providers/identity-verification/identity-verification-provider.ts'
import { decodeImage, readSealedImage, storeSealedImage } from './sealed-images'
import { openJson, sealJson } from './sealed-json'

/** A row of identity_checks as COLUMNS selects it. */
export const IdentityRow = z.object({
  id: z.string(),
  profile_id: z.string(),
  status: z.enum(IDENTITY_CHECK_STATUSES),
  provider: z.string(),
  document_type: z.enum(['passport', 'driving_licence']).nullable(),
  document_sealed: z.string().nullable(),
  document_expires_on: z.string().nullable(),
  document_image_key: z.string().nullable(),
  selfie_image_key: z.string().nullable(),
  address_sealed: z.string().nullable(),
  face_match: z.boolean().nullable(),
  liveness: z.boolean().nullable(),
  document_authentic: z.boolean().nullable(),
  chip_read: z.boolean().nullable(),
  confidence: z.string().nullable(),
  failure_reason: z.string().nullable(),
  submitted_at: Timestamp.nullable(),
  completed_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
})
export type IdentityRow = z.infer<typeof IdentityRow>

/** The sealed document details. */
export interface SealedDocument {
  number: string
  surname: string
  given_names: string
  date_of_birth: string
  nationality: string | null
  expiry_date: string
}

export interface SealedAddress {
  line1: string
  line2: string
  town: string
  postcode: string
}

export const docContext = (id: string) => `identity-check:${id}:document-details`
export const addressContext = (id: string) => `identity-check:${id}:address`
export const resultContext = (id: string) => `identity-check:${id}:result`

/** The columns IdentityRow reads, for every select of identity_checks. */
export const IDENTITY_COLUMNS = sql.raw(`id, profile_id, status, provider, document_type, document_sealed,
  document_expires_on::text, document_image_key, selfie_image_key, address_sealed, face_match, liveness,
  document_authentic, chip_read, confidence, failure_reason, submitted_at, completed_at, expires_at`)
const COLUMNS = IDENTITY_COLUMNS

/** Today in Europe/London as yyyy-mm-dd. */
export function londonToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(now)
}

/** What a check checked and the level it reached (shared/domain/identity-assurance.ts), as the contracts carry it. */
export function assuranceOf(row: IdentityRow): IdentityAssurance {
  const a = identityAssurance({
    status: row.status,
    documentType: row.document_type,
    documentAuthentic: row.document_authentic,
    faceMatch: row.face_match,
    liveness: row.liveness,
    chipRead: row.chip_read,
    confidence: row.confidence,
  })
  return { checks: a.checks, level: a.level, meets_pg81: a.meetsPg81, pg81: a.pg81 }
}

/**
 * The steps a new check takes over from this finished one, so that only what failed is redone: a
 * failed selfie (face match or liveness) keeps the document and the address; a document that was not
 * genuine keeps the selfie and the address; anything else (a manual review) keeps the address.
 */
export function retryKeeps(row: IdentityRow): Array<'document' | 'selfie' | 'address'> {
  if (row.status !== 'failed' && row.status !== 'needs_review') return []
  const keep: Array<'document' | 'selfie' | 'address'> = []
  const selfieFailed = row.face_match === false || row.liveness === false
  if (row.status === 'failed' && selfieFailed && row.document_authentic !== false && row.document_image_key) {
    keep.push('document')
  }
  if (row.status === 'failed' && !selfieFailed && row.document_authentic === false && row.selfie_image_key) {
    keep.push('selfie')
  }
  if (row.address_sealed) keep.push('address')
  return keep
}

/** The check as its person sees it; `reviewOutcome`: their conveyancer's resolution of its manual review. */
export function identityView(
  row: IdentityRow,
  providerLabel: string,
  reviewOutcome: IdentityReviewOutcome | null = null,
): IdentityCheck {
  const failed = row.status === 'failed' || row.status === 'needs_review'
  const reviewStep =
    row.status !== 'needs_review' || !reviewOutcome
      ? null
      : reviewOutcome === 'new_check_requested'
        ? 'Your conveyancer looked at the check and asks you for a new one: start again below.'
        : reviewOutcome === 'rejected'
          ? 'Your conveyancer could not accept this check and will contact you about what to do instead.'
          : 'Your conveyancer looked at the check and accepted it for your move.'
  return {
    id: row.id,
    status: row.status,
    provider_label: providerLabel,
    steps: { document: !!row.document_image_key, selfie: !!row.selfie_image_key, address: !!row.address_sealed },
    document_type: row.document_type,
    document_expires_on: row.document_expires_on,
    failure_reason: failed ? row.failure_reason : null,
    // A failure with the selfie passing (face match and liveness) was the document's.
    next_step: reviewStep
      ? reviewStep
      : failed
        ? nextStepFor({
            outcome: row.status === 'failed' ? 'failed' : 'needs_review',
            faceMatch: row.face_match !== false,
            liveness: row.liveness !== false,
            documentAuthentic: row.face_match === false || row.liveness === false,
          })
        : null,
    confidence: row.confidence,
    assurance: assuranceOf(row),
    review_outcome: row.status === 'needs_review' ? reviewOutcome : null,
    retry_keeps: retryKeeps(row),
    submitted_at: row.submitted_at ? new Date(row.submitted_at).toISOString() : null,
    completed_at: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    expires_at: row.expires_at ? new Date(row.expires_at).toISOString() : null,
  }
}

/**
 * The person's current check: the newest one, unless a verified one is still in date (that one
 * serves). Null when they have none.
 */
export async function currentCheck(tx: Tx | Database['db'], profileId: string): Promise<IdentityRow | null> {
  const res = await tx.execute(sql`
    select ${COLUMNS} from identity_checks where profile_id = ${profileId}
    order by (status = 'verified' and expires_at > now()) desc, created_at desc limit 1`)
  return firstRow(IdentityRow, res) ?? null
}

/** GET /me/identity-check. */
export async function getMyIdentity(opts: {
  database: Database
  viewer: Viewer
  provider: IdentityVerificationProvider
}): Promise<MyIdentity> {
  const row = await currentCheck(opts.database.db, opts.viewer.profileId)
  const usable = row && !(row.status === 'verified' && row.expires_at && new Date(row.expires_at) <= new Date())
  if (!usable) return { provider_label: opts.provider.label, check: null }
  return {
    provider_label: opts.provider.label,
    check: identityView(row, opts.provider.label, await reviewOutcomeOf(opts.database.db, row.id)),
  }
}

/** The latest resolution, by any conveyancer instructed for the person, of the check's manual review. */
export async function reviewOutcomeOf(tx: Tx | Database['db'], checkId: string): Promise<IdentityReviewOutcome | null> {
  const res = await tx.execute(sql`select identity_review from cdd_records
    where identity_review_check_id = ${checkId} and identity_review is not null
    order by identity_reviewed_at desc limit 1`)
  return firstRow(z.object({ identity_review: z.enum(IDENTITY_REVIEW_OUTCOMES) }), res)?.identity_review ?? null
}

/**
 * POST /me/identity-check: the verified check in date, or the one in progress or processing, as it
 * is; otherwise (none, failed, needs review, expired) a new one.
 */
export async function startIdentityCheck(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  provider: IdentityVerificationProvider
}): Promise<IdentityCheck> {
  const started = await opts.database.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242026, hashtext(${opts.viewer.profileId}))`)
    const row = await currentCheck(tx, opts.viewer.profileId)
    const live =
      row &&
      (row.status === 'in_progress' ||
        row.status === 'processing' ||
        (row.status === 'verified' && row.expires_at && new Date(row.expires_at) > new Date()))
    if (live) return { row, previous: null }
    // Only a new check counts (core/limits.ts IDENTITY_CHECK_START): resuming one is free.
    await enforceLimit(tx, IDENTITY_CHECK_START, opts.viewer.profileId)
    const res = await tx.execute(sql`
      insert into identity_checks (profile_id, provider) values (${opts.viewer.profileId}, ${opts.provider.name})
      returning ${COLUMNS}`)
    return { row: oneRow(IdentityRow, res), previous: row }
  })
  if (!started.previous) return identityView(started.row, opts.provider.label)
  const copied = await carryOverSteps(opts, started.previous, started.row).catch(() => started.row)
  return identityView(copied, opts.provider.label)
}

/**
 * Copies the steps retryKeeps names from a finished check into the new one (re-sealed under the new
 * check's contexts), after the new row has committed: when copying fails the new check simply starts
 * with those steps open.
 */
async function carryOverSteps(
  opts: { database: Database; storage: ObjectStorage; viewer: Viewer },
  from: IdentityRow,
  to: IdentityRow,
): Promise<IdentityRow> {
  const keep = retryKeeps(from)
  if (!keep.length) return to
  const newKeys: string[] = []
  try {
    const documentKey =
      keep.includes('document') && from.document_image_key
        ? await storeSealedImage(
            opts.storage,
            to.id,
            'document',
            await readSealedImage(opts.storage, from.id, 'document', from.document_image_key),
          )
        : null
    if (documentKey) newKeys.push(documentKey)
    const selfieKey =
      keep.includes('selfie') && from.selfie_image_key
        ? await storeSealedImage(
            opts.storage,
            to.id,
            'selfie',
            await readSealedImage(opts.storage, from.id, 'selfie', from.selfie_image_key),
          )
        : null
    if (selfieKey) newKeys.push(selfieKey)
    const doc = documentKey ? openJson<SealedDocument>(from.document_sealed, docContext(from.id)) : null
    const address = keep.includes('address')
      ? openJson<SealedAddress>(from.address_sealed, addressContext(from.id))
      : null
    return await opts.database.db.transaction(async (tx) => {
      await lockEditable(tx, opts.viewer, to.id)
      const res = await tx.execute(sql`update identity_checks set
          document_type = case when ${!!doc} then ${from.document_type} else document_type end,
          document_sealed = coalesce(${doc ? sealJson(doc, docContext(to.id)) : null}, document_sealed),
          document_expires_on = case when ${!!doc} then ${from.document_expires_on}::date else document_expires_on end,
          document_image_key = coalesce(${documentKey}, document_image_key),
          selfie_image_key = coalesce(${selfieKey}, selfie_image_key),
          address_sealed = coalesce(${address ? sealJson(address, addressContext(to.id)) : null}, address_sealed),
          updated_at = now()
        where id = ${to.id} returning ${COLUMNS}`)
      return oneRow(IdentityRow, res)
    })
  } catch (err) {
    for (const key of newKeys) await opts.storage.delete(key).catch(() => {})
    throw err
  }
}

/** Locks the viewer's check for a step: 404 when not theirs, 409 once submitted. */
async function lockEditable(tx: Tx, viewer: Viewer, checkId: string): Promise<IdentityRow> {
  const res = await tx.execute(sql`
    select ${COLUMNS} from identity_checks where id = ${checkId} and profile_id = ${viewer.profileId} for update`)
  const row = firstRow(IdentityRow, res)
  if (!row) throw notFound('identity check')
  if (row.status !== 'in_progress') {
    throw new AppError(
      'conflict',
      row.status === 'processing'
        ? 'This check was sent to the identity provider; wait for its result.'
        : 'This check is finished. Start a new one to change anything.',
    )
  }
  return row
}

/** Stores the image first, then the row; when the row cannot be written the new image is removed (nothing half-written). */
async function replaceImage(
  opts: { database: Database; storage: ObjectStorage; viewer: Viewer; checkId: string },
  image: 'document' | 'selfie',
  data: { contentType: string; bytes: Buffer },
  write: (tx: Tx, key: string, row: IdentityRow) => Promise<void>,
): Promise<IdentityRow> {
  // Ownership and state first, so a stranger's request stores nothing.
  await opts.database.db.transaction((tx) => lockEditable(tx, opts.viewer, opts.checkId))
  const key = await storeSealedImage(opts.storage, opts.checkId, image, data)
  let old: string | null = null
  try {
    const row = await opts.database.db.transaction(async (tx) => {
      const current = await lockEditable(tx, opts.viewer, opts.checkId)
      old = image === 'document' ? current.document_image_key : current.selfie_image_key
      await write(tx, key, current)
      const res = await tx.execute(sql`select ${COLUMNS} from identity_checks where id = ${opts.checkId}`)
      return oneRow(IdentityRow, res)
    })
    if (old) await opts.storage.delete(old).catch(() => {})
    return row
  } catch (err) {
    await opts.storage.delete(key).catch(() => {})
    throw err
  }
}

/** PUT /me/identity-check/{checkId}/document. */
export async function saveDocumentStep(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  provider: IdentityVerificationProvider
  checkId: string
  input: DocumentStepInput
}): Promise<IdentityCheck> {
  const { input } = opts
  const today = londonToday()
  let details: SealedDocument
  if (input.document_type === 'passport') {
    const mrz = parsePassportMrzLine2(input.mrz_line, today)
    if (!mrz.ok) throw new AppError('validation_failed', mrz.error, { mrz_line: [mrz.error] })
    details = {
      number: mrz.mrz.documentNumber,
      surname: input.surname,
      given_names: input.given_names,
      date_of_birth: mrz.mrz.dateOfBirth,
      nationality: mrz.mrz.nationality,
      expiry_date: mrz.mrz.expiryDate,
    }
  } else {
    const licence = checkDrivingLicenceNumber(input.licence_number, {
      surname: input.surname,
      givenNames: input.given_names,
      dateOfBirth: input.date_of_birth,
    })
    if (!licence.ok) throw new AppError('validation_failed', licence.error, { licence_number: [licence.error] })
    details = {
      number: licence.number,
      surname: input.surname,
      given_names: input.given_names,
      date_of_birth: input.date_of_birth,
      nationality: null,
      expiry_date: input.expiry_date,
    }
  }
  if (documentExpired(details.expiry_date, today)) {
    throw new AppError(
      'unprocessable',
      `This ${input.document_type === 'passport' ? 'passport' : 'driving licence'} expired on ${ukCalendarDate(details.expiry_date)}. Use a document that is still in date.`,
    )
  }
  const image = decodeImage(input.image)
  const row = await replaceImage(opts, 'document', image, async (tx, key) => {
    await tx.execute(sql`update identity_checks set document_type = ${input.document_type},
        document_sealed = ${sealJson(details, docContext(opts.checkId))}, document_expires_on = ${details.expiry_date}::date,
        document_image_key = ${key}, updated_at = now()
      where id = ${opts.checkId}`)
  })
  return identityView(row, opts.provider.label)
}

/** PUT /me/identity-check/{checkId}/selfie. */
export async function saveSelfieStep(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  provider: IdentityVerificationProvider
  checkId: string
  input: SelfieStepInput
}): Promise<IdentityCheck> {
  const image = decodeImage(opts.input.image)
  const row = await replaceImage(opts, 'selfie', image, async (tx, key) => {
    await tx.execute(
      sql`update identity_checks set selfie_image_key = ${key}, updated_at = now() where id = ${opts.checkId}`,
    )
  })
  return identityView(row, opts.provider.label)
}

/** PUT /me/identity-check/{checkId}/address. */
export async function saveAddressStep(opts: {
  database: Database
  viewer: Viewer
  provider: IdentityVerificationProvider
  checkId: string
  input: AddressStepInput
}): Promise<IdentityCheck> {
  const parsed = AddressSchema.parse(opts.input)
  const compact = parsed.postcode.toUpperCase().replace(/\s+/g, '')
  const address: SealedAddress = { ...parsed, postcode: `${compact.slice(0, -3)} ${compact.slice(-3)}` }
  return opts.database.db.transaction(async (tx) => {
    await lockEditable(tx, opts.viewer, opts.checkId)
    const res =
      await tx.execute(sql`update identity_checks set address_sealed = ${sealJson(address, addressContext(opts.checkId))},
        updated_at = now() where id = ${opts.checkId} returning ${COLUMNS}`)
    return identityView(oneRow(IdentityRow, res), opts.provider.label)
  })
}

/** POST /me/identity-check/{checkId}/submit: 422 naming the missing step; the provider's refusal leaves the check in progress. */
export async function submitIdentityCheck(opts: {
  database: Database
  storage: ObjectStorage
  viewer: Viewer
  provider: IdentityVerificationProvider
  checkId: string
}): Promise<IdentityCheck> {
  return opts.database.db.transaction(async (tx) => {
    const row = await lockEditable(tx, opts.viewer, opts.checkId)
    const missing = [
      !row.document_image_key && 'your document',
      !row.selfie_image_key && 'a selfie',
      !row.address_sealed && 'your current address',
    ].filter(Boolean)
    if (missing.length) throw new AppError('unprocessable', `Before you submit, add ${missing.join(' and ')}.`)
    const doc = openJson<SealedDocument>(row.document_sealed, docContext(row.id))!
    const address = openJson<SealedAddress>(row.address_sealed, addressContext(row.id))!
    const today = londonToday()
    if (documentExpired(doc.expiry_date, today)) {
      throw new AppError(
        'unprocessable',
        `Your document expired on ${ukCalendarDate(doc.expiry_date)}. Add one that is in date.`,
      )
    }
    // Inside the transaction on purpose: a provider's refusal leaves the check in progress (rolled back),
    // and its answer comes by webhook later (the sandbox's after 1.5 s), once this has committed.
    const { providerCheckId } = await opts.provider.startCheck({
      checkId: row.id,
      documentType: row.document_type!,
      surname: doc.surname,
      givenNames: doc.given_names,
      dateOfBirth: doc.date_of_birth,
      documentNumber: doc.number,
      documentExpiresOn: doc.expiry_date,
      documentImage: await readSealedImage(opts.storage, row.id, 'document', row.document_image_key!),
      selfieImage: await readSealedImage(opts.storage, row.id, 'selfie', row.selfie_image_key!),
      address: { lines: [address.line1, address.line2, address.town].filter(Boolean), postcode: address.postcode },
    })
    const res = await tx.execute(sql`update identity_checks set status = 'processing', provider = ${opts.provider.name},
        provider_check_id = ${providerCheckId}, submitted_at = now(), updated_at = now()
      where id = ${row.id} returning ${COLUMNS}`)
    return identityView(oneRow(IdentityRow, res), opts.provider.label)
  })
}
