/**
 * Contracts of verified parties: a person's identity check (document, selfie, current address,
 * resumable, reused by every move of theirs until it expires), the client due diligence record the
 * instructed conveyancer keeps per client per matter (MLR 2017), the badges on People and the
 * partners' signed webhooks. Dates are yyyy-mm-dd; times ISO.
 */
import { z } from 'zod'
import {
  BADGE_STATES,
  CDD_DECISIONS,
  IDENTITY_REVIEW_OUTCOMES,
  IDENTITY_STATES,
  RISK_LEVELS,
  SCREENING_STATES,
} from '../domain/client-due-diligence'
import { isCountryCode } from '../domain/countries'
import { Timestamp, TransactionParams, Uuid } from './common'
import { displayLine, displayText, ukPostcode } from './common'
import { endpoint, ERRORS, json, jsonBody, PUBLIC } from './endpoint'

const IsoDate = z.iso.date({ message: 'Use a date like 1985-03-31' })

/** Image types accepted for the document photo and the selfie. */
export const IDENTITY_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const
/** The largest image (bytes, before base64): the web app scales photos down to fit. */
export const IDENTITY_IMAGE_MAX_BYTES = 700 * 1024

/** An image sent as base64 inside JSON (the web app scales a phone photo to at most 1600 px first). */
export const ImageUpload = z.object({
  content_type: z.enum(IDENTITY_IMAGE_TYPES, { message: 'Send a JPEG, PNG or WebP photo' }),
  data_base64: z
    .string()
    .min(100, 'The photo is empty or unreadable: take it again')
    .max(Math.ceil((IDENTITY_IMAGE_MAX_BYTES * 4) / 3) + 4, 'The photo is too large: at most 700 KB'),
})
export type ImageUpload = z.infer<typeof ImageUpload>

export const DOCUMENT_TYPES = ['passport', 'driving_licence'] as const

const Name = (what: string) =>
  displayLine()
    .trim()
    .min(1, `Give the ${what} as printed on the document`)
    .max(80, `The ${what} can be at most 80 characters`)

/** The document step: its type, the name on it, the typed MRZ lower line or licence number, and its photo. */
export const DocumentStepInput = z.discriminatedUnion('document_type', [
  z.object({
    document_type: z.literal('passport'),
    surname: Name('surname'),
    given_names: Name('given names'),
    /** The lower of the two lines of 44 characters at the foot of the photo page. */
    mrz_line: displayLine().trim().min(1, "Type the lower line of the passport's machine readable zone"),
    image: ImageUpload,
  }),
  z.object({
    document_type: z.literal('driving_licence'),
    surname: Name('surname'),
    given_names: Name('given names'),
    date_of_birth: IsoDate,
    licence_number: displayLine().trim().min(1, 'Type the licence number (field 5 on the photocard)'),
    /** Field 4b on the photocard. */
    expiry_date: IsoDate,
    image: ImageUpload,
  }),
])
export type DocumentStepInput = z.infer<typeof DocumentStepInput>

export const SelfieStepInput = z.object({ image: ImageUpload })
export type SelfieStepInput = z.infer<typeof SelfieStepInput>

export const AddressStepInput = z.object({
  line1: displayLine().trim().min(1, 'Give the first line of your address').max(120, 'At most 120 characters'),
  line2: displayLine().trim().max(120, 'At most 120 characters').optional().default(''),
  town: displayLine().trim().min(1, 'Give your town or city').max(80, 'At most 80 characters'),
  /** The one postcode rule of every form (shared/domain/postcode.ts), normalised. */
  postcode: ukPostcode(),
})
export type AddressStepInput = z.input<typeof AddressStepInput>

export const CheckParams = z.object({ checkId: Uuid })

/**
 * What a check checked (yes, no, or null before the result) and the level it reached; "meets PG81"
 * only with the chip read (shared/domain/identity-assurance.ts).
 */
export const IdentityAssurance = z.object({
  checks: z.array(
    z.object({
      key: z.enum(['document', 'mrz', 'face_match', 'liveness', 'chip']),
      label: z.string(),
      done: z.boolean().nullable(),
    }),
  ),
  level: z.enum(['medium', 'low']).nullable(),
  meets_pg81: z.boolean(),
  pg81: z.string(),
})
export type IdentityAssurance = z.infer<typeof IdentityAssurance>

