/**
 * Off-platform parties (src/shared/domain/off-platform-parties.ts): a professional acting on a move who
 * is not on Homeward, one open record per seat. `joined_participant_id` is set when they join and the
 * record becomes their participant row (kept for its history; no longer shown as off-platform).
 */
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { OFF_PLATFORM_ROLES, type OffPlatformRole } from '#shared/domain/off-platform-parties.ts'
import { REGULATORS, type Regulator } from '#shared/domain/regulators.ts'
import { checkSql, inList } from './sql-lists'
import { profiles } from './people'
import { transactionParticipants, transactions } from './transactions'

export const offPlatformParties = pgTable(
  'off_platform_parties',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    role: text('role').$type<OffPlatformRole>().notNull(),
    /** The firm's name (required: the firm is who the other side deals with). */
    firmName: text('firm_name').notNull(),
    /** The fee earner or contact at the firm. */
    personName: text('person_name'),
    /** Lower-cased; where enquiries and notices are emailed. */
    email: text('email').notNull(),
    phone: text('phone'),
    regulator: text('regulator').$type<Regulator>(),
    regulatorNumber: text('regulator_number'),
    recordedBy: uuid('recorded_by').references(() => profiles.id, { onDelete: 'set null' }),
    /** Set when the party joined Homeward and took the seat. */
    joinedParticipantId: uuid('joined_participant_id').references(() => transactionParticipants.id, {
      onDelete: 'set null',
    }),
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('off_platform_parties_open_seat_key')
      .on(t.transactionId, t.role)
      .where(sql`joined_at is null`),
    index('off_platform_parties_tx_idx').on(t.transactionId),
    index('off_platform_parties_email_idx').on(t.email),
    check('off_platform_parties_role_check', checkSql`role in ${inList(OFF_PLATFORM_ROLES)}`),
    check('off_platform_parties_regulator_check', checkSql`regulator is null or regulator in ${inList(REGULATORS)}`),
    check('off_platform_parties_firm_name_length', sql`char_length(${t.firmName}) between 1 and 200`),
    check('off_platform_parties_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)
