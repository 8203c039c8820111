/**
 * Documents API contracts: upload, list, versions and short-lived file links. Uploads send
 * the file itself as the request body (not JSON), so their route is a plain Hono route; its query and
 * answers are still described here and in the OpenAPI document. Signing: signing.ts; the audit
 * trail: activity.ts.
 */
import { z } from 'zod'
import { DOCUMENT_AUDIENCES } from '../domain/document-audiences'
import { DOCUMENT_FOLDERS } from '../domain/statuses'
import { Timestamp, TransactionParams, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

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
  /**
   * 'true' when this version replaces the previous one because that one was wrong (not merely out of
   * date). Only a second or later version can correct one; the firm's document accuracy counts it
   * (spec: Accreditation, document accuracy).
   */
  corrects_error: z.enum(['true', 'false'], { message: 'corrects_error is true or false' }).optional(),
  /**
   * Who may see it (decision 051). Unset: the audience of the name's latest version, else the default
   * of its kind for the uploader's side (src/shared/domain/document-audiences.ts). It must include the
   * uploader (422 otherwise).
   */
  audience: z
    .enum(DOCUMENT_AUDIENCES, { message: `Choose who can see it: ${DOCUMENT_AUDIENCES.join(', ')}` })
    .optional(),
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
  /**
   * Type, size and SHA-256 (hex) of the bytes: set by every upload; null on rows without a stored
   * file (the demo move's documents are rows only), which cannot be viewed, verified or signed.
   */
  content_type: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  sha256: z.string().nullable(),
  created_at: Timestamp,
  signed_at: Timestamp.nullable(),
  uploaded_by: z.object({ id: Uuid, full_name: z.string() }).nullable(),
  /** True for PDFs and images, which the in-app viewer may show inline. */
  inline_allowed: z.boolean(),
  /** True when this version was uploaded to replace the previous one because that one had an error. */
  corrects_error: z.boolean(),
  /** Who may see it (decision 051): src/shared/domain/document-audiences.ts. */
  audience: z.enum(DOCUMENT_AUDIENCES),
  /** True when the viewer may change its audience: its uploader, or their side's conveyancer. */
  can_change_audience: z.boolean(),
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

/** PUT .../documents/{docId}/audience: every version of this name gets the new audience. */
export const ChangeAudienceBody = z.object({ audience: z.enum(DOCUMENT_AUDIENCES) })
export type ChangeAudienceBody = z.infer<typeof ChangeAudienceBody>

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

/** The bytes of an upload: the raw request body. */
const FileBytes = z.string().meta({ format: 'binary' })

/** The OpenAPI document's example of an upload's answer (checked against DocumentVersion by a test). */
const UPLOAD_EXAMPLE: z.input<typeof DocumentVersion> = {
  id: '9a8b7c6d-5e4f-4a3b-9c2d-1e0f9a8b7c6d',
  transaction_id: '7d2e4f6a-1b3c-4d5e-8f9a-0b1c2d3e4f5a',
  filename: 'Local search.pdf',
  folder: 'Searches',
  version: 1,
  content_type: 'application/pdf',
  size_bytes: 482133,
  sha256: '3b8f2c1e9d4a7b6c5e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2d',
  created_at: '2026-12-07T11:04:00.000Z',
  signed_at: null,
  uploaded_by: { id: '5b6c7d8e-9f0a-4b1c-8d2e-3f4a5b6c7d8e', full_name: 'Priya Shah' },
  inline_allowed: true,
  corrects_error: false,
  audience: 'clients_and_conveyancers',
  can_change_audience: true,
}

/** The document endpoints. */
export const documentEndpoints = {
  upload: endpoint({
    method: 'post',
    path: '/transactions/{txId}/documents',
    summary: 'Upload a document or a new version (the file is the raw request body)',
    description:
      'Send the file bytes as the body (any Content-Type; the type is decided by magic bytes: PDF, JPEG, PNG, ' +
      'HEIC or Word .docx). Same filename in the same folder becomes version N+1. Optional Idempotency-Key header. ' +
      'Example: POST /api/transactions/{txId}/documents?folder=Searches&filename=Local%20search.pdf&audience=clients_and_conveyancers ' +
      "with the PDF as the body. Without audience, a new version keeps its name's audience and a first version " +
      "takes its kind's default (decision 051); the audience must include the uploader.",
    scopes: ['documents:write'],
    request: {
      params: TransactionParams,
      query: UploadDocumentQuery,
      headers: z.object({ 'idempotency-key': z.string().max(255).optional() }),
      body: { required: true, content: { 'application/octet-stream': { schema: FileBytes } } },
    },
    responses: {
      201: json('Stored', DocumentVersion, UPLOAD_EXAMPLE),
      200: json('Replay of an earlier upload with the same Idempotency-Key', DocumentVersion),
      409: { description: 'The same Idempotency-Key is still uploading' },
      413: { description: 'Larger than DOCUMENT_MAX_BYTES (default 50 MB)' },
      415: { description: 'Not a PDF, JPEG, PNG, HEIC or Word (.docx) file' },
      422: { description: 'Empty file, or an Idempotency-Key reused for a different upload' },
      ...ERRORS,
    },
  }),
  list: endpoint({
    method: 'get',
    path: '/transactions/{txId}/documents',
    summary: 'Latest version of every document, by folder then name',
    scopes: ['documents:read'],
    request: { params: TransactionParams },
    responses: { 200: json('Documents', DocumentListResponse), ...ERRORS },
  }),
  one: endpoint({
    method: 'get',
    path: '/transactions/{txId}/documents/{docId}',
    summary: 'One document version',
    scopes: ['documents:read'],
    request: { params: DocumentParams },
    responses: { 200: json('Version', DocumentVersion), ...ERRORS },
  }),
  versions: endpoint({
    method: 'get',
    path: '/transactions/{txId}/documents/{docId}/versions',
    summary: 'Every version of this document (same name, same folder), newest first',
    scopes: ['documents:read'],
    request: { params: DocumentParams },
    responses: { 200: json('Versions', DocumentVersionsResponse), ...ERRORS },
  }),
  changeAudience: endpoint({
    method: 'put',
    path: '/transactions/{txId}/documents/{docId}/audience',
    summary: 'Change who may see this document (every version of its name)',
    description:
      "Its uploader or their side's conveyancer may change it; the new audience must include the person changing it. " +
      "The change is in the audit trail without the document's name or the audiences.",
    request: { params: DocumentParams, body: jsonBody(ChangeAudienceBody) },
    responses: { 200: json('The version with its new audience', DocumentVersion), ...ERRORS },
  }),
  fileLink: endpoint({
    method: 'get',
    path: '/transactions/{txId}/documents/{docId}/url',
    summary: 'A link to view or download this version, for the viewer only, valid 5 minutes',
    request: { params: DocumentParams, query: SignedUrlQuery },
    responses: { 200: json('Link', SignedUrlResponse), ...ERRORS },
  }),
  file: endpoint({
    method: 'get',
    path: '/files/{docId}',
    summary: 'The bytes behind a link from .../url (403 when expired, altered, for someone else, or access removed)',
    request: {
      params: z.object({ docId: z.string() }),
      query: z.object({ d: z.string(), u: z.string(), e: z.string(), s: z.string() }).partial(),
    },
    responses: {
      200: { description: 'The file, with nosniff and an RFC 6266 Content-Disposition' },
      403: { description: 'Link expired, altered, made for someone else, or access removed' },
    },
  }),
}
