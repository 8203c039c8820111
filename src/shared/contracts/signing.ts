/**
 * E-signing contracts: ask participants to sign a PDF version, list requests,
 * sign (typed or drawn, with consent), decline, cancel, and verify a signed PDF.
 */
import { z } from 'zod'
import { SIGNATURE_METHODS, SIGNATURE_REQUEST_STATUSES, SIGNER_STATUSES } from '../domain/signing'
import { Timestamp, TransactionParams, Uuid } from './common'
import { displayLine, displayText } from './common'
import { DocumentParams } from './documents'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'Must be a SHA-256 in lower-case hex')

export const SignatureRequestParams = z.object({ txId: Uuid, reqId: Uuid })

/** GET /api/transactions/{txId}/signature-requests?document_id=: optionally for one document version. */
export const SignatureRequestListQuery = z.object({ document_id: Uuid.optional() })

/** POST /api/transactions/{txId}/documents/{docId}/signature-requests */
export const CreateSignatureRequestInput = z.object({
  /** profiles.id of each signer (participants of the move), in signing order. */
  signer_ids: z
    .array(Uuid)
    .min(1, 'Choose at least one person to sign')
    .max(10, 'At most 10 people can sign one request')
    .refine((ids) => new Set(ids).size === ids.length, 'Each person can be asked once'),
  in_order: z.boolean().default(false),
  /** 1-based page for the signatures; omit or null to add a signature page at the end. */
  page: z.number().int().min(1).nullable().optional(),
  message: displayText().max(2000).optional(),
  /** SHA-256 of the version the requester is looking at; another version's hash gives 409. */
  document_sha256: Sha256Hex,
})
export type CreateSignatureRequestInput = z.infer<typeof CreateSignatureRequestInput>

/** POST .../signature-requests/{reqId}/sign */
export const SignInput = z
  .object({
    /** The signer agrees to sign electronically (must be true). */
    consent: z.literal(true, { message: 'Agree to sign electronically to continue' }),
    method: z.enum(SIGNATURE_METHODS),
    typed_name: displayLine().trim().min(2, 'Type your full name').max(100).optional(),
    /** Drawn signature: base64 PNG (with or without a data: prefix), at most 200 KB. */
    signature_png: z.string().max(280_000, 'The drawn signature is too large').optional(),
    /** SHA-256 of the version the signer reviewed; another version's hash gives 409. */
    document_sha256: Sha256Hex,
  })
  .refine((v) => (v.method === 'typed' ? !!v.typed_name : !!v.signature_png), {
    message: 'Type your name, or draw your signature',
    path: ['method'],
  })
export type SignInput = z.infer<typeof SignInput>

/** POST .../signature-requests/{reqId}/decline */
export const DeclineInput = z.object({ reason: displayText().trim().min(1, 'Give a reason').max(1000) })
export type DeclineInput = z.infer<typeof DeclineInput>

export const SignatureSigner = z.object({
  id: Uuid,
  user_id: Uuid,
  full_name: z.string(),
  sort_index: z.number().int(),
  status: z.enum(SIGNER_STATUSES),
  consented_at: Timestamp.nullable(),
  signed_at: Timestamp.nullable(),
  method: z.enum(SIGNATURE_METHODS).nullable(),
  declined_reason: z.string().nullable(),
})

export const SignatureRequest = z.object({
  id: Uuid,
  transaction_id: Uuid,
  document_id: Uuid,
  document_sha256: z.string(),
  /** The e-signature adapter that rendered it ('builtin'): an integration's name, not a state. */
  provider: z.string(),
  status: z.enum(SIGNATURE_REQUEST_STATUSES),
  in_order: z.boolean(),
  page: z.number().int().nullable(),
  message: z.string().nullable(),
  requested_by: z.object({ id: Uuid, full_name: z.string() }).nullable(),
  signed_document_id: Uuid.nullable(),
  signed_sha256: z.string().nullable(),
  created_at: Timestamp,
  completed_at: Timestamp.nullable(),
  cancelled_at: Timestamp.nullable(),
  signers: z.array(SignatureSigner),
})
export type SignatureRequest = z.infer<typeof SignatureRequest>

