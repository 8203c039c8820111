/**
 * Contracts of Academy Lite: the course list with the viewer's progress and their firm's onboarding
 * checklist, one course with its lessons and quiz (never its answers), a quiz submission and its
 * result, and the certificate PDF of a passed course.
 */
import { z } from 'zod'
import { Timestamp, Uuid } from './common'
import { endpoint, ERRORS, json, jsonBody, PUBLIC } from './endpoint'

export const CourseParams = z.object({
  slug: z
    .string()
    .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, 'Not a course')
    .max(100, 'Not a course'),
})
export const CpdRecordParams = z.object({ recordId: Uuid })

/** A certificate number as printed: 'HW-CPD-' and 10 hex digits (any case; read upper case). */
export const CertificateParams = z.object({
  number: z
    .string()
    .trim()
    .toUpperCase()
    .regex(
      /^HW-CPD-[0-9A-F]{10}$/,
      'A certificate number reads HW-CPD- and 10 letters or digits, e.g. HW-CPD-1A2B3C4D5E',
    ),
})

/**
 * GET /api/certificates/{number}: what the public check shows of a CPD certificate, and nothing more
 * (no email, firm, score or id): the holder's name, the course, the day passed and the CPD minutes.
 */
export const CertificateCheck = z.object({
  number: z.string(),
  holder_name: z.string(),
  course_title: z.string(),
  /** yyyy-mm-dd, Europe/London. */
  passed_on: z.string(),
  cpd_minutes: z.number().int(),
})
export type CertificateCheck = z.infer<typeof CertificateCheck>

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
      /** The right option's index: null on a failed attempt (it says which were wrong, not the answers). */
      answer: z.number().int().nullable(),
      /** Why the answer is right: null on a failed attempt. */
      explanation: z.string().nullable(),
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
  checkCertificate: endpoint({
    method: 'get',
    path: '/certificates/{number}',
    security: PUBLIC,
    summary: 'Check a CPD certificate by its number (public): the holder, the course, the day and the CPD minutes',
    request: { params: CertificateParams },
    responses: { 200: json('Certificate', CertificateCheck), 404: ERRORS[404], 400: ERRORS[400] },
  }),
}