/** A person's identity check as they see it. */
export const IdentityCheck = z.object({
  id: Uuid,
  status: z.enum(['in_progress', 'processing', 'verified', 'needs_review', 'failed']),
  provider_label: z.string(),
  steps: z.object({ document: z.boolean(), selfie: z.boolean(), address: z.boolean() }),
  document_type: z.enum(DOCUMENT_TYPES).nullable(),
  document_expires_on: z.string().nullable(),
  failure_reason: z.string().nullable(),
  /** What to do next after a failure, in plain words. */
  next_step: z.string().nullable(),
  confidence: z.string().nullable(),
  assurance: IdentityAssurance,
  /**
   * After a manual review, what the person's conveyancer decided ('new_check_requested': start a new
   * check; 'rejected': they will be in touch; 'accepted'); null while nobody has.
   */
  review_outcome: z.enum(IDENTITY_REVIEW_OUTCOMES).nullable(),
  /** After a failure, the steps a new check starts with, taken from this one (only the failed step is redone). */
  retry_keeps: z.array(z.enum(['document', 'selfie', 'address'])),
  submitted_at: Timestamp.nullable(),
  completed_at: Timestamp.nullable(),
  expires_at: Timestamp.nullable(),
})
export type IdentityCheck = z.infer<typeof IdentityCheck>

export const MyIdentity = z.object({ provider_label: z.string(), check: IdentityCheck.nullable() })
export type MyIdentity = z.infer<typeof MyIdentity>

export const Badge = z.object({
  kind: z.string(),
  label: z.string(),
  state: z.enum(BADGE_STATES),
})
export type Badge = z.infer<typeof Badge>

export const PartyVerification = z.object({
  profile_id: Uuid,
  full_name: z.string(),
  side: z.enum(['buyer', 'seller']).nullable(),
  /** A buyer or seller: has a CDD record on this matter. */
  client: z.boolean(),
  badges: z.array(Badge),
  /** The viewer is the conveyancer instructed for this client, and may open their CDD record. */
  can_review_cdd: z.boolean(),
})

export const ChecklistItem = z.object({
  key: z.string(),
  label: z.string(),
  done: z.boolean(),
  hint: z.string(),
})
export type ChecklistItem = z.infer<typeof ChecklistItem>

/** The People badges the viewer may see, and the viewer's own to-do list when they are a buyer or seller. */
export const VerificationSummary = z.object({
  provider_label: z.string(),
  parties: z.array(PartyVerification),
  checklist: z.array(ChecklistItem).nullable(),
})
export type VerificationSummary = z.infer<typeof VerificationSummary>

export const ClientParams = TransactionParams.extend({ profileId: Uuid })
export const ImageParams = ClientParams.extend({ image: z.enum(['document', 'selfie']) })

export const EddInput = z.object({
  source_of_wealth: displayText()
    .trim()
    .min(10, 'Explain how the client came by their wealth (at least 10 characters)')
    .max(2000, 'At most 2000 characters'),
  purpose_of_transaction: displayText().trim().min(3, 'Give the purpose of the purchase or sale').max(1000),
  pep_or_match_explanation: displayText().trim().max(2000).optional().default(''),
  senior_approver: displayLine().trim().min(2, 'Name the senior manager who approved acting (reg 35)').max(120),
  source_of_wealth_document_id: Uuid.nullable(),
})
export type EddInput = z.input<typeof EddInput>

export const RelianceInput = z.object({
  firm_name: displayLine().trim().min(2, 'Name the firm whose CDD you rely on').max(160),
  consent_on: IsoDate,
  note: displayText().trim().min(5, "Record the firm's written consent (who gave it and how)").max(1000),
})
export type RelianceInput = z.infer<typeof RelianceInput>