/** GET /api/transactions/{txId}/signature-requests[?document_id=] newest first. */
export const SignatureRequestListResponse = z.object({ requests: z.array(SignatureRequest) })
export type SignatureRequestListResponse = z.infer<typeof SignatureRequestListResponse>

/** GET .../documents/{docId}/signature/verify: recomputes the hashes of the signed and original files. */
export const SignatureVerifyResponse = z.object({
  intact: z.boolean(),
  request_id: Uuid,
  signed: z.object({
    document_id: Uuid,
    recorded_sha256: z.string(),
    computed_sha256: z.string(),
    intact: z.boolean(),
  }),
  original: z.object({
    document_id: Uuid,
    recorded_sha256: z.string(),
    computed_sha256: z.string().nullable(),
    intact: z.boolean(),
  }),
  signers: z.array(
    z.object({ full_name: z.string(), signed_at: Timestamp.nullable(), method: z.enum(SIGNATURE_METHODS).nullable() }),
  ),
})
export type SignatureVerifyResponse = z.infer<typeof SignatureVerifyResponse>

const STATE = {
  403: { description: 'Not a signer (sign, decline) or not the requester (cancel)' },
  409: { description: 'Another version’s hash, not pending, or waiting for an earlier signer' },
} as const

/** The signing endpoints. */
export const signingEndpoints = {
  create: endpoint({
    method: 'post',
    path: '/transactions/{txId}/documents/{docId}/signature-requests',
    summary: 'Ask participants to sign this PDF version (bound to its SHA-256)',
    request: { params: DocumentParams, body: jsonBody(CreateSignatureRequestInput) },
    responses: {
      201: json('Created; signers emailed', SignatureRequest),
      409: { description: 'document_sha256 is another version’s, or a request is already pending' },
      422: { description: 'Not a PDF, encrypted or damaged PDF, or a signer not on the move' },
      ...ERRORS,
    },
  }),
  list: endpoint({
    method: 'get',
    path: '/transactions/{txId}/signature-requests',
    summary: 'Signature requests of the move, newest first (optionally for one document version)',
    request: { params: TransactionParams, query: SignatureRequestListQuery },
    responses: { 200: json('Requests', SignatureRequestListResponse), ...ERRORS },
  }),
  one: endpoint({
    method: 'get',
    path: '/transactions/{txId}/signature-requests/{reqId}',
    summary: 'One signature request with its signers',
    request: { params: SignatureRequestParams },
    responses: { 200: json('Request', SignatureRequest), ...ERRORS },
  }),
  sign: endpoint({
    method: 'post',
    path: '/transactions/{txId}/signature-requests/{reqId}/sign',
    summary: 'Consent and sign (typed name or drawn PNG); the last signature produces the signed PDF',
    request: { params: SignatureRequestParams, body: jsonBody(SignInput) },
    responses: { 200: json('Updated request', SignatureRequest), ...STATE, ...ERRORS },
  }),
  decline: endpoint({
    method: 'post',
    path: '/transactions/{txId}/signature-requests/{reqId}/decline',
    summary: 'Decline to sign, with a reason (ends the request)',
    request: { params: SignatureRequestParams, body: jsonBody(DeclineInput) },
    responses: { 200: json('Updated request', SignatureRequest), ...STATE, ...ERRORS },
  }),
  cancel: endpoint({
    method: 'post',
    path: '/transactions/{txId}/signature-requests/{reqId}/cancel',
    summary: 'Cancel a pending request (its requester only)',
    request: { params: SignatureRequestParams },
    responses: { 200: json('Updated request', SignatureRequest), ...STATE, ...ERRORS },
  }),
  verify: endpoint({
    method: 'get',
    path: '/transactions/{txId}/documents/{docId}/signature/verify',
    summary: 'Recompute the SHA-256 of a signed PDF and its original and compare with the record',
    request: { params: DocumentParams },
    responses: {
      200: json('Result', SignatureVerifyResponse),
      422: { description: 'This version is not a signed document' },
      ...ERRORS,
    },
  }),
}
