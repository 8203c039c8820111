/**
 * Issue 39: the seller signs the TA10 with its optional "Other items" lists left empty, after the
 * "Review and sign" step has shown every answer grouped by section. The fixtures are answered through
 * the API (no list filled); the seller opens a section with a list (it reads "None"), goes to Review
 * and sign, sees each section with its answers and "None" for the empty lists, and signs. Screenshots
 * at 1280 and 390 px; axe on the review.
 */
import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { PropertyFormResponse } from '../src/shared/contracts/property-forms'
import { exampleAnswers } from '../src/shared/domain/property-forms'
import { expectNoAxeViolations, move, person, toast } from './app-helpers'

const SHOTS = 'test-results/screens'
const slow = expect.configure({ timeout: 30_000 })
mkdirSync(SHOTS, { recursive: true })

test('the seller signs the TA10 with empty optional lists after reviewing every answer by section', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const buyer = await person(browser, 'Tia Buyer', 'buyer')
  const seller = await person(browser, 'Tom Tenlist', 'seller')
  const { txId, path } = await move(buyer, [{ who: seller, role: 'seller' }], {
    address: '5 Lime Walk',
    town: 'Harpenden',
    postcode: 'AL5 3BB',
    role: 'buyer',
  })

  const formRes = await seller.request.get(`/api/transactions/${txId}/forms/ta10`)
  expect(formRes.ok()).toBe(true)
  const { model } = (await formRes.json()) as PropertyFormResponse
  const answers = exampleAnswers(model)
  for (const section of model.sections) {
    const res = await seller.request.put(`/api/transactions/${txId}/forms/ta10/sections/${section.key}`, {
      data: { answers },
    })
    expect(res.ok(), await res.text()).toBe(true)
  }
  const lists = model.sections.flatMap((s) => s.questions.flatMap((q) => q.fields)).filter((f) => f.kind === 'repeat')
  expect(lists.length).toBeGreaterThanOrEqual(7)

  const page = seller.page
  // A section with an "Other items" list: empty, and it says that is fine.
  await page.goto(`${path}/forms/ta10?section=fixturesAndFittings.basicFittings`)
  await slow(page.getByRole('heading', { level: 1, name: 'TA10 Fittings and Contents Form' })).toBeVisible()
  await slow(page.getByText('None. Leave this list empty if there is nothing to add.').first()).toBeVisible()

  await page.getByRole('button', { name: 'Review and sign' }).first().click()
  await slow(page.getByRole('heading', { level: 2, name: 'Review and sign' })).toBeVisible()
  await slow(page.getByText('Every required question is answered.')).toBeVisible()
  const review = page.getByTestId('answers-review')
  await slow(review.getByRole('heading', { level: 3, name: 'Your answers' })).toBeVisible()
  // Every section, with its answers, before the signature.
  for (const s of model.sections) {
    await expect(
      review.getByRole('heading', { level: 4, name: new RegExp(s.title.replace(/[()]/g, '.')) }),
    ).toBeVisible()
  }
  const basic = review.getByRole('region', { name: /Basic Fittings/ })
  await expect(basic.getByText('Other items (please specify)')).toBeVisible()
  await expect(basic.getByRole('definition').filter({ hasText: /^None$/ })).toHaveCount(1)
  await expect(review.getByText('Not answered')).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/ta10-review-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: `${SHOTS}/ta10-review-390.png`, fullPage: false })
  await page.setViewportSize({ width: 1280, height: 900 })

  const signForm = page.getByRole('form', { name: 'Sign the form' })
  await signForm.getByLabel('Type your full name to sign').fill('Tom Tenlist')
  await signForm.getByRole('checkbox').check()
  await signForm.getByRole('button', { name: 'Sign the form' }).click()
  await slow(toast(page)).toContainText('Form signed')
  await slow(page.getByText(/Signed by Tom Tenlist on/)).toBeVisible()
  const signed = (await (
    await seller.request.get(`/api/transactions/${txId}/forms/ta10`)
  ).json()) as PropertyFormResponse
  expect(signed.status).toBe('signed')
})
