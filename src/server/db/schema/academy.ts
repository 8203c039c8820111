/**
 * Academy Lite: every quiz attempt a professional makes, and the CPD record written once per person
 * and course when they pass. Courses are data in src/shared/domain/academy-courses.ts, named here by
 * slug; the record keeps the title and minutes as they were when passed, for the certificate.
 */
import { sql } from 'drizzle-orm'
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core'
import { profiles } from './people'

export const academyQuizAttempts = pgTable(
  'academy_quiz_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    correct: integer('correct').notNull(),
    total: integer('total').notNull(),
    scorePercent: integer('score_percent').notNull(),
    passed: boolean('passed').notNull(),
    /** Question id to the chosen option index, as submitted. */
    answers: jsonb('answers').$type<Record<string, number>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('academy_quiz_attempts_profile_course_idx').on(t.profileId, t.courseSlug, t.createdAt.desc()),
    check('academy_quiz_attempts_score_check', sql`${t.scorePercent} between 0 and 100`),
    check('academy_quiz_attempts_correct_check', sql`${t.correct} between 0 and ${t.total}`),
    check('academy_quiz_attempts_slug_length', sql`char_length(${t.courseSlug}) between 1 and 100`),
  ],
)

export const cpdRecords = pgTable(
  'cpd_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    profileId: uuid('profile_id')
      .notNull()
      .references(() => profiles.id, { onDelete: 'cascade' }),
    courseSlug: text('course_slug').notNull(),
    courseTitle: text('course_title').notNull(),
    cpdMinutes: integer('cpd_minutes').notNull(),
    /** The passing attempt; null for records carried over from before attempts were kept (seeded history). */
    attemptId: uuid('attempt_id').references(() => academyQuizAttempts.id, { onDelete: 'set null' }),
    scorePercent: integer('score_percent').notNull(),
    passedAt: timestamp('passed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('cpd_records_profile_course_key').on(t.profileId, t.courseSlug),
    index('cpd_records_passed_idx').on(t.profileId, t.passedAt.desc()),
    check('cpd_records_minutes_check', sql`${t.cpdMinutes} between 1 and 600`),
    check('cpd_records_score_check', sql`${t.scorePercent} between 0 and 100`),
  ],
)
