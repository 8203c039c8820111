/**
 * Contracts of Academy Lite: the course list with the viewer's progress and their firm's onboarding
 * checklist, one course with its lessons and quiz (never its answers), a quiz submission and its
 * result, and the certificate PDF of a passed course.
 */
import { z } from 'zod'
import { Timestamp, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody } from './endpoint'

export const CourseParams = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a course')
    .max(100, 'Not a course'),
})
export const CpdRecordParams = z.object({ recordId: Uuid })

/** A passed course: the CPD record. */
export const CpdRecord = z.object({
  id: Uuid,
  course_slug: z.string(),
  course_title: z.string(),
  cpd_minutes: z.number().int(),
  score_percent: z.number().int(),
  passed_at: Timestamp,
  certificate_number: z.string(),
})
export type CpdRecord = z.infer<typeof CpdRecord>

export const CourseSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  audience: z.string(),
  cpd_minutes: z.number().int(),
  pass_mark_percent: z.number().int(),
  lessons_count: z.number().int(),
  questions_count: z.number().int(),
  /** The viewer's CPD record for the course, or null when not passed yet. */
  record: CpdRecord.nullable(),
  /** How many times the viewer has taken the quiz. */
  attempts: z.number().int(),
})
export type CourseSummary = z.infer<typeof CourseSummary>

export const OnboardingStep = z.object({
  key: z.enum(['profile', 'team', 'first_case', 'course']),
  label: z.string(),
  done: z.boolean(),
  detail: z.string(),
})
export type OnboardingStep = z.infer<typeof OnboardingStep>

/** The firm a professional works for, and its onboarding checklist. */
export const FirmOnboarding = z.object({
  organization: z.object({ id: Uuid, name: z.string() }),
  steps: z.array(OnboardingStep),
  complete: z.boolean(),
})
export type FirmOnboarding = z.infer<typeof FirmOnboarding>

/** GET /api/academy. */
export const AcademyOverview = z.object({
  courses: z.array(CourseSummary),
  /** CPD minutes the viewer has recorded through Academy Lite. */
  cpd_minutes_total: z.number().int(),
  /** Null when the viewer works for no firm on Homeward yet. */
  onboarding: FirmOnboarding.nullable(),
})
export type AcademyOverview = z.infer<typeof AcademyOverview>

/** GET /api/academy/courses/{slug}: lessons and questions, without the answers. */
export const CourseDetail = CourseSummary.extend({
  sources: z.array(z.string()),
  lessons: z.array(z.object({ slug: z.string(), title: z.string(), body: z.array(z.string()) })),
  questions: z.array(z.object({ id: z.string(), prompt: z.string(), options: z.array(z.string()) })),
})
export type CourseDetail = z.infer<typeof CourseDetail>

/** POST /api/academy/courses/{slug}/attempts: question id to the chosen option's index. */
export const QuizSubmission = z.object({
  answers: z
    .record(z.string().max(100), z.number().int().min(0).max(20))
    .refine((a) => Object.keys(a).length <= 50, 'Too many answers'),
})
export type QuizSubmission = z.infer<typeof QuizSubmission>

export const QuizResult = z.object({
  correct: z.number().int(),
  total: z.number().int(),
  score_percent: z.number().int(),
  pass_mark_percent: z.number().int(),
  passed: z.boolean(),
  questions: z.array(
    z.object({
      id: z.string(),
      chosen: z.number().int().nullable(),
      correct: z.boolean(),
      answer: z.number().int(),
      explanation: z.string(),
    }),
  ),
  /** The CPD record: written on the first pass, the same one on any later pass; null while not passed. */
  record: CpdRecord.nullable(),
})
export type QuizResult = z.infer<typeof QuizResult>

const PDF = { 'application/pdf': { schema: z.string().describe('The certificate, a PDF file') } }

/** The Academy Lite endpoints: for professionals (403 for anyone else). */
export const academyEndpoints = {
  overview: endpoint({
    method: 'get',
    path: '/academy',
    summary: "Academy Lite's courses with the viewer's progress and their firm's onboarding checklist",
    responses: { 200: json('Courses', AcademyOverview), 403: { description: 'Not a professional' }, ...ERRORS },
  }),
  course: endpoint({
    method: 'get',
    path: '/academy/courses/{slug}',
    summary: 'One course: lessons and quiz questions (without the answers)',
    request: { params: CourseParams },
    responses: { 200: json('Course', CourseDetail), 403: { description: 'Not a professional' }, ...ERRORS },
  }),
  submitQuiz: endpoint({
    method: 'post',
    path: '/academy/courses/{slug}/attempts',
    summary: "Take the course's quiz: marked at once; a pass records the CPD minutes once",
    request: { params: CourseParams, body: jsonBody(QuizSubmission) },
    responses: { 201: json('Result', QuizResult), 403: { description: 'Not a professional' }, ...ERRORS },
  }),
  certificate: endpoint({
    method: 'get',
    path: '/academy/records/{recordId}/certificate',
    summary: "The CPD certificate of one of the viewer's passed courses (PDF)",
    request: { params: CpdRecordParams },
    responses: { 200: { description: 'Certificate', content: PDF }, ...ERRORS },
  }),
}
