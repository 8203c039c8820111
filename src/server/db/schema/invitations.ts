/**
 * Invitations to join a transaction: a single-use link bound to one email, valid 7 days.
 * Only the SHA-256 of the token is stored, so a database leak does not leak working links.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { INVITATION_ROLES, type InvitationRole } from '#shared/domain/roles.ts'
import { organizations } from './directory'
import { fundingGifts } from './funds'
import { profiles } from './people'
import { checkSql, inList } from './sql-lists'
import { transactions } from './transactions'

export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** Lower-cased email the link is bound to. */
    email: text('email').notNull(),
    role: text('role').$type<InvitationRole>().notNull(),
    /** For role 'giftor': the gift (funding_gifts) the giftor is invited to declare; null for everyone else. */
    giftId: uuid('gift_id').references(() => fundingGifts.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'set null' }),
    invitedBy: uuid('invited_by').references(() => profiles.id, { onDelete: 'set null' }),
    tokenHash: text('token_hash').notNull(),
    /**
     * pending (link emailed), proposed (a side's professional proposed this person; the client
     * accepts or declines it before any link is sent: decision 014), accepted, declined (the client
     * declined the proposal) or revoked. 'expired' is worked out from expires_at.
     */
    status: text('status').notNull().default('pending'),
    /** Who accepted or declined the proposal (the side's client, or for a non-conveyancer role their conveyancer), and when; null otherwise. */
    decidedBy: uuid('decided_by').references(() => profiles.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    sendCount: integer('send_count').notNull().default(1),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    acceptedBy: uuid('accepted_by').references(() => profiles.id, { onDelete: 'set null' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('invitations_token_hash_key').on(t.tokenHash),
    // Inviting the same email again re-sends the pending invitation, never a second one.
    uniqueIndex('invitations_pending_email_key')
      .on(t.transactionId, t.email)
      .where(sql`status = 'pending' and gift_id is null`),
    // One open proposal per person and move.
    uniqueIndex('invitations_proposed_email_key')
      .on(t.transactionId, t.email)
      .where(sql`status = 'proposed'`),
    // One invitation per gift (a re-send updates it).
    uniqueIndex('invitations_gift_key').on(t.giftId),
    index('invitations_tx_created_idx').on(t.transactionId, t.createdAt.desc()),
    check('invitations_role_check', checkSql`role in ${inList(INVITATION_ROLES)}`),
    check('invitations_status_check', sql.raw(`status in ('pending', 'proposed', 'accepted', 'declined', 'revoked')`)),
    check('invitations_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
)

/**
 * Links replaced by a re-send: the old token's hash stays linked to its invitation
 * so that the old link can say a newer invitation was sent, rather than that it is not valid. Such a
 * link never works again; only its hash is kept, like the current one's.
 */
export const invitationSupersededTokens = pgTable(
  'invitation_superseded_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    invitationId: uuid('invitation_id')
      .notNull()
      .references(() => invitations.id, { onDelete: 'cascade' }),
    supersededAt: timestamp('superseded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('invitation_superseded_tokens_invitation_idx').on(t.invitationId)],
)