/** The conveyancer's resolution of a manual review (IDENTITY_REVIEW_OUTCOMES), with a note for the file. */
export const IdentityReviewInput = z.object({
  outcome: z.enum(IDENTITY_REVIEW_OUTCOMES, { message: 'Choose accept, reject or ask for a new check' }),
  note: displayText().trim().min(3, 'Add a note for the file: what you checked and why').max(2000),
})
export type IdentityReviewInput = z.infer<typeof IdentityReviewInput>

/** One identity check the client sent, as the CDD record's history lists it. */
export const IdentityAttempt = z.object({
  id: Uuid,
  status: z.enum(['processing', 'verified', 'needs_review', 'failed']),
  document_type: z.enum(DOCUMENT_TYPES).nullable(),
  name_on_document: z.string().nullable(),
  /** The name on the document differs from the client's account name. */
  name_differs: z.boolean(),
  failure_reason: z.string().nullable(),
  confidence: z.string().nullable(),
  submitted_at: Timestamp.nullable(),
  completed_at: Timestamp.nullable(),
  /** The check this record relies on. */
  current: z.boolean(),
})

/** A country as its ISO 3166-1 alpha-2 code ('GB', 'IR'), or null for not recorded. */
const CountryCode = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, 'Choose a country from the list (its two-letter ISO code, e.g. GB)')
  .nullable()

/** PUT .../cdd/{profileId}/countries: the client's nationality and country of residence (decision 068). */
export const CountriesInput = z.object({
  nationality: CountryCode,
  residence_country: CountryCode,
})
export type CountriesInput = z.input<typeof CountriesInput>

export const DecisionInput = z.object({
  decision: z.enum(CDD_DECISIONS, { message: 'Choose approve, refer or reject' }),
  note: displayText().trim().min(3, 'Add a note for the file').max(2000),
})
export type DecisionInput = z.infer<typeof DecisionInput>

export const ScreeningMatch = z.object({
  list: z.enum(['sanctions', 'pep']),
  name: z.string(),
  score: z.number(),
  detail: z.string(),
})

/** One client's CDD record on one matter, as the instructed conveyancer sees it. */
export const CddRecord = z.object({
  id: Uuid,
  client: z.object({ id: Uuid, full_name: z.string() }),
  side: z.enum(['buyer', 'seller']),
  identity: z.object({
    state: z.enum(IDENTITY_STATES),
    provider_label: z.string(),
    document_type: z.enum(DOCUMENT_TYPES).nullable(),
    document_number: z.string().nullable(),
    name_on_document: z.string().nullable(),
    date_of_birth: z.string().nullable(),
    document_expires_on: z.string().nullable(),
    face_match: z.boolean().nullable(),
    liveness: z.boolean().nullable(),
    confidence: z.string().nullable(),
    failure_reason: z.string().nullable(),
    completed_at: Timestamp.nullable(),
    has_images: z.boolean(),
    assurance: IdentityAssurance,
    /** The name on the document differs from the client's account name: look at why. */
    name_differs_from_account: z.boolean(),
    /** The conveyancer's resolution of this check's manual review, if any. */
    review: z
      .object({
        outcome: z.enum(IDENTITY_REVIEW_OUTCOMES),
        note: z.string(),
        reviewed_by: z.string().nullable(),
        reviewed_at: Timestamp,
      })
      .nullable(),
  }),
  /** Every identity check the client sent, newest first, with its result. */
  attempts: z.array(IdentityAttempt),
  address: z.object({ lines: z.array(z.string()), postcode: z.string() }).nullable(),
  screening: z.object({
    state: z.enum(SCREENING_STATES),
    /** False when no screening was ever sent (pending then means "not screened", not "running"). */
    started: z.boolean(),
    provider_label: z.string(),
    sanctions_match: z.boolean(),
    pep: z.boolean(),
    matches: z.array(ScreeningMatch),
  }),
  /**
   * Nationality and country of residence (ISO 3166-1 alpha-2) checked against the UK's high-risk third
   * countries (MLR 2017 reg 33(3)(a): the FATF's two lists), with the list's date and source. A
   * residence not recorded is taken from the identity check's UK address (`residence_from_identity`).
   */
  countries: z.object({
    nationality: z.string().nullable(),
    residence_country: z.string().nullable(),
    residence_from_identity: z.boolean(),
    high_risk: z.array(
      z.object({
        field: z.enum(['nationality', 'residence_country']),
        country: z.string(),
        list: z.enum(['call_for_action', 'increased_monitoring']),
      }),
    ),
    list: z.object({
      published_on: z.string(),
      source: z.string(),
      source_url: z.string(),
      /** A later FATF plenary may have replaced the list: check the source. */
      stale: z.boolean(),
    }),
  }),
  risk: z.object({ level: z.enum(RISK_LEVELS), reasons: z.array(z.string()), edd_required: z.boolean() }),
  edd: z
    .object({
      source_of_wealth: z.string(),
      purpose_of_transaction: z.string(),
      pep_or_match_explanation: z.string(),
      senior_approver: z.string(),
      source_of_wealth_document: z.object({ id: Uuid, filename: z.string() }).nullable(),
    })
    .nullable(),
  reliance: z.object({ firm_name: z.string(), consent_on: z.string(), note: z.string() }).nullable(),
  decision: z
    .object({
      decision: z.enum(CDD_DECISIONS),
      note: z.string(),
      decided_by: z.string().nullable(),
      decided_at: Timestamp,
    })
    .nullable(),
  approval_blockers: z.array(z.string()),
  retention: z.object({ relationship_ended_on: z.string().nullable(), retain_until: z.string().nullable() }),
  /** The move's documents, to pick the source-of-wealth evidence from. */
  documents: z.array(z.object({ id: Uuid, filename: z.string() })),
})
export type CddRecord = z.infer<typeof CddRecord>

