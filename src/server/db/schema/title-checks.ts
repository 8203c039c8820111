/**
 * Title checks: each official copy of the register a conveyancer obtained for a move, kept with its
 * date, the register summary, the flags raised against the move and the PDF filed in Property.
 */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import type { RegisterSummary, TitleFlag } from '#shared/domain/title-check.ts'
import { documents, transactions } from './transactions'
import { profiles } from './people'

export const titleChecks = pgTable(
  'title_checks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    titleNumber: text('title_number').notNull(),
    /** The provider that answered: 'sandbox' or 'business-gateway'. */
    provider: text('provider').notNull(),
    requestedBy: uuid('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    register: jsonb('register').$type<RegisterSummary>().notNull(),
    flags: jsonb('flags').$type<TitleFlag[]>().notNull(),
    /** The register summary PDF in the Property folder. */
    documentId: uuid('document_id').references(() => documents.id, { onDelete: 'set null' }),
    checkedAt: timestamp('checked_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('title_checks_tx_idx').on(t.transactionId, t.checkedAt)],
)
