/**
 * The transaction's audit trail: who changed what and when (task ticks, stage blocks, status
 * changes, invitations, people joining). Append-only from the application's point of view.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { profiles } from './people'
import { transactions } from './transactions'

export const activityEvents = pgTable(
  'activity_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    actorId: uuid('actor_id').references(() => profiles.id, { onDelete: 'set null' }),
    /** e.g. 'task.completed', 'stage.blocked', 'status.changed', 'invitation.sent', 'participant.joined'. */
    kind: text('kind').notNull(),
    /** One human sentence, e.g. 'ticked "Searches ordered"'. */
    summary: text('summary').notNull(),
    payload: jsonb('payload').notNull().default({}),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Hash chain (issue 5): position in the transaction's chain from 1, the actor's id as hashed (kept
     * when the profile is erased and actor_id goes null), the previous entry's hash and this entry's
     * SHA-256 over references only (no names, emails or IP). See features/transactions/record-activity.ts.
     */
    seq: integer('seq'),
    actorRef: uuid('actor_ref'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /** Where the request came from; personal data, so outside the hashed payload. */
    ip: text('ip'),
  },
  (t) => [
    index('activity_events_tx_created_idx').on(t.transactionId, t.createdAt.desc()),
    uniqueIndex('activity_events_tx_seq_key').on(t.transactionId, t.seq),
    check('activity_events_summary_length', sql`char_length(${t.summary}) between 1 and 1000`),
  ],
)
