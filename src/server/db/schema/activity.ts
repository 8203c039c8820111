/**
 * The transaction's audit trail: who changed what and when (task ticks, stage blocks, status
 * changes, invitations, people joining). Append-only from the application's point of view.
 */
import { sql } from 'drizzle-orm'
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { ACTIVITY_AUDIENCES } from '#shared/domain/activity-audiences.ts'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
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
     * Hash chain: position in the transaction's chain from 1, the actor's id
     * as hashed (kept when the profile is erased and actor_id goes null), the previous entry's hash and
     * this entry's SHA-256 over every shown field (id, transaction, seq, kind, actor, created_at, the
     * summary's salted digest, payload, previous hash). Canonical form: docs/decisions/012-audit-chain.md.
     */
    seq: integer('seq'),
    actorRef: uuid('actor_ref'),
    prevHash: text('prev_hash'),
    hash: text('hash'),
    /**
     * Random salt (32 hex) of the summary's digest: sha256 of salt and summary. An erasure replaces the
     * summary and drops the salt, so the digest left in the chain can no longer be tested against a
     * guessed name; the new text is vouched for by a signed 'audit.redacted' entry.
     */
    summarySalt: text('summary_salt'),
    summaryDigest: text('summary_digest'),
    /** Where the request came from; personal data, not shown and not hashed. */
    ip: text('ip'),
    /**
     * Who may read the entry (ACTIVITY_AUDIENCES, from the kind's rule in
     * shared/domain/activity-audiences.ts), set by recordActivity when it is written; every read
     * filters on it (access/activity.ts). Not hashed: the row is append-only, and the verifier
     * checks the whole chain whoever asks. The default is what every entry had before (rows the
     * writer did not make: a test's, a migration's). Decision 052.
     */
    audience: text('audience').notNull().default('everyone'),
  },
  (t) => [
    index('activity_events_tx_created_idx').on(t.transactionId, t.createdAt.desc()),
    uniqueIndex('activity_events_tx_seq_key').on(t.transactionId, t.seq),
    check('activity_events_summary_length', sql`char_length(${t.summary}) between 1 and 1000`),
    // The canonical serialisation joins fields with newlines: a kind may not hold one.
    check('activity_events_kind_one_line', sql`position(E'\\n' in ${t.kind}) = 0`),
    check('activity_events_audience_check', checkSql`audience in ${inList(ACTIVITY_AUDIENCES)}`),
  ],
)

/**
 * Signed checkpoints of each transaction's audit chain: one per appended entry,
 * written in the same database transaction, HMAC-SHA256 with AUDIT_SIGNING_KEY (never stored in the
 * database) over (transaction id, seq, head hash, signed_at). The verifier checks the chain against
 * them, so an entry inserted with a correct hash, a re-chained edit or a deleted newest entry shows.
 * Insert-only for the application's role (migration 0010). See docs/decisions/012-audit-chain.md.
 */
export const auditCheckpoints = pgTable(
  'audit_checkpoints',
  {
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    headHash: text('head_hash').notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull(),
    /** First 16 hex of sha256 of the key: names the key that signed, never reveals it. */
    keyId: text('key_id').notNull(),
    signature: text('signature').notNull(),
  },
  (t) => [primaryKey({ columns: [t.transactionId, t.seq] })],
)

/**
 * Chain heads written before signed checkpoints existed (filled by migration 0010 only): the server
 * signs each at start and removes the row. The application's role may read and delete here, never
 * insert, so it cannot get a head of its choosing signed.
 */
export const auditUnsignedHeads = pgTable('audit_unsigned_heads', {
  transactionId: uuid('transaction_id')
    .primaryKey()
    .references(() => transactions.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  headHash: text('head_hash').notNull(),
})
