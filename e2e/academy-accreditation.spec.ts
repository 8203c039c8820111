/**
 * Academy Lite and accreditation as a professional sees them: the demo conveyancer passes a course
 * and downloads its certificate, sees the onboarding checklist, opens the firm's Accreditation page
 * with the gap to the next tier, and finds the firm's card in the marketplace showing the tier and
 * figures the engine computed (compared with the directory API); a surveyor's card shows surveyors'
 * figures. Screenshots at 1280 and 390 px.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type Browser } from '@playwright/test'
import type { DirectoryOrganization, DirectoryResponse } from '../src/shared/contracts/directory'
import { findCourse } from '../src/shared/domain/academy-courses'
import { expectNoAxeViolations, newBrowser, signInByRequest } from './app-helpers'

const SHOTS = 'test-results/screens'
const PRIYA = { email: 'priya.conveyancer@homeward.example', password: 'homeward-demo-2025' }
const FIRM = 'Shah Mercer Property Lawyers'

async function asPriya(browser: Browser, width: number) {
  const session = await newBrowser(browser, { width, acceptDownloads: true })
  await signInByRequest(session.context.request, PRIYA)
  return session
}

test.describe.configure({ mode: 'serial' })

test('the demo conveyancer passes a course and downloads its certificate', async ({ browser }) => {
  const { context, page, console } = await asPriya(browser, 1280)
  const course = findCourse('conveyancing-protocol-stages')!
  await page.goto('/app/academy')
  await expect(page.getByRole('heading', { name: 'Academy Lite', level: 1 })).toBeVisible()
  await expect(page.getByTestId('onboarding-checklist')).toContainText(`Getting ${FIRM} started`)
  await expect(page.getByTestId('cpd-total')).toContainText('0 minutes')
  await page.screenshot({ path: `${SHOTS}/academy-list-1280.png`, fullPage: true })
  await page.getByRole('link', { name: course.title }).click()
  await expect(page.getByRole('heading', { name: course.title, level: 1 })).toBeVisible()
  await expect(page.getByRole('heading', { name: `1. ${course.lessons[0].title}` })).toBeVisible()
  await page.getByRole('link', { name: 'Take the quiz' }).click()
  // The questions come in a shuffled order (they are picked by name below, never by position).
  // First a fail: every answer wrong.
  for (const q of course.questions) {
    await page
      .getByRole('group', { name: q.prompt })
      .getByRole('radio', { name: q.options[(q.answer + 1) % q.options.length], exact: true })
      .check()
  }
  await page.getByRole('button', { name: 'Submit answers' }).click()
  await expect(page.getByRole('heading', { name: 'Not passed this time' })).toBeVisible()
  // A failed attempt says which answers were wrong, never the right ones.
  const failed = page.getByTestId('quiz-result')
  await expect(page.getByTestId('quiz-question-result')).toHaveCount(course.questions.length)
  await expect(failed).not.toContainText('the answer is')
  for (const q of course.questions) await expect(failed).not.toContainText(q.explanation)
  await page.screenshot({ path: `${SHOTS}/academy-quiz-failed-1280.png`, fullPage: true })
  await page.getByRole('button', { name: 'Try again' }).click()
  for (const q of course.questions) {
    await page
      .getByRole('group', { name: q.prompt })
      .getByRole('radio', { name: q.options[q.answer], exact: true })
      .check()
  }
  await page.screenshot({ path: `${SHOTS}/academy-quiz-1280.png`, fullPage: true })
  await page.getByRole('button', { name: 'Submit answers' }).click()
  await expect(page.getByRole('heading', { name: 'Passed' })).toBeVisible()
  await expect(page.getByTestId('quiz-result')).toContainText('40 minutes of CPD recorded')
  await page.screenshot({ path: `${SHOTS}/academy-result-1280.png`, fullPage: true })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Download certificate (PDF)' }).click(),
  ])
  expect(download.suggestedFilename()).toMatch(/^HW-CPD-[0-9A-F]{10}\.pdf$/)
  const bytes = await readFile((await download.path())!)
  expect(bytes.subarray(0, 5).toString()).toBe('%PDF-')
  // Anyone can check the certificate on its public page, rendered by the server (decision 068).
  const number = download.suggestedFilename().replace(/\.pdf$/, '')
  const visitor = await browser.newContext({ javaScriptEnabled: false })
  const check = await visitor.newPage()
  const answer = await check.goto(`/certificates/${number}`)
  expect(answer?.status()).toBe(200)
  await expect(check.getByTestId('certificate-check')).toContainText('This certificate is genuine')
  await expect(check.getByTestId('certificate-check')).toContainText('Priya Shah')
  await expect(check.getByTestId('certificate-check')).toContainText(course.title)
  await expect(check.getByTestId('certificate-check')).toContainText('40 minutes')
  await expect(check.getByTestId('certificate-check')).not.toContainText('@')
  await check.screenshot({ path: `${SHOTS}/certificate-check-1280.png`, fullPage: true })
  expect((await check.goto('/certificates/HW-CPD-0000000000'))?.status()).toBe(404)
  await expect(check.getByTestId('certificate-missing')).toContainText('No certificate has this number')
  await visitor.close()
  await page.goto('/app/academy')
  await expect(page.getByTestId('cpd-total')).toContainText('40 minutes')
  await expectNoAxeViolations(page)
  console.check()
  await context.close()
})

test('the Accreditation page shows each criterion and the gap to the next tier', async ({ browser }) => {
  for (const width of [1280, 390]) {
    const { context, page, console } = await asPriya(browser, width)
    await page.goto('/app/accreditation')
    await expect(page.getByRole('heading', { name: 'Accreditation', level: 1 })).toBeVisible()
    await expect(page.getByTestId('current-tier')).toHaveText('Gold')
    const gap = page.getByTestId('next-tier-gap')
    await expect(gap).toContainText('What Platinum still needs')
    await expect(gap).toContainText('3 days faster on average')
    // Measured from the firm's closed SLA clocks (the demo firm meets them).
    await expect(page.getByTestId('criterion-silver-sla')).toContainText(/Met\s*·\s*\d+(\.\d)?%/)
    await expect(page.getByTestId('criterion-gold-avg_days')).toContainText('Met')
    await expect(page.getByTestId('criterion-platinum-avg_days')).toContainText('Not met')
    await page.screenshot({ path: `${SHOTS}/accreditation-${width}.png`, fullPage: true })
    if (width === 1280) await expectNoAxeViolations(page)
    console.check()
    await context.close()
  }
})

test('a marketplace card shows the tier and figures the engine computed, in each trade’s terms', async ({
  page,
  request,
}) => {
  const directory = ((await (await request.get('/api/organizations')).json()) as DirectoryResponse).organizations
  const firm = directory.find((o) => o.name === FIRM)!
  expect(firm.accreditation_tier).toBe('gold')
  expect(firm.accreditation_metrics[0]).toMatchObject({ tier: 'gold', avg_days: 58 })
  const surveyor = directory.find(
    (o): o is DirectoryOrganization =>
      o.type === 'survey' && (o.accreditation_metrics[0]?.reports_on_time_rate ?? null) !== null,
  )!
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await page.goto(`/marketplace?q=${encodeURIComponent('Shah Mercer')}`)
    const card = page.getByTestId('organization-card').filter({ hasText: FIRM })
    await expect(card).toContainText('Gold')
    await expect(card).toContainText('58 days')
    await expect(card).toContainText('Avg completion')
    await page.screenshot({ path: `${SHOTS}/marketplace-engine-tier-${width}.png`, fullPage: false })
  }
  await page.goto(`/marketplace?q=${encodeURIComponent(surveyor.name)}`)
  const card = page.getByTestId('organization-card').filter({ hasText: surveyor.name })
  await expect(card).toContainText('Reports on time')
  await expect(card).toContainText('Days to report')
  await expect(card).not.toContainText('Avg completion')
})

test('the academy and quiz at 390 px', async ({ browser }) => {
  const { context, page, console } = await asPriya(browser, 390)
  await page.goto('/app/academy')
  await expect(page.getByRole('heading', { name: 'Academy Lite', level: 1 })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/academy-list-390.png`, fullPage: true })
  await page.goto('/app/academy/pg81-identity-evidence/quiz')
  await expect(page.getByRole('heading', { name: 'Quiz' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/academy-quiz-390.png`, fullPage: true })
  console.check()
  await context.close()
})