export const WebhookParams = z.object({ provider: z.string().regex(/^[a-z0-9-]{1,40}$/) })
export const WebhookAck = z.object({ received: z.literal(true) })

const IMAGE = { 'image/jpeg': { schema: z.string().meta({ format: 'binary' }) } }

export const verificationEndpoints = {
  myIdentity: endpoint({
    method: 'get',
    path: '/me/identity-check',
    summary: "The viewer's current identity check (null when none), and the provider's label",
    responses: { 200: json('Identity', MyIdentity), ...ERRORS },
  }),
  startIdentity: endpoint({
    method: 'post',
    path: '/me/identity-check',
    summary: 'Start an identity check, or resume the one in progress (a verified one in date is answered as is)',
    responses: { 201: json('The check', IdentityCheck), ...ERRORS },
  }),
  documentStep: endpoint({
    method: 'put',
    path: '/me/identity-check/{checkId}/document',
    summary: 'The document step: passport (MRZ) or driving licence (number), with its photo',
    request: { params: CheckParams, body: jsonBody(DocumentStepInput) },
    responses: {
      200: json('The check', IdentityCheck),
      409: { description: 'The check was already submitted' },
      422: { description: 'Expired document, failing check digit or unreadable image' },
      ...ERRORS,
    },
  }),
  selfieStep: endpoint({
    method: 'put',
    path: '/me/identity-check/{checkId}/selfie',
    summary: 'The selfie step',
    request: { params: CheckParams, body: jsonBody(SelfieStepInput) },
    responses: {
      200: json('The check', IdentityCheck),
      409: { description: 'Already submitted' },
      422: { description: 'Unreadable image' },
      ...ERRORS,
    },
  }),
  addressStep: endpoint({
    method: 'put',
    path: '/me/identity-check/{checkId}/address',
    summary: 'The current address step (UK)',
    request: { params: CheckParams, body: jsonBody(AddressStepInput) },
    responses: { 200: json('The check', IdentityCheck), 409: { description: 'Already submitted' }, ...ERRORS },
  }),
  submitIdentity: endpoint({
    method: 'post',
    path: '/me/identity-check/{checkId}/submit',
    summary: 'Send the check to the identity provider; the result arrives by webhook',
    request: { params: CheckParams },
    responses: {
      200: json('The check, processing', IdentityCheck),
      409: { description: 'Already submitted' },
      422: { description: 'A step is missing' },
      ...ERRORS,
    },
  }),
  summary: endpoint({
    method: 'get',
    path: '/transactions/{txId}/verification',
    summary: "Identity and CDD badges of the parties the viewer may see, and the viewer's checklist",
    request: { params: TransactionParams },
    responses: { 200: json('Summary', VerificationSummary), ...ERRORS },
  }),
  getCdd: endpoint({
    method: 'get',
    path: '/transactions/{txId}/cdd/{profileId}',
    summary: "A client's CDD record on this matter (the conveyancer instructed for them); the view is audited",
    request: { params: ClientParams },
    responses: { 200: json('Record', CddRecord), ...ERRORS },
  }),
  openCdd: endpoint({
    method: 'post',
    path: '/transactions/{txId}/cdd/{profileId}',
    summary: 'Open (or refresh) the CDD record: links the identity check and starts sanctions and PEP screening',
    request: { params: ClientParams },
    responses: { 201: json('Record', CddRecord), ...ERRORS },
  }),
  saveEdd: endpoint({
    method: 'put',
    path: '/transactions/{txId}/cdd/{profileId}/edd',
    summary: 'Enhanced due diligence answers and the source-of-wealth evidence (reg 33, 35)',
    request: { params: ClientParams, body: jsonBody(EddInput) },
    responses: { 200: json('Record', CddRecord), 422: { description: 'Evidence not on this move' }, ...ERRORS },
  }),
  saveCountries: endpoint({
    method: 'put',
    path: '/transactions/{txId}/cdd/{profileId}/countries',
    summary:
      "The client's nationality and country of residence (ISO codes), checked against the high-risk third countries (reg 33(1)(b))",
    request: { params: ClientParams, body: jsonBody(CountriesInput) },
    responses: { 200: json('Record', CddRecord), ...ERRORS },
  }),
  saveReliance: endpoint({
    method: 'put',
    path: '/transactions/{txId}/cdd/{profileId}/reliance',
    summary: "Reliance on another firm's CDD with its written consent (reg 39)",
    request: { params: ClientParams, body: jsonBody(RelianceInput) },
    responses: { 200: json('Record', CddRecord), ...ERRORS },
  }),
  decide: endpoint({
    method: 'post',
    path: '/transactions/{txId}/cdd/{profileId}/decision',
    summary: 'Approve, refer or reject; approval ticks the side’s ID and AML task once every client is approved',
    request: { params: ClientParams, body: jsonBody(DecisionInput) },
    responses: { 200: json('Record', CddRecord), 422: { description: 'Not ready to approve' }, ...ERRORS },
  }),
  reviewIdentity: endpoint({
    method: 'post',
    path: '/transactions/{txId}/cdd/{profileId}/identity-review',
    summary:
      'Resolve a manual review of the client’s identity check: accept it with a note, reject it, or ask for a new check (audited)',
    request: { params: ClientParams, body: jsonBody(IdentityReviewInput) },
    responses: {
      200: json('Record', CddRecord),
      409: { description: 'The check is not waiting for a manual review' },
      ...ERRORS,
    },
  }),
  image: endpoint({
    method: 'get',
    path: '/transactions/{txId}/identity/{profileId}/images/{image}',
    summary: "A party's identity image (the person, or the conveyancer instructed for them); the view is audited",
    request: { params: ImageParams },
    responses: { 200: { description: 'The image', content: IMAGE }, ...ERRORS },
  }),
  identityWebhook: endpoint({
    method: 'post',
    path: '/webhooks/identity/{provider}',
    summary: "The identity provider's result (Standard Webhooks signature; the body is read raw)",
    security: PUBLIC,
    request: { params: WebhookParams },
    responses: {
      200: json('Accepted', WebhookAck),
      401: { description: 'Bad signature' },
      409: { description: 'Replayed delivery' },
      404: { description: 'Unknown provider or check' },
    },
  }),
  sanctionsWebhook: endpoint({
    method: 'post',
    path: '/webhooks/sanctions/{provider}',
    summary: "The screening provider's result (Standard Webhooks signature; the body is read raw)",
    security: PUBLIC,
    request: { params: WebhookParams },
    responses: {
      200: json('Accepted', WebhookAck),
      401: { description: 'Bad signature' },
      409: { description: 'Replayed delivery' },
      404: { description: 'Unknown provider or screening' },
    },
  }),
}
