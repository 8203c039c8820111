/**
 * Each trade's demo account signs in and sees a working day (issue 40 item 4; the seed's
 * demo-*.ts files): the conveyancer's cases board with clocks breached, the estate agent's sales at
 * SSTC and a weekly update to send to a seller off Homeward, the broker's clients before an offer
 * and the surveyor's week with a report ready to release and a payout statement. Screenshots of each.
 */
import { expect, test } from '@playwright/test'
import { signInByRequest } from './app-helpers'

// The demo's pages carry the most data of any account: give the first paint time on a busy machine.
test.use({ navigationTimeout: 60_000 })
const FIRST = { timeout: 45_000 }

const SHOTS = 'test-results/screens'
const PASSWORD = 'homeward-demo-2025'

test("the conveyancer sees her firm's matters with clocks breached", async ({ page }) => {
  await signInByRequest(page.request, { email: 'priya.conveyancer@homeward.example', password: PASSWORD })
  await page.goto('/app/cases')
  await expect(page.getByText(/\d+ matters \(\d+ live/)).toBeVisible(FIRST)
  await expect(page.getByRole('table').getByText('Breached', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('table').getByText('Due soon', { exact: true }).first()).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/demo-day-conveyancer.png`, fullPage: true })
})

test('the conveyancer sees enquiries awaiting replies, a reply to review and a manual identity review', async ({
  page,
}) => {
  await signInByRequest(page.request, { email: 'priya.conveyancer@homeward.example', password: PASSWORD })
  await page.goto('/app')
  await expect(page.getByRole('heading').first()).toBeVisible(FIRST)
  await page.screenshot({ path: `${SHOTS}/demo-day-conveyancer-dashboard.png`, fullPage: true })
  // The matter of her client in manual review (the seed's demo-conveyancer-day.ts).
  const board = await page.request.get('/api/cases?q=Olivia%20Bennett')
  expect(board.ok()).toBe(true)
  const { rows } = (await board.json()) as { rows: { transaction_id: string }[] }
  expect(rows).toHaveLength(1)
  const txId = rows[0].transaction_id
  await page.goto(`/app/transactions/${txId}?tab=documents&view=enquiries`)
  await expect(page.getByText(/FENSA certificate/).first()).toBeVisible(FIRST)
  await expect(page.getByText(/last boiler service/).first()).toBeVisible()
  await expect(page.getByText('Answered', { exact: true }).first()).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/demo-day-conveyancer-enquiries.png`, fullPage: true })
  await page.goto(`/app/transactions/${txId}`)
  await page.getByRole('link', { name: 'Open due diligence' }).first().click()
  await expect(page.getByRole('heading', { name: 'Manual review' })).toBeVisible(FIRST)
  await page.screenshot({ path: `${SHOTS}/demo-day-conveyancer-review.png`, fullPage: true })
})

test("the estate agent sees five sales at SSTC and a seller off Homeward in this week's update", async ({ page }) => {
  await signInByRequest(page.request, { email: 'jordan.agent@homeward.example', password: PASSWORD })
  await page.goto('/app/portfolio')
  await expect(page.getByText('5 live sales')).toBeVisible(FIRST)
  for (const address of ['14 Holywell Hill', '8 Fishpool Street', '3 Gombards', '61 Marshalswick Lane'])
    await expect(page.getByText(address).first()).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/demo-day-agent.png`, fullPage: true })
  const sale = page.getByTestId('portfolio-sale').filter({ hasText: '3 Gombards' })
  await sale.getByRole('button', { name: 'Weekly update' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Samir Qureshi (samir.qureshi@example.com)')).toBeVisible()
  await expect(dialog.getByText('not on Homeward: by email')).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/demo-day-agent-update.png` })
})

test('the broker sees clients before an offer beside his pipeline', async ({ page }) => {
  await signInByRequest(page.request, { email: 'marcus.broker@homeward.example', password: PASSWORD })
  await page.goto('/app/pipeline')
  await expect(page.getByText('Rhys and Isla Morgan').first()).toBeVisible(FIRST)
  await expect(page.getByText('Sophie Lloyd').first()).toBeVisible()
  await expect(page.getByText('Amara Osei').first()).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/demo-day-broker.png`, fullPage: true })
})

test('the surveyor sees his week, a report ready to release and his payout statement', async ({ page }) => {
  await signInByRequest(page.request, { email: 'oliver.surveyor@homeward.example', password: PASSWORD })
  await page.goto('/app/schedule')
  // This week and the next: visits booked and paid, their payouts held until each report is released.
  await expect(page.getByText('Held until the report is released').first()).toBeVisible(FIRST)
  await expect(page.getByText('Payout statement').first()).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/demo-day-surveyor.png`, fullPage: true })
  // The visit two working days ago has its report uploaded and ready to release (last week when today is early in the week).
  const ready = page.getByText(/ready to release/i).first()
  if (!(await ready.isVisible())) await page.getByRole('button', { name: 'Previous' }).click()
  await expect(ready).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/demo-day-surveyor-ready.png`, fullPage: true })
})
