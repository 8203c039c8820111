/**
 * Academy Lite: short CPD courses for professionals. A course is lessons (plain paragraphs) and a
 * multiple-choice quiz; passing the quiz at or above its pass mark records the course's CPD minutes
 * for that person once, with a certificate. The courses themselves are data in academy-courses.ts.
 */

export interface AcademyLesson {
  /** Stable within its course, kebab-case. */
  slug: string
  title: string
  /** Paragraphs of plain text; a paragraph starting with '• ' is one bullet point. */
  body: readonly string[]
}

export interface AcademyQuestion {
  /** Stable within its course, kebab-case: answers are keyed by it. */
  id: string
  prompt: string
  options: readonly string[]
  /** Index into `options` of the one correct answer. */
  answer: number
  /** Why the answer is right, shown after the quiz. */
  explanation: string
}

export interface AcademyCourse {
  /** Stable, kebab-case; part of the page path and stored with each CPD record. */
  slug: string
  title: string
  summary: string
  /** Who the course is for, e.g. 'Conveyancers and their assistants'. */
  audience: string
  /** CPD minutes recorded on passing. */
  cpdMinutes: number
  /** Whole percent of questions to answer correctly to pass (e.g. 80). */
  passMarkPercent: number
  /** The rules and sources the content is written from, named on the course and its certificate. */
  sources: readonly string[]
  lessons: readonly AcademyLesson[]
  questions: readonly AcademyQuestion[]
}

/** The answers a person gives: question id to the chosen option index. */
export type QuizAnswers = Readonly<Record<string, number>>

export interface QuizQuestionResult {
  id: string
  chosen: number | null
  correct: boolean
  /** The right option: only once the quiz is passed (a failed attempt says which were wrong, not the answers). */
  answer: number | null
  /** Why: only once passed, as it gives the answer away. */
  explanation: string | null
}

export interface QuizResult {
  correct: number
  total: number
  /** Whole percent, rounded down so that a pass is never rounded up into being. */
  scorePercent: number
  passMarkPercent: number
  passed: boolean
  questions: QuizQuestionResult[]
}

/**
 * Marks a quiz. Every question of the course counts; an unanswered question or an option index out
 * of range is wrong. Passed when correct/total is at least the pass mark (compared exactly, in whole
 * numbers: correct * 100 >= passMark * total).
 */
export function gradeQuiz(course: AcademyCourse, answers: QuizAnswers): QuizResult {
  const questions = course.questions.map((q) => {
    const raw = Object.prototype.hasOwnProperty.call(answers, q.id) ? answers[q.id] : undefined
    const chosen = Number.isInteger(raw) && raw! >= 0 && raw! < q.options.length ? raw! : null
    return { id: q.id, chosen, correct: chosen === q.answer, answer: q.answer, explanation: q.explanation }
  })
  const correct = questions.filter((q) => q.correct).length
  const total = questions.length
  const passed = total > 0 && correct * 100 >= course.passMarkPercent * total
  return {
    correct,
    total,
    scorePercent: total === 0 ? 0 : Math.floor((correct * 100) / total),
    passMarkPercent: course.passMarkPercent,
    passed,
    // A failed attempt shows which answers were wrong, never the right ones: a retake is a real test.
    questions: passed ? questions : questions.map((q) => ({ ...q, answer: null, explanation: null })),
  }
}

/** A quiz question as the form shows it: options in display order, each with its index in the course. */
export interface ShuffledQuestion {
  id: string
  prompt: string
  options: Array<{ index: number; text: string }>
}

/**
 * The quiz in a fresh order for one attempt: the questions shuffled, and each question's options
 * shuffled, every option keeping its index in the course (what a submission sends). Fisher-Yates with
 * `random` (a function answering [0, 1), Math.random in the browser; seeded in tests).
 */
export function shuffleQuiz(
  questions: ReadonlyArray<{ id: string; prompt: string; options: readonly string[] }>,
  random: () => number,
): ShuffledQuestion[] {
  const shuffle = <T>(items: T[]): T[] => {
    for (let i = items.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1))
      ;[items[i], items[j]] = [items[j]!, items[i]!]
    }
    return items
  }
  return shuffle(
    questions.map((q) => ({
      id: q.id,
      prompt: q.prompt,
      options: shuffle(q.options.map((text, index) => ({ index, text }))),
    })),
  )
}

/** 'HW-CPD-' and the first 10 hex digits of the CPD record's id, upper case: printed on the certificate. */
export function certificateNumber(recordId: string): string {
  return `HW-CPD-${recordId.replace(/-/g, '').slice(0, 10).toUpperCase()}`
}

/** '45 minutes', '1 hour', '1 hour 30 minutes'. */
export function cpdDuration(minutes: number): string {
  const h = Math.floor(minutes / 60)
  const m = minutes % 60
  const hours = h === 0 ? '' : h === 1 ? '1 hour' : `${h} hours`
  const mins = m === 0 ? '' : m === 1 ? '1 minute' : `${m} minutes`
  return [hours, mins].filter(Boolean).join(' ') || '0 minutes'
}

/** True for a stored role of a professional (pro_conveyancer, pro_surveyor, pro_broker, pro_agent). */
export function isProfessional(roles: readonly string[]): boolean {
  return roles.some((r) => r.startsWith('pro_'))
}
