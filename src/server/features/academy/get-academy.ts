/** Academy Lite's list and one course, with the viewer's progress; the firm's onboarding checklist. */
import type { AcademyOverview, CourseDetail, CourseSummary } from '#shared/contracts/academy.ts'
import type { AcademyCourse } from '#shared/domain/academy.ts'
import { ACADEMY_COURSES } from '#shared/domain/academy-courses.ts'
import type { Viewer } from '#server/auth/viewer.ts'
import type { Database } from '#server/db/client.ts'
import { factsOf, firmOf, onboardingOf } from '#server/core/accreditation/firm-of-viewer.ts'
import { assertProfessional, courseOr404, progressOf } from './academy-records'

function summary(c: AcademyCourse, progress: Awaited<ReturnType<typeof progressOf>>): CourseSummary {
  return {
    slug: c.slug,
    title: c.title,
    summary: c.summary,
    audience: c.audience,
    cpd_minutes: c.cpdMinutes,
    pass_mark_percent: c.passMarkPercent,
    lessons_count: c.lessons.length,
    questions_count: c.questions.length,
    record: progress.records.get(c.slug) ?? null,
    attempts: progress.attempts.get(c.slug) ?? 0,
  }
}

/** GET /api/academy: every course with the viewer's record, their CPD minutes, their firm's checklist. 403 for non-professionals. */
export async function getAcademyOverview({
  database,
  viewer,
}: {
  database: Database
  viewer: Viewer
}): Promise<AcademyOverview> {
  assertProfessional(viewer)
  return database.db.transaction(async (tx) => {
    const progress = await progressOf(tx, viewer.profileId)
    const firm = await firmOf(tx, viewer.profileId)
    let onboarding: AcademyOverview['onboarding'] = null
    if (firm) {
      const steps = onboardingOf(await factsOf(tx, firm.id))
      onboarding = { organization: { id: firm.id, name: firm.name }, steps, complete: steps.every((s) => s.done) }
    }
    return {
      courses: ACADEMY_COURSES.map((c) => summary(c, progress)),
      cpd_minutes_total: [...progress.records.values()].reduce((sum, r) => sum + r.cpd_minutes, 0),
      onboarding,
    }
  })
}

/** GET /api/academy/courses/{slug}: lessons and questions without answers; 404 for an unknown course. */
export async function getCourse({
  database,
  viewer,
  slug,
}: {
  database: Database
  viewer: Viewer
  slug: string
}): Promise<CourseDetail> {
  assertProfessional(viewer)
  const course = courseOr404(slug)
  const progress = await progressOf(database.db, viewer.profileId)
  return {
    ...summary(course, progress),
    sources: [...course.sources],
    lessons: course.lessons.map((l) => ({ slug: l.slug, title: l.title, body: [...l.body] })),
    questions: course.questions.map((q) => ({ id: q.id, prompt: q.prompt, options: [...q.options] })),
  }
}
