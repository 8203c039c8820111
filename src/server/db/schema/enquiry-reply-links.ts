/**
 * Enquiries by email (docs/decisions/054): when the seller's conveyancer is a firm not on Homeward,
 * the enquiries waiting for its reply are emailed to it with a reply link. The link's token is
 * stored only as its SHA-256; it opens exactly the enquiries listed in enquiry_reply_link_enquiries,
 * until it expires, is revoked (a newer link was sent, or the firm joined Homeward or its record was
 * removed), or every one of them is answered. Files the firm uploads through the link wait in
 * enquiry_reply_link_uploads (stored, not yet on the move) until they are sent with a reply.
 */
import { sql } from 'drizzle-orm'
import { bigint, check, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { offPlatformParties } from './off-platform-parties'
import { profiles } from './people'
import { enquiries } from './sla-enquiries'
import { transactions } from './transactions'

export const enquiryReplyLinks = pgTable(
  'enquiry_reply_links',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    transactionId: uuid('transaction_id')
      .notNull()
      .references(() => transactions.id, { onDelete: 'cascade' }),
    /** The off-platform seller's conveyancer it was sent to; null once that record is deleted (the link is then dead). */
    partyId: uuid('party_id').references(() => offPlatformParties.id, { onDelete: 'set null' }),
    /** Where it was emailed (the party's email then). */
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull(),
    sentBy: uuid('sent_by').references(() => profiles.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** 'superseded' (a newer link was sent), 'joined' (the firm joined Homeward), 'removed' (its record went). */
    revokedReason: text('revoked_reason').$type<'superseded' | 'joined' | 'removed'>(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('enquiry_reply_links_token_hash_key').on(t.tokenHash),
    index('enquiry_reply_links_tx_idx').on(t.transactionId),
    check(
      'enquiry_reply_links_revoked_reason_check',
      sql`${t.revokedReason} is null or ${t.revokedReason} in ('superseded', 'joined', 'removed')`,
    ),
  ],
)

/** The enquiries one link opens: those waiting for the firm's reply when it was sent. */
export const enquiryReplyLinkEnquiries = pgTable(
  'enquiry_reply_link_enquiries',
  {
    linkId: uuid('link_id')
      .notNull()
      .references(() => enquiryReplyLinks.id, { onDelete: 'cascade' }),
    enquiryId: uuid('enquiry_id')
      .notNull()
      .references(() => enquiries.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.enquiryId] }),
    index('enquiry_reply_link_enquiries_enquiry_idx').on(t.enquiryId),
  ],
)

/**
 * A file uploaded through a reply link, stored but not yet a document of the move: it becomes one
 * (documents row, same storage key) when the reply it is sent with is saved (`used_at`).
 */
export const enquiryReplyLinkUploads = pgTable(
  'enquiry_reply_link_uploads',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    linkId: uuid('link_id')
      .notNull()
      .references(() => enquiryReplyLinks.id, { onDelete: 'cascade' }),
    filename: text('filename').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: bigint('size_bytes', { mode: 'number' }).notNull(),
    sha256: text('sha256').notNull(),
    storageKey: text('storage_key').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [index('enquiry_reply_link_uploads_link_idx').on(t.linkId)],
)
