/**
 * Documents API contracts (issue 5): upload, list, versions, signed URLs, the audit trail and its
 * verification. Uploads send the file itself as the request body (not JSON), so their route is a
 * plain Hono route; its query and response are still described here and in the OpenAPI document.
 */
import { z } from 'zod'
import { DOCUMENT_FOLDERS } from '../domain/statuses'
import { Timestamp, Uuid } from './common'

/** What the server accepts, decided by magic bytes. Labels for messages and the UI. */
export const DOCUMENT_TYPES = {
  'application/pdf': 'PDF',
  'image/jpeg': 'JPEG',
  'image/png': 'PNG',
  'image/heic': 'HEIC',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (.docx)',
} as const
export type DocumentContentType = keyof typeof DOCUMENT_TYPES

export const DocumentParams = z.object({ txId: Uuid, docId: Uuid })

/**
 * POST /api/transactions/{txId}/documents?folder=Property&filename=TA6.pdf with the file's bytes as
 * the body (any Content-Type; the type is read from the bytes). Optional header Idempotency-Key.
 */
export const UploadDocumentQuery = z.object({
  folder: z.enum(DOCUMENT_FOLDERS, { message: `Choose a folder: ${DOCUMENT_FOLDERS.join(', ')}` }),
  filename: z.string().min(1, 'Give the file a name').max(1000, 'The file name is too long'),
})
export type UploadDocumentQuery = z.infer<typeof UploadDocumentQuery>

/** One version of a document, as the documents endpoints return it. */
export const DocumentVersion = z.object({
  id: Uuid,
  transaction_id: Uuid,
  /** Display name, sanitised; never used to store the file. */
  filename: z.string(),
  folder: z.enum(DOCUMENT_FOLDERS),
  version: z.number().int().min(1),
  content_type: z.string(),
  size_bytes: z.number().int(),
  /** SHA-256 of the bytes, hex. */
  sha256: z.string(),
  created_at: Timestamp,
  signed_at: Timestamp.nullable(),
  uploaded_by: z.object({ id: Uuid, full_name: z.string() }).nullable(),
  /** True for PDFs and images, which the in-app viewer may show inline. */
  inline_allowed: z.boolean(),
})
export type DocumentVersion = z.infer<typeof DocumentVersion>

/** A document name in a folder: its latest version and how many versions it has. */
export const DocumentListItem = DocumentVersion.extend({ version_count: z.number().int().min(1) })
export type DocumentListItem = z.infer<typeof DocumentListItem>

/** GET /api/transactions/{txId}/documents: latest version of each document, by folder order then name. */
export const DocumentListResponse = z.object({ documents: z.array(DocumentListItem) })
export type DocumentListResponse = z.infer<typeof DocumentListResponse>

/** GET /api/transactions/{txId}/documents/{docId}/versions: every version of that name, newest first. */
export const DocumentVersionsResponse = z.object({ versions: z.array(DocumentVersion) })
export type DocumentVersionsResponse = z.infer<typeof DocumentVersionsResponse>

export const SignedUrlQuery = z.object({
  /** 'inline' (view; PDFs and images only) or 'attachment' (download). */
  disposition: z.enum(['inline', 'attachment']).default('inline'),
})

/** GET .../documents/{docId}/url: a link for this viewer only, valid 5 minutes. */
export const SignedUrlResponse = z.object({
  url: z.string(),
  expires_at: Timestamp,
  disposition: z.enum(['inline', 'attachment']),
})
export type SignedUrlResponse = z.infer<typeof SignedUrlResponse>

/** One audit entry with its place in the hash chain. */
export const AuditEntry = z.object({
  id: Uuid,
  seq: z.number().int(),
  kind: z.string(),
  summary: z.string(),
  created_at: Timestamp,
  actor: z.object({ id: Uuid, full_name: z.string() }).nullable(),
  prev_hash: z.string().nullable(),
  hash: z.string(),
})
export type AuditEntry = z.infer<typeof AuditEntry>

/** GET /api/transactions/{txId}/activity: the audit trail, newest first. */
export const AuditTrailResponse = z.object({ entries: z.array(AuditEntry) })
export type AuditTrailResponse = z.infer<typeof AuditTrailResponse>

/** GET /api/transactions/{txId}/activity/verify: walks the chain from the first entry. */
export const AuditVerifyResponse = z.object({
  intact: z.boolean(),
  entries: z.number().int(),
  /**
   * The first link that does not verify, or null when intact. `id` is null when the entry is gone
   * (entries_missing: a signed checkpoint names a seq the chain no longer reaches).
   */
  first_broken: z
    .object({
      id: Uuid.nullable(),
      seq: z.number().int().nullable(),
      reason: z.enum([
        'hash_mismatch',
        'prev_hash_mismatch',
        'seq_gap',
        'missing_hash',
        'summary_mismatch',
        'bad_signature',
        'checkpoint_mismatch',
        'entries_missing',
        'unsigned_entry',
      ]),
    })
    .nullable(),
  /** SHA-256 of the last entry: the head of the chain. */
  head: z.string().nullable(),
  /** The seq of the latest checkpoint signed with the server's key (null when none). */
  signed_seq: z.number().int().nullable(),
})
export type AuditVerifyResponse = z.infer<typeof AuditVerifyResponse>

// ---- E-signing (issue 5, part 6) ----

const Sha256Hex = z.string().regex(/^[0-9a-f]{64}$/, 'Must be a SHA-256 in lower-case hex')

export const SignatureRequestParams = z.object({ txId: Uuid, reqId: Uuid })

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
  message: z.string().max(2000).optional(),
  /** SHA-256 of the version the requester is looking at; another version's hash gives 409. */
  document_sha256: Sha256Hex,
})
export type CreateSignatureRequestInput = z.infer<typeof CreateSignatureRequestInput>

/** POST .../signature-requests/{reqId}/sign */
export const SignInput = z
  .object({
    /** The signer agrees to sign electronically (must be true). */
    consent: z.literal(true, { message: 'Agree to sign electronically to continue' }),
    method: z.enum(['typed', 'drawn']),
    typed_name: z.string().trim().min(2, 'Type your full name').max(100).optional(),
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
export const DeclineInput = z.object({ reason: z.string().trim().min(1, 'Give a reason').max(1000) })

export const SignatureSigner = z.object({
  id: Uuid,
  user_id: Uuid,
  full_name: z.string(),
  sort_index: z.number().int(),
  status: z.enum(['pending', 'signed', 'declined']),
  consented_at: Timestamp.nullable(),
  signed_at: Timestamp.nullable(),
  method: z.enum(['typed', 'drawn']).nullable(),
  declined_reason: z.string().nullable(),
})

export const SignatureRequest = z.object({
  id: Uuid,
  transaction_id: Uuid,
  document_id: Uuid,
  document_sha256: z.string(),
  provider: z.string(),
  status: z.enum(['pending', 'completed', 'declined', 'cancelled']),
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
  signers: z.array(z.object({ full_name: z.string(), signed_at: Timestamp.nullable(), method: z.string().nullable() })),
})
export type SignatureVerifyResponse = z.infer<typeof SignatureVerifyResponse>
