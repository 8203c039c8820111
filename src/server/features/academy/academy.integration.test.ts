/** Academy Lite through the API: professionals only, answers never sent, quiz pass and fail, CPD once, certificate PDF. */
import { PDFDocument } from 'pdf-lib'
import { beforeAll, describe, expect, it } from 'vitest'
import { AcademyOverview, CertificateCheck, CourseDetail, QuizResult } from '#shared/contracts/academy.ts'
import { findCourse } from '#shared/domain/academy-courses.ts'
import { createOrganization, createTransaction, createUser, type CreatedUser } from '#server/test/factories.ts'
import { TEST_PUBLIC_URL, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
const course = findCourse('mlr-2017-client-due-diligence')!
const right = Object.fromEntries(course.questions.map((q) => [q.id, q.answer]))
const wrong = (n: number) => ({
  ...right,
  ...Object.fromEntries(course.questions.slice(0, n).map((q) => [q.id, (q.answer + 1) % q.options.length])),
})
let pro: CreatedUser
let buyer: CreatedUser
let orgId: string

beforeAll(async () => {
  pro = await createUser(t.auth, { database: t.database, role: 'conveyancer' })
  buyer = await createUser(t.auth, { database: t.database, role: 'buyer' })
  orgId = (await createOrganization(t.database, { name: 'Academy Test Law' })).organizationId
  await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    participants: [{ profileId: pro.profileId, role: 'buyer_conveyancer', organizationId: orgId }],
  })
})

const get = (u: CreatedUser, path: string) => t.request(path, { headers: { cookie: u.cookie } })
const post = (u: CreatedUser, path: string, json: unknown) =>
  t.request(path, { method: 'POST', headers: { cookie: u.cookie }, json })

