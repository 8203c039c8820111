/**
 * An estate agent's portfolio: each sale's last judged risk band (so that crossing into high risk
 * alerts once), and the weekly update emails sent to sellers (one per seller, sale and ISO week).
 * Rules in src/shared/domain/sale-risk.ts and weekly-update.ts.
 */
import { sql } from 'drizzle-orm'
import { check, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { SALE_RISK_BANDS, type SaleRiskBand } from '#shared/domain/sale-risk.ts'
import { BUYER_POSITIONS, FUNDING_METHODS, type BuyerPosition, type FundingMethod } from '#shared/domain/agent-sales.ts'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { transactions } from './transactions'

/** The risk band a sale was last judged in by the periodic check; an alert goes out when it becomes 'high'. */
export const saleRiskStates = pgTable(
  'sale_risk_states',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    band: text('band').$type<SaleRiskBand>().notNull(),
    score: integer('score').notNull(),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check('sale_risk_states_band_check', checkSql`band in ${inList(SALE_RISK_BANDS)}`),
    check('sale_risk_states_score_check', sql`score between 0 and 100`),
  ],
)

/**
 * A weekly update sent to one seller of one sale in one ISO week ('2026-W49'): at most one each. The
 * seller is a Homeward account (seller_id) or, while the seller is recorded off Homeward on the
 * agent's sale (agent_sales), their email (seller_email, lower-cased).
 */
export const saleWeeklyUpdates = pgTable(
  'sale_weekly_updates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    sellerId: uuid('seller_id').references(() => profiles.id, { onDelete: 'cascade' }),
    /** The off-Homeward seller's email when seller_id is null. */
    sellerEmail: text('seller_email'),
    isoWeek: text('iso_week').notNull(),
    /** Who sent it now from the portfolio; null for the Monday run. */
    sentBy: uuid('sent_by').references(() => profiles.id, { onDelete: 'set null' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('sale_weekly_updates_tx_seller_week_key').on(t.transactionId, t.sellerId, t.isoWeek),
    uniqueIndex('sale_weekly_updates_tx_email_week_key')
      .on(t.transactionId, t.sellerEmail, t.isoWeek)
      .where(sql`seller_id is null`),
    check(
      'sale_weekly_updates_recipient_check',
      sql`(${t.sellerId} is not null) <> (${t.sellerEmail} is not null) and (${t.sellerEmail} is null or ${t.sellerEmail} = lower(${t.sellerEmail}))`,
    ),
    check('sale_weekly_updates_week_check', sql`${t.isoWeek} ~ '^[0-9]{4}-W[0-9]{2}$'`),
  ],
)

/**
 * A sale as its estate agent recorded it at SSTC (issue 40 item 1, decision 066): the buyer's
 * position and the clients as the agent knows them (name and email, used while they are not on
 * Homeward), and the memorandum of sale's own fields as last issued (how the buyer pays, the
 * clients' addresses, special conditions), which prefill the next memorandum. One row per move; a
 * sale the agent was invited to gets one when its memorandum is first issued.
 */
export const agentSales = pgTable(
  'agent_sales',
  {
    transactionId: uuid('transaction_id')
      .primaryKey()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    createdBy: uuid('created_by').references(() => profiles.id, { onDelete: 'set null' }),
    buyerPosition: text('buyer_position').$type<BuyerPosition>(),
    sellerName: text('seller_name'),
    sellerEmail: text('seller_email'),
    buyerName: text('buyer_name'),
    buyerEmail: text('buyer_email'),
    funding: text('funding').$type<FundingMethod>(),
    sellerAddress: text('seller_address'),
    buyerAddress: text('buyer_address'),
    specialConditions: text('special_conditions'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [
    check(
      'agent_sales_buyer_position_check',
      checkSql`buyer_position is null or buyer_position in ${inList(BUYER_POSITIONS)}`,
    ),
    check('agent_sales_funding_check', checkSql`funding is null or funding in ${inList(FUNDING_METHODS)}`),
    check('agent_sales_special_conditions_length', sql`char_length(special_conditions) <= 2000`),
  ],
)
