/**
 * Property chains: links between moves where the seller of one (`lower`) is the buyer of the other
 * (`upper`), pending until the other side confirms; and the exchange and completion dates proposed to
 * a whole chain, with each link's answer (rules in src/shared/domain/chains.ts).
 */
import { sql } from 'drizzle-orm'
import { boolean, check, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import {
  CHAIN_LINK_STATUSES,
  DATE_PROPOSAL_STATUSES,
  DATE_RESPONSES,
  type ChainLinkStatus,
  type DateProposalStatus,
  type DateResponse,
} from '#shared/domain/chains.ts'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { transactions } from './transactions'

export const chainLinks = pgTable(
  'chain_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The sale: its seller is the buyer of `upper`. */
    lowerTransactionId: uuid('lower_transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The onward purchase. */
    upperTransactionId: uuid('upper_transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    status: text('status').$type<ChainLinkStatus>().notNull().default('pending'),
    /** The move the request was made from; the other one's other side confirms. */
    requestedFrom: uuid('requested_from')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    requestedBy: uuid('requested_by').references(() => profiles.id, { onDelete: 'set null' }),
    respondedBy: uuid('responded_by').references(() => profiles.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One onward link per sale and one sale per purchase while pending or confirmed: the chain is a line.
    uniqueIndex('chain_links_lower_live_key')
      .on(t.lowerTransactionId)
      .where(sql`status in ('pending', 'confirmed')`),
    uniqueIndex('chain_links_upper_live_key')
      .on(t.upperTransactionId)
      .where(sql`status in ('pending', 'confirmed')`),
    check('chain_links_status_check', checkSql`status in ${inList(CHAIN_LINK_STATUSES)}`),
    check('chain_links_not_self', sql`${t.lowerTransactionId} <> ${t.upperTransactionId}`),
    check(
      'chain_links_requested_from_check',
      sql`${t.requestedFrom} in (${t.lowerTransactionId}, ${t.upperTransactionId})`,
    ),
  ],
)

export const chainDateProposals = pgTable(
  'chain_date_proposals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The move the proposal was made from. */
    proposedFrom: uuid('proposed_from')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    proposedBy: uuid('proposed_by').references(() => profiles.id, { onDelete: 'set null' }),
    exchangeDate: date('exchange_date').notNull(),
    completionDate: date('completion_date').notNull(),
    status: text('status').$type<DateProposalStatus>().notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
  },
  (t) => [
    check('chain_date_proposals_status_check', checkSql`status in ${inList(DATE_PROPOSAL_STATUSES)}`),
    check('chain_date_proposals_order', sql`${t.completionDate} >= ${t.exchangeDate}`),
  ],
)

export const chainDateResponses = pgTable(
  'chain_date_responses',
  {
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => chainDateProposals.id, { onDelete: 'cascade' }),
    /** One row per move of the chain when the proposal was made. */
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    response: text('response').$type<DateResponse>().notNull().default('pending'),
    respondedBy: uuid('responded_by').references(() => profiles.id, { onDelete: 'set null' }),
    respondedAt: timestamp('responded_at', { withTimezone: true }),
    /** Why a link declined (shown to the whole chain: it must not name people). */
    note: text('note'),
  },
  (t) => [
    uniqueIndex('chain_date_responses_key').on(t.proposalId, t.transactionId),
    index('chain_date_responses_tx_idx').on(t.transactionId),
    check('chain_date_responses_check', checkSql`response in ${inList(DATE_RESPONSES)}`),
    check('chain_date_responses_note_length', sql`char_length(${t.note}) <= 500`),
  ],
)

/**
 * A mover's own answer to proposed chain dates (decision 061): each buyer and seller of a move in the
 * chain says whether the dates suit them (removals, notice, a mortgage offer's expiry), shown to the
 * whole chain by role, never by name outside their own move. One answer per person per move of the
 * proposal, changeable while the proposal is open; the move's conveyancer still answers for the move.
 */
export const chainDateMoverAnswers = pgTable(
  'chain_date_mover_answers',
  {
    proposalId: uuid('proposal_id')
      .notNull()
      .references(() => chainDateProposals.id, { onDelete: 'cascade' }),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** 'buyer' or 'seller' on that move. */
    role: text('role').notNull(),
    suits: boolean('suits').notNull(),
    /** Why not, shown to the whole chain (it must not name people). */
    note: text('note'),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chain_date_mover_answers_key').on(t.proposalId, t.transactionId, t.profileId),
    check('chain_date_mover_answers_role_check', sql`${t.role} in ('buyer', 'seller')`),
    check('chain_date_mover_answers_note_length', sql`char_length(${t.note}) <= 500`),
  ],
)