describe('Academy Lite', () => {
  it('lists the courses and the firm checklist for a professional; 403 for a buyer, 401 signed out', async () => {
    const res = await get(pro, '/api/academy')
    expect(res.status).toBe(200)
    const body = AcademyOverview.parse(await res.json())
    expect(body.courses.length).toBeGreaterThanOrEqual(3)
    expect(body.cpd_minutes_total).toBe(0)
    expect(body.onboarding?.organization.id).toBe(orgId)
    expect(body.onboarding?.steps.find((s) => s.key === 'course')?.done).toBe(false)
    expect((await get(buyer, '/api/academy')).status).toBe(403)
    expect((await t.request('/api/academy')).status).toBe(401)
  })

  it('sends lessons and questions without the answers; 404 for an unknown course', async () => {
    const res = await get(pro, `/api/academy/courses/${course.slug}`)
    const text = await res.text()
    const body = CourseDetail.parse(JSON.parse(text))
    expect(body.lessons).toHaveLength(course.lessons.length)
    expect(text).not.toContain('"answer"')
    expect(text).not.toContain(course.questions[0].explanation)
    expect((await get(pro, '/api/academy/courses/no-such-course')).status).toBe(404)
  })

  it('fails below the pass mark without a CPD record, then passes once and records the minutes once', async () => {
    const fail = QuizResult.parse(
      await (await post(pro, `/api/academy/courses/${course.slug}/attempts`, { answers: wrong(2) })).json(),
    )
    expect(fail).toMatchObject({ passed: false, correct: 4, record: null })
    // A failed attempt says which answers were wrong, not the right ones (nor the explanations that give them away).
    expect(fail.questions.filter((q) => !q.correct).map((q) => q.id)).toEqual(
      course.questions.slice(0, 2).map((q) => q.id),
    )
    expect(fail.questions.every((q) => q.answer === null && q.explanation === null)).toBe(true)
    const res = await post(pro, `/api/academy/courses/${course.slug}/attempts`, { answers: wrong(1) })
    expect(res.status).toBe(201)
    const pass = QuizResult.parse(await res.json())
    expect(pass).toMatchObject({ passed: true, score_percent: 83 })
    expect(pass.questions.map((q) => q.answer)).toEqual(course.questions.map((q) => q.answer))
    expect(pass.record).toMatchObject({ cpd_minutes: course.cpdMinutes, course_slug: course.slug })
    const again = QuizResult.parse(
      await (await post(pro, `/api/academy/courses/${course.slug}/attempts`, { answers: right })).json(),
    )
    expect(again.record?.id).toBe(pass.record?.id)
    const overview = AcademyOverview.parse(await (await get(pro, '/api/academy')).json())
    expect(overview.cpd_minutes_total).toBe(course.cpdMinutes)
    expect(overview.courses.find((c) => c.slug === course.slug)).toMatchObject({ attempts: 3 })
    expect(overview.onboarding?.steps.find((s) => s.key === 'course')?.done).toBe(true)
    // The pass changed an accreditation input: the engine wrote a new row for the firm.
    const [row] = await t.database.query<{ academy_lite_access: boolean; source: string }>(
      `select academy_lite_access, source from accreditation_metrics where organization_id = $1 order by recorded_at desc limit 1`,
      [orgId],
    )
    expect(row).toEqual({ academy_lite_access: true, source: 'change' })
  })

  it('rejects malformed answers with 400 naming the field', async () => {
    const res = await post(pro, `/api/academy/courses/${course.slug}/attempts`, { answers: { when: 'b' } })
    expect(res.status).toBe(400)
  })

  it('downloads the certificate PDF for its owner only', async () => {
    const overview = AcademyOverview.parse(await (await get(pro, '/api/academy')).json())
    const record = overview.courses.find((c) => c.slug === course.slug)!.record!
    const res = await get(pro, `/api/academy/records/${record.id}/certificate`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toContain(`${record.certificate_number}.pdf`)
    const bytes = new Uint8Array(await res.arrayBuffer())
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-')
    const pdf = await PDFDocument.load(bytes)
    expect(pdf.getPageCount()).toBe(1)
    expect(pdf.getTitle()).toBe(`CPD certificate ${record.certificate_number}`)
    const other = await createUser(t.auth, { database: t.database, role: 'conveyancer' })
    expect((await get(other, `/api/academy/records/${record.id}/certificate`)).status).toBe(404)
  })

  it('checks a certificate by its number in public, showing only name, course, day and CPD minutes', async () => {
    const overview = AcademyOverview.parse(await (await get(pro, '/api/academy')).json())
    const record = overview.courses.find((c) => c.slug === course.slug)!.record!
    // Signed out, and in lower case as someone might type it.
    const res = await t.request(`/api/certificates/${record.certificate_number.toLowerCase()}`)
    expect(res.status).toBe(200)
    const text = await res.text()
    const body = CertificateCheck.parse(JSON.parse(text))
    const [profile] = await t.database.query<{ full_name: string; email: string }>(
      `select full_name, email from profiles where id = $1`,
      [pro.profileId],
    )
    expect(body).toEqual({
      number: record.certificate_number,
      holder_name: profile.full_name,
      course_title: course.title,
      passed_on: new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date(record.passed_at)),
      cpd_minutes: course.cpdMinutes,
    })
    expect(Object.keys(body).sort()).toEqual(['course_title', 'cpd_minutes', 'holder_name', 'number', 'passed_on'])
    expect(text).not.toContain(profile.email)
    expect(text).not.toContain(record.id)
    // A number of no certificate (the next one along) is 404; a malformed one 400.
    const last = record.certificate_number.at(-1)!
    const other = `${record.certificate_number.slice(0, -1)}${last === '0' ? '1' : '0'}`
    expect((await t.request(`/api/certificates/${other}`)).status).toBe(404)
    expect((await t.request('/api/certificates/HW-CPD-XYZ')).status).toBe(400)
  })

  it('prints the public check page on the certificate', async () => {
    const overview = AcademyOverview.parse(await (await get(pro, '/api/academy')).json())
    const record = overview.courses.find((c) => c.slug === course.slug)!.record!
    const bytes = await (await get(pro, `/api/academy/records/${record.id}/certificate`)).arrayBuffer()
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
    const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise
    const content = await (await doc.getPage(1)).getTextContent()
    const drawn = content.items.map((item) => ('str' in item ? item.str : '')).join(' ')
    expect(drawn).toContain(`Check it with Homeward: ${TEST_PUBLIC_URL}/certificates/${record.certificate_number}`)
  })
})
