import { describe, expect, it } from 'vitest'
import { certificateNumber, cpdDuration, gradeQuiz, shuffleQuiz, type AcademyCourse } from './academy'
import { ACADEMY_COURSES, findCourse } from './academy-courses'

const allRight = (c: AcademyCourse) => Object.fromEntries(c.questions.map((q) => [q.id, q.answer]))

describe('the Academy Lite courses', () => {
  it('are at least three, each with lessons, a quiz of unique questions whose answers exist, CPD minutes and sources', () => {
    expect(ACADEMY_COURSES.length).toBeGreaterThanOrEqual(3)
    expect(new Set(ACADEMY_COURSES.map((c) => c.slug)).size).toBe(ACADEMY_COURSES.length)
    for (const c of ACADEMY_COURSES) {
      expect(c.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      expect(c.lessons.length).toBeGreaterThanOrEqual(3)
      expect(c.questions.length).toBeGreaterThanOrEqual(5)
      expect(new Set(c.questions.map((q) => q.id)).size).toBe(c.questions.length)
      for (const q of c.questions) expect(q.options[q.answer]).toBeDefined()
      expect(c.cpdMinutes).toBeGreaterThan(0)
      expect(c.passMarkPercent).toBeGreaterThan(50)
      expect(c.sources.length).toBeGreaterThan(0)
    }
    expect(findCourse('mlr-2017-client-due-diligence')?.title).toContain('MLR 2017')
    expect(findCourse('nope')).toBeUndefined()
  })
})

describe('gradeQuiz', () => {
  const course = findCourse('pg81-identity-evidence')!
  it('passes all right, and at exactly the pass mark', () => {
    expect(gradeQuiz(course, allRight(course))).toMatchObject({ correct: 6, total: 6, scorePercent: 100, passed: true })
    const five = { ...allRight(course), [course.questions[0].id]: (course.questions[0].answer + 1) % 4 }
    expect(gradeQuiz(course, five)).toMatchObject({ correct: 5, scorePercent: 83, passed: true })
  })

  it('fails below the pass mark, saying which answers were wrong but not the right ones', () => {
    const answers = { ...allRight(course) }
    for (const q of course.questions.slice(0, 2)) answers[q.id] = (q.answer + 1) % q.options.length
    const result = gradeQuiz(course, answers)
    expect(result).toMatchObject({ correct: 4, scorePercent: 66, passed: false, passMarkPercent: 80 })
    expect(result.questions.map((q) => q.correct)).toEqual(course.questions.map((_, i) => i >= 2))
    expect(result.questions[0]).toMatchObject({ correct: false, chosen: answers[course.questions[0].id] })
    for (const q of result.questions) expect(q).toMatchObject({ answer: null, explanation: null })
  })

  it('gives each right answer and why once passed', () => {
    const result = gradeQuiz(course, allRight(course))
    expect(result.passed).toBe(true)
    expect(result.questions.map((q) => q.answer)).toEqual(course.questions.map((q) => q.answer))
    expect(result.questions[0].explanation).toBe(course.questions[0].explanation)
  })

  it("shuffles the questions and each question's options, each option keeping its index in the course", () => {
    // A seeded generator (mulberry32), so the test is repeatable.
    const seeded = (seed: number) => () => {
      seed = (seed + 0x6d2b79f5) | 0
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed)
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }
    const orders = new Set<string>()
    for (let seed = 1; seed <= 20; seed++) {
      const shuffled = shuffleQuiz(course.questions, seeded(seed))
      expect(shuffled.map((q) => q.id).sort()).toEqual(course.questions.map((q) => q.id).sort())
      for (const q of shuffled) {
        const original = course.questions.find((c) => c.id === q.id)!
        expect(q.prompt).toBe(original.prompt)
        expect(q.options.map((o) => o.index).sort()).toEqual(original.options.map((_, i) => i))
        for (const o of q.options) expect(o.text).toBe(original.options[o.index])
      }
      orders.add(shuffled.map((q) => `${q.id}:${q.options.map((o) => o.index).join('')}`).join(','))
    }
    // Twenty attempts do not all come in one order, and the first is not the course's own order.
    expect(orders.size).toBeGreaterThan(15)
    const first = shuffleQuiz(course.questions, seeded(1))
    expect(first.map((q) => q.id)).not.toEqual(course.questions.map((q) => q.id))
  })

  it('compares exactly: 4 of 5 is 80% and passes an 80% mark; 79% would not', () => {
    const five: AcademyCourse = { ...course, questions: course.questions.slice(0, 5) }
    const answers = { ...allRight(five), [five.questions[0].id]: (five.questions[0].answer + 1) % 4 }
    expect(gradeQuiz(five, answers).passed).toBe(true)
    expect(gradeQuiz({ ...five, passMarkPercent: 81 }, answers).passed).toBe(false)
  })

  it('counts unanswered, out-of-range and non-integer answers as wrong, and ignores unknown ids', () => {
    const result = gradeQuiz(course, { [course.questions[0].id]: 9, [course.questions[1].id]: 0.5, other: 1 })
    expect(result.questions[0].chosen).toBeNull()
    expect(result.questions[1].chosen).toBeNull()
    expect(result.correct).toBe(0)
    expect(result.passed).toBe(false)
  })
})

describe('certificate number and CPD duration', () => {
  it('formats', () => {
    expect(certificateNumber('0a1b2c3d-4e5f-4000-8000-000000000000')).toBe('HW-CPD-0A1B2C3D4E')
    expect(cpdDuration(45)).toBe('45 minutes')
    expect(cpdDuration(60)).toBe('1 hour')
    expect(cpdDuration(90)).toBe('1 hour 30 minutes')
  })
})
