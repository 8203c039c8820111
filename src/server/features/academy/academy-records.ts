/** Reading a person's Academy Lite progress: CPD records and attempt counts per course. */
import { sql } from 'drizzle-orm'
import type { CpdRecord } from '#shared/contracts/academy.ts'
import { certificateNumber, isProfessional } from '#shared/domain/academy.ts'
import { findCourse } from '#shared/domain/academy-courses.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database, Tx } from '#server/db/client.ts'
import { AppError, notFound } from '#server/core/errors.ts'

interface RecordRow {
  id: string
  course_slug: string
  course_title: string
  cpd_minutes: number
  score_percent: number
  passed_at: string | Date
}

export function toCpdRecord(r: RecordRow): CpdRecord {
  return {
    id: r.id,
    course_slug: r.course_slug,
    course_title: r.course_title,
    cpd_minutes: r.cpd_minutes,
    score_percent: r.score_percent,
    passed_at: new Date(r.passed_at).toISOString(),
    certificate_number: certificateNumber(r.id),
  }
}

/** Academy Lite is for professionals: anyone else gets 403 with the reason. */
export function assertProfessional(viewer: Viewer): void {
  if (!isProfessional(viewer.roles)) {
    throw new AppError('forbidden', 'Academy Lite is for professionals: conveyancers, surveyors, brokers and agents.')
  }
}

/** The course with this slug, or 404. */
export function courseOr404(slug: string) {
  const course = findCourse(slug)
  if (!course) throw notFound('course')
  return course
}

/** The viewer's CPD records by course slug and their attempt counts. */
export async function progressOf(
  db: Database['db'] | Tx,
  profileId: string,
): Promise<{ records: Map<string, CpdRecord>; attempts: Map<string, number> }> {
  const rec = await db.execute(sql`select id, course_slug, course_title, cpd_minutes, score_percent, passed_at
    from cpd_records where profile_id = ${profileId}`)
  const att = await db.execute(sql`select course_slug, count(*)::int as n from academy_quiz_attempts
    where profile_id = ${profileId} group by course_slug`)
  return {
    records: new Map((rec.rows as unknown as RecordRow[]).map((r) => [r.course_slug, toCpdRecord(r)])),
    attempts: new Map((att.rows as { course_slug: string; n: number }[]).map((r) => [r.course_slug, r.n])),
  }
}
