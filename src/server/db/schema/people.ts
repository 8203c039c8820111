/** People: profiles (one per auth user) and their stored roles. spec: Entities (profiles, user_roles) and Roles and permissions. */
import { sql } from 'drizzle-orm'
import { check, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { ACCOUNT_LANGUAGES, type AccountLanguage } from '#shared/domain/account-language.ts'
import { STORED_ROLES, type StoredRole } from '#shared/domain/roles.ts'
import { user } from './auth'
import { checkSql, inList } from './sql-lists'

export const profiles = pgTable(
  'profiles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    authId: text('auth_id').references(() => user.id, { onDelete: 'set null' }),
    fullName: text('full_name').notNull(),
    email: text('email').notNull(),
    /**
     * Set when the person deleted their account (UK GDPR art. 17): the name becomes 'Former participant', the
     * email a placeholder and auth_id null, so transaction history stays readable to the other parties.
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /** The language the person reads Homeward's emails in: 'en' (English) or 'cy' (Cymraeg). */
    language: text('language').$type<AccountLanguage>().notNull().default('en'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('profiles_auth_id_key').on(t.authId),
    uniqueIndex('profiles_email_lower_key').on(sql`lower(${t.email})`),
    check('profiles_full_name_length', sql`char_length(${t.fullName}) between 1 and 120`),
    check('profiles_language_check', checkSql`language in ${inList(ACCOUNT_LANGUAGES)}`),
  ],
)

export const userRoles = pgTable(
  'user_roles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    role: text('role').$type<StoredRole>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_roles_user_role_key').on(t.userId, t.role),
    index('user_roles_user_id_idx').on(t.userId),
    check('user_roles_role_check', checkSql`role in ${inList(STORED_ROLES)}`),
  ],
)
