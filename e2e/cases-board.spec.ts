/**
 * /app/cases, the cases board: the demo conveyancer signs in and lands on the board of her firm's
 * matters (at least 30), filters by SLA status (paused clocks too), side, fee earner and text, switches between the
 * table and the board by stage with the view kept in the URL, and the 390 px layout. Screenshots at
 * 1280 and 390 px in test-results/screens.
 */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations } from './app-helpers'
import { watchConsole } from './public-helpers'

const PRIYA = { email: 'priya.conveyancer@homeward.example', password: 'homeward-demo-2025' }
const SHOTS = 'test-results/screens'

test('the demo conveyancer lands on her cases board, filters and switches views', async ({ page }) => {
  // Many steps, each a round trip; the shared CI machine is slow at times.
  test.setTimeout(180_000)
  const console = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/auth')
  await page.getByLabel('Email', { exact: true }).fill(PRIYA.email)
  await page.getByLabel('Password', { exact: true }).fill(PRIYA.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/cases$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible()

  const rows = page.getByTestId('case-row')
  await expect(rows.first()).toBeVisible()
  expect(await rows.count()).toBeGreaterThanOrEqual(30)
  await expect(
    page.getByText(/^\d+ matters \(\d+ live, \d+ completed(, \d+ cancelled)?\) · you are admin$/),
  ).toBeVisible()
  await expect(rows.filter({ hasText: '12 Clarence Road' })).toContainText('Amelia Clarke')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/cases-table-1280.png`, fullPage: true })

  // SLA: breached only; each row says so and names its clock. The filter is in the URL.
  await page.getByLabel('SLA').selectOption('breached')
  await expect(page).toHaveURL(/sla=breached/)
  await expect(rows.first()).toBeVisible()
  const breached = await rows.count()
  expect(breached).toBeGreaterThan(0)
  for (let i = 0; i < breached; i++) await expect(rows.nth(i)).toContainText('Breached')

  // Paused: clocks whose stage is blocked; each row shows the clock paused.
  await page.getByLabel('SLA').selectOption('paused')
  await expect(page).toHaveURL(/sla=paused/)
  await expect(rows.first()).toBeVisible()
  const paused = await rows.count()
  for (let i = 0; i < paused; i++) await expect(rows.nth(i)).toContainText('paused while its stage is blocked')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/cases-paused-1280.png`, fullPage: true })

  // Side and fee earner narrow it further; clearing brings all back.
  await page.getByLabel('SLA').selectOption('')
  await page.getByLabel('Side').selectOption('seller')
  await expect(page).toHaveURL(/side=seller/)
  await expect(rows.first()).toContainText("Seller's")
  const sellers = await rows.count()
  for (let i = 0; i < sellers; i++) await expect(rows.nth(i)).toContainText("Seller's")
  await page.getByLabel('Side').selectOption('')
  await page.getByLabel('Fee earner').selectOption({ label: 'Daniel Mercer' })
  await expect(rows.first()).toBeVisible()
  const daniels = await rows.count()
  for (let i = 0; i < daniels; i++) await expect(rows.nth(i)).toContainText('Daniel Mercer')
  await page.getByLabel('Fee earner').selectOption('')

  // Free text on the postcode.
  await page.getByLabel('Search address, postcode or client').fill('AL1 4NG')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('12 Clarence Road')
  await page.getByLabel('Search address, postcode or client').fill('')
  await page.getByRole('button', { name: 'Search' }).click()
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(30)

  // Typing narrows the rows as you type, without Search; the text reaches the URL once typing pauses.
  await page.getByLabel('Search address, postcode or client').pressSequentially('clarence')
  await expect(rows).toHaveCount(1)
  await expect(page.getByTestId('cases-shown')).toHaveText('1 matter shown')
  await expect(page).toHaveURL(/[?&]q=clarence/)
  await page.getByLabel('Search address, postcode or client').fill('')
  await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(30)
  await expect(page).not.toHaveURL(/[?&]q=/)

  // The board view: one column per stage, kept in the URL across a reload.
  await page.getByRole('button', { name: 'Board' }).click()
  await expect(page).toHaveURL(/view=board/)
  await expect(page.getByRole('region', { name: 'Searches' })).toBeVisible()
  expect(await page.getByTestId('case-card').count()).toBeGreaterThanOrEqual(30)
  await page.reload()
  await expect(page.getByRole('button', { name: 'Board' })).toHaveAttribute('aria-pressed', 'true')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/cases-board-1280.png`, fullPage: true })

  // 390 px: the filters stack, the table becomes one card per matter, nothing scrolls sideways.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('button', { name: 'Table' }).click()
  const items = page.getByTestId('case-item')
  await expect(items.first()).toBeVisible()
  expect(await items.count()).toBeGreaterThanOrEqual(30)
  await expect(rows.first()).toBeHidden()
  const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(pageWidth).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/cases-table-390.png`, fullPage: true })
  await page.getByRole('button', { name: 'Board' }).click()
  await page.screenshot({ path: `${SHOTS}/cases-board-390.png` })

  // Opening a matter goes to its workspace.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.getByRole('button', { name: 'Table' }).click()
  await rows
    .filter({ hasText: '12 Clarence Road' })
    .getByRole('link', { name: /12 Clarence Road/ })
    .click()
  await expect(page).toHaveURL(/\/app\/transactions\//)
  console.check([/status of 401/])
})

test('a buyer keeps the move cards: /app/home does not send them to the board', async ({ page }) => {
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'amelia.buyer@homeward.example', password: 'homeward-demo-2025' },
  })
  expect(res.ok()).toBe(true)
  await page.goto('/app/home')
  await expect(page.getByRole('heading', { level: 1, name: 'Your Transactions' })).toBeVisible()
  await expect(page).toHaveURL(/\/app\/home$/)
})
