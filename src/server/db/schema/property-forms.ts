/**
 * The seller's property information forms (TA6, TA10) filled in Homeward: one row per move and form
 * with the answers as PDTF propertyPack data, who signed it (a typed name) and its PDF in Property;
 * evidence documents attached to an answer (a question key below propertyPack).
 */
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { PROPERTY_FORMS } from '#shared/domain/property-forms.ts'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { documents, transactions } from './transactions'

export const propertyForms = pgTable(
  'property_forms',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** 'ta6' or 'ta10'. */
    form: text('form').$type<(typeof PROPERTY_FORMS)[number]>().notNull(),
    /** PDTF propertyPack fragment; always valid against the PDTF v3 schema (checked on every save). */
    answers: jsonb('answers').$type<Record<string, unknown>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    updatedBy: uuid('updated_by').references(() => profiles.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    signedBy: uuid('signed_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** The name the seller typed to sign. */
    signedName: text('signed_name'),
    signedAt: timestamp('signed_at', { withTimezone: true }),
    /** The signed form's PDF in the Property folder. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('property_forms_tx_form_key').on(t.transactionId, t.form),
    check('property_forms_form_check', checkSql`form in ${inList(PROPERTY_FORMS)}`),
  ],
)

export const propertyFormEvidence = pgTable(
  'property_form_evidence',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    formId: uuid('form_id')
      .notNull()
      .references(() => propertyForms.id, { onDelete: 'cascade' }),
    /** The question's key below propertyPack ("heating.heatingSystem"). */
    question: text('question').notNull(),
    documentId: uuid('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    addedBy: uuid('added_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('property_form_evidence_key').on(t.formId, t.question, t.documentId),
    index('property_form_evidence_form_idx').on(t.formId),
  ],
)

/**
 * Each seller's signature of a form while a joint sale waits for the others (decision 070): the form
 * is signed (property_forms.signed_at, its PDF naming every signer, the task ticked) only when every
 * seller of the move has a row here for the answers as they stand. A change to the answers removes
 * the rows, so no one's signature stands for answers they did not see. `signed_name` is the typed name.
 */
export const propertyFormSignatures = pgTable(
  'property_form_signatures',
  {
    formId: uuid('form_id')
      .notNull()
      .references(() => propertyForms.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    signedName: text('signed_name').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('property_form_signatures_key').on(t.formId, t.profileId),
    index('property_form_signatures_profile_idx').on(t.profileId),
  ],
)
