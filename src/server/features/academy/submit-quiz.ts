/**
 * Marks a quiz attempt and keeps it. On the first pass of a course the person's CPD record is written
 * (the course's minutes, its title as it stands, the score), and the accreditation of the firms they
 * work for is recomputed (Academy Lite access and onboarding are Silver criteria), all in one
 * database transaction. A later pass returns the same record; a fail records only the attempt.
 */
import { sql } from 'drizzle-orm'
import type { QuizResult, QuizSubmission } from '#shared/contracts/academy.ts'
import { gradeQuiz } from '#shared/domain/academy.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { academyQuizAttempts } from '#server/db/schema/index.ts'
import { organizationsOfPerson, recomputeAccreditation } from '#server/core/accreditation/compute-accreditation.ts'
import { assertProfessional, courseOr404, toCpdRecord } from './academy-records'

export async function submitQuiz({
  database,
  viewer,
  slug,
  input,
}: {
  database: Database
  viewer: Viewer
  slug: string
  input: QuizSubmission
}): Promise<QuizResult> {
  assertProfessional(viewer)
  const course = courseOr404(slug)
  const result = gradeQuiz(course, input.answers)
  return database.db.transaction(async (tx) => {
    const [attempt] = await tx
      .insert(academyQuizAttempts)
      .values({
        profileId: viewer.profileId,
        courseSlug: course.slug,
        correct: result.correct,
        total: result.total,
        scorePercent: result.scorePercent,
        passed: result.passed,
        answers: { ...input.answers },
      })
      .returning({ id: academyQuizAttempts.id })
    let record: QuizResult['record'] = null
    if (result.passed) {
      const inserted = await tx.execute(sql`insert into cpd_records
          (profile_id, course_slug, course_title, cpd_minutes, attempt_id, score_percent)
        values (${viewer.profileId}, ${course.slug}, ${course.title}, ${course.cpdMinutes}, ${attempt.id}, ${result.scorePercent})
        on conflict (profile_id, course_slug) do nothing
        returning id, course_slug, course_title, cpd_minutes, score_percent, passed_at`)
      const row =
        inserted.rows[0] ??
        (
          await tx.execute(sql`select id, course_slug, course_title, cpd_minutes, score_percent, passed_at
            from cpd_records where profile_id = ${viewer.profileId} and course_slug = ${course.slug}`)
        ).rows[0]
      record = toCpdRecord(row as never)
      if (inserted.rows.length > 0) {
        await recomputeAccreditation(tx, {
          organizationIds: await organizationsOfPerson(tx, viewer.profileId),
          source: 'change',
        })
      }
    }
    return {
      correct: result.correct,
      total: result.total,
      score_percent: result.scorePercent,
      pass_mark_percent: result.passMarkPercent,
      passed: result.passed,
      questions: result.questions,
      record,
    }
  })
}
