/**
 * Support conversations (item 4: Help's 'Live Chat'): one thread per person with
 * Homeward's support team. A person's messages are also emailed to the support address through the
 * outbox; the team's replies arrive through the inbound-mail webhook (features/support).
 */
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'
import { profiles } from './people'

export const supportMessages = pgTable(
  'support_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    /** 'member': the person wrote it; 'support': Homeward's support team replied. */
    author: text('author').notNull(),
    body: text('body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('support_messages_profile_created_idx').on(t.profileId, t.createdAt),
    check('support_messages_author_check', sql`${t.author} in ('member', 'support')`),
  ],
)
