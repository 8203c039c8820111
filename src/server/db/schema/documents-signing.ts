/**
 * Documents beyond the row itself: upload idempotency keys, and e-signature requests with
 * their signers. A signature request is bound to one document version and that version's SHA-256, so
 * it can never be applied to another version (security checklist, Files: "a signature is bound to
 * its version's hash").
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import type { SignatureMethod, SignatureRequestStatus, SignerStatus } from '#shared/domain/signing.ts'
import { profiles } from './people'
import { documents, transactions } from './transactions'

/**
 * One row per Idempotency-Key on POST .../documents (IETF httpapi idempotency draft): 'in_flight'
 * while the body streams (a second request with the key gets 409), 'done' with the document it made
 * (a replay returns that document). The fingerprint (folder, name, declared length) tells a replay
 * from a different request with the same key (422). Rows of failed uploads are deleted.
 */
export const documentUploadKeys = pgTable(
  'document_upload_keys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    fingerprint: text('fingerprint').notNull(),
    status: text('status').notNull().default('in_flight'),
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'cascade' }),
    /**
     * When the key was claimed, renewed while its upload makes progress: an in-flight key not renewed
     * for 30 s is abandoned and a retry takes it over (core/documents/upload-document.ts).
     */
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('document_upload_keys_key').on(t.transactionId, t.userId, t.idempotencyKey),
    check('document_upload_keys_status_check', sql`${t.status} in ('in_flight', 'done')`),
    check('document_upload_keys_key_length', sql`char_length(${t.idempotencyKey}) between 1 and 255`),
  ],
)

/** A request for named participants to sign one PDF version, in order or in any order. */
export const signatureRequests = pgTable(
  'signature_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The exact version (documents row) to be signed. */
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** SHA-256 (hex) of that version when the request was made; signing re-checks it. */
    documentSha256: text('document_sha256').notNull(),
    /** e-signature provider that runs the request: 'builtin' for now. */
    provider: text('provider').notNull().default('builtin'),
    requestedBy: uuid('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** 'pending', 'completed', 'declined' or 'cancelled'. */
    status: text('status').$type<SignatureRequestStatus>().notNull().default('pending'),
    /** Signers sign one after another by sort_index when true. */
    inOrder: boolean('in_order').notNull().default(false),
    message: text('message'),
    /** 1-based page for the signatures; null adds a signature page at the end. */
    page: integer('page'),
    /** The signed PDF (a new version of the same document) once completed. */
    signedDocumentId: uuid('signed_document_id').references(() => documents.id, { onDelete: 'set null' }),
    signedSha256: text('signed_sha256'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    index('signature_requests_tx_idx').on(t.transactionId, t.createdAt.desc()),
    index('signature_requests_document_idx').on(t.documentId),
    check('signature_requests_status_check', sql`${t.status} in ('pending', 'completed', 'declined', 'cancelled')`),
    check('signature_requests_page_check', sql`${t.page} is null or ${t.page} >= 1`),
    check('signature_requests_message_length', sql`char_length(${t.message}) <= 2000`),
  ],
)

/** One signer of a request: their consent, signature (typed name or drawn PNG), or decline. */
export const signatureRequestSigners = pgTable(
  'signature_request_signers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => signatureRequests.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    sortIndex: integer('sort_index').notNull(),
    /** 'pending', 'signed' or 'declined'. */
    status: text('status').$type<SignerStatus>().notNull().default('pending'),
    consentedAt: timestamp('consented_at', { withTimezone: true }),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** 'typed' or 'drawn'. */
    method: text('method').$type<SignatureMethod>(),
    typedName: text('typed_name'),
    /** Drawn signature as base64 PNG (at most ~200 KB). */
    signaturePng: text('signature_png'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    declinedAt: timestamp('declined_at', { withTimezone: true }),
    declinedReason: text('declined_reason'),
  },
  (t) => [
    uniqueIndex('signature_request_signers_user_key').on(t.requestId, t.userId),
    index('signature_request_signers_user_idx').on(t.userId),
    check('signature_request_signers_status_check', sql`${t.status} in ('pending', 'signed', 'declined')`),
    check('signature_request_signers_method_check', sql`${t.method} is null or ${t.method} in ('typed', 'drawn')`),
    check('signature_request_signers_png_length', sql`char_length(${t.signaturePng}) <= 300000`),
    check('signature_request_signers_reason_length', sql`char_length(${t.declinedReason}) <= 1000`),
  ],
)
