/**
 * Reviews of a firm in the marketplace. Since reviews are tied to moves, a buyer or seller reviews each
 * firm that worked on their move once, after completion; they feed the marketplace's ratings and the
 * CSAT of the accreditation engine.
 */
import { sql } from 'drizzle-orm'
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { organizations } from './directory'
import { profiles } from './people'
import { transactions } from './transactions'

export const marketplaceReviews = pgTable(
  'marketplace_reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    ratingInt: integer('rating_int').notNull(),
    authorName: text('author_name').notNull(),
    /** The completed move the review is about; null on reviews from before reviews were tied to moves. */
    transactionId: uuid('transaction_id').references(() => transactions.id, { onDelete: 'set null' }),
    /** The buyer or seller who wrote it. */
    reviewerProfileId: uuid('reviewer_profile_id').references(() => profiles.id, {
      onDelete: 'set null',
    }),
    body: text('body').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('marketplace_reviews_org_created_idx').on(t.organizationId, t.createdAt.desc()),
    check('marketplace_reviews_rating_check', sql`${t.ratingInt} between 1 and 5`),
    uniqueIndex('marketplace_reviews_tx_reviewer_org_key').on(t.transactionId, t.reviewerProfileId, t.organizationId),
    check('marketplace_reviews_body_length', sql`char_length(${t.body}) <= 5000`),
  ],
)
