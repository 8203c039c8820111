/**
 * The home logbook (src/shared/domain/logbook.ts): one per owner and home, made at completion from the
 * move's handed-over documents and its PDTF data, kept after the move is archived, with the owner's
 * maintenance record. Handed-over documents share the move's stored object (its `documents` row keeps
 * it; an object is deleted only when neither table refers to it); the owner's own uploads live under
 * `logbooks/`.
 */
import { sql } from 'drizzle-orm'
import { bigint, check, date, index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import {
  LOGBOOK_DOCUMENT_CATEGORIES,
  MAINTENANCE_KINDS,
  type LogbookDocumentCategory,
  type MaintenanceKind,
} from '#shared/domain/logbook.ts'
import { TENURES, type Tenure } from '#shared/domain/statuses.ts'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { documents, transactions } from './transactions'

export const homeLogbooks = pgTable(
  'home_logbooks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    addressLines: text('address_lines').array().notNull(),
    postcode: text('postcode').notNull(),
    uprn: text('uprn'),
    tenure: text('tenure').$type<Tenure>(),
    titleNumber: text('title_number'),
    /** The purchase it came from (null once that move is deleted: the logbook stays). */
    purchaseTransactionId: uuid('purchase_transaction_id').references(() => transactions.id, {
      onDelete: 'set null',
    }),
    completedOn: date('completed_on'),
    pricePence: bigint('price_pence', { mode: 'number' }),
    /** The property's PDTF v3 transaction at completion (GET .../pdtf's pack). */
    pdtf: jsonb('pdtf').$type<Record<string, unknown>>().notNull(),
    /** The sale the owner started from this logbook; at its completion the logbook is handed over. */
    saleTransactionId: uuid('sale_transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** The logbook it was handed over from (the previous owner's). */
    previousLogbookId: uuid('previous_logbook_id'),
    handedOverAt: timestamp('handed_over_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('home_logbooks_owner_idx').on(t.ownerId, t.createdAt.desc()),
    uniqueIndex('home_logbooks_owner_purchase_key').on(t.ownerId, t.purchaseTransactionId),
    index('home_logbooks_sale_idx').on(t.saleTransactionId),
    check('home_logbooks_tenure_check', checkSql`tenure is null or tenure in ${inList(TENURES)}`),
  ],
)

export const logbookDocuments = pgTable(
  'logbook_documents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    logbookId: uuid('logbook_id')
      .notNull()
      .references(() => homeLogbooks.id, { onDelete: 'cascade' }),
    category: text('category').$type<LogbookDocumentCategory>().notNull(),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    storageKey: text('storage_key').notNull(),
    sha256: text('sha256').notNull(),
    /** The move's document it was handed over from, while that row exists. */
    sourceDocumentId: uuid('source_document_id').references(() => documents.id, { onDelete: 'set null' }),
    addedBy: uuid('added_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('logbook_documents_logbook_idx').on(t.logbookId, t.category, t.filename),
    index('logbook_documents_storage_key_idx').on(t.storageKey),
    check('logbook_documents_category_check', checkSql`category in ${inList(LOGBOOK_DOCUMENT_CATEGORIES)}`),
    check('logbook_documents_filename_length', sql`char_length(${t.filename}) between 1 and 255`),
  ],
)

export const logbookEntries = pgTable(
  'logbook_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    logbookId: uuid('logbook_id')
      .notNull()
      .references(() => homeLogbooks.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<MaintenanceKind>().notNull(),
    title: text('title').notNull(),
    doneOn: date('done_on').notNull(),
    costPence: bigint('cost_pence', { mode: 'number' }),
    contractor: text('contractor'),
    notes: text('notes'),
    /** A receipt or certificate among the logbook's documents. */
    documentId: uuid('document_id').references(() => logbookDocuments.id, { onDelete: 'set null' }),
    /** Written by a previous owner and handed over with the home. */
    fromPreviousOwner: text('from_previous_owner'),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('logbook_entries_logbook_idx').on(t.logbookId, t.doneOn.desc()),
    check('logbook_entries_kind_check', checkSql`kind in ${inList(MAINTENANCE_KINDS)}`),
    check('logbook_entries_title_length', sql`char_length(${t.title}) between 1 and 200`),
    check('logbook_entries_notes_length', sql`${t.notes} is null or char_length(${t.notes}) <= 4000`),
    check('logbook_entries_cost_check', sql`${t.costPence} is null or ${t.costPence} >= 0`),
  ],
)
