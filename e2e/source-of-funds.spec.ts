/**
 * Source of funds end to end: the buyer connects a bank in the sandbox (the sandbox bank's consent
 * page, the signed webhook), sees the funding picture with SDLT, explains the large credit and
 * claims first-time buyer relief; the buyer's conveyancer marks the funds satisfied and the timeline
 * task ticks itself; the seller cannot see the buyer's bank data (page and API). Screenshots at 1280
 * and 390 px; axe on each page.
 */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, move, person, toast } from './app-helpers'

const SHOTS = 'test-results/screens'
const TASK = 'Source of funds and source of wealth evidence provided'

test('the buyer connects a bank; the conveyancer marks funds satisfied; the seller sees nothing', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const seller = await person(browser, 'Sam Seller', 'seller')
  const { txId, path } = await move(
    buyer,
    [
      { who: conveyancer, role: 'buyer_conveyancer' },
      { who: seller, role: 'seller' },
    ],
    { address: '12 Funding Way', postcode: 'AL5 2JQ', agreed_price: 350000 },
  )

  // The buyer opens the page from the move's Overview.
  const page = buyer.page
  await page.goto(path)
  await page.getByRole('link', { name: 'Open source of funds' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Source of funds' })).toBeVisible()
  await expect(page.getByTestId('funds-status')).toHaveText('Not started')
  await expect(page.getByTestId('funds-sdlt')).toHaveText('£7,500.00')

  // Connect Windfall Bank in the sandbox: its consent page says Sandbox; allowing brings the accounts back.
  await page.getByLabel('Connect your bank').selectOption({ label: 'Windfall Bank' })
  await page.getByRole('button', { name: 'Connect bank' }).click()
  await expect(page).toHaveURL(/\/sandbox\/open-banking\/authorise/)
  await expect(page.getByText('Sandbox: not a real bank')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'Windfall Bank' })).toBeVisible()
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/sandbox-bank-${width}.png`, fullPage: true })
  }
  await page.getByRole('button', { name: 'Allow access' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/transactions/${txId}/funds$`))
  await expect(page.getByText('Easy Saver', { exact: true })).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('funds-status')).toHaveText('In progress')
  await expect(page.getByTestId('funds-issues')).toContainText('1 large credit has no source yet')

  // Explain the £15,000 credit, claim first-time buyer relief and state the mortgage.
  await page.getByLabel('Where did this money come from?').fill('A gift from my aunt, Jane Smith')
  await page.getByRole('button', { name: 'Save explanation' }).click()
  await expect(toast(page)).toContainText('Explanation saved')
  await page.getByLabel('Every buyer is a first-time buyer and this will be your main home').check()
  await page.getByLabel('Mortgage (£)').fill('280,000')
  await page.getByLabel('Fees (£)').fill('2,500')
  await page.getByRole('button', { name: 'Save answers' }).click()
  await expect(page.getByTestId('funds-sdlt')).toHaveText('£2,500.00')
  await expect(page.getByTestId('funds-needed')).toHaveText('£355,000.00')
  await expect(page.getByTestId('funds-balance')).toContainText('Covered')
  await expect(page.getByTestId('funds-status')).toHaveText('Needs review')
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/source-of-funds-${width}.png`, fullPage: true })
  }

  // The seller's side cannot see the buyer's bank data: the API answers 404, the page says so.
  const denied = await seller.request.get(`/api/transactions/${txId}/funds`)
  expect(denied.status()).toBe(404)
  expect(await denied.text()).not.toContain('Easy Saver')
  await seller.page.goto(`/app/transactions/${txId}/funds`)
  await expect(seller.page.getByRole('alert')).toContainText('could not be loaded')
  await expect(seller.page.getByText('Easy Saver')).toHaveCount(0)

  // The conveyancer sees the picture and the explanation, and marks the funds satisfied.
  const cp = conveyancer.page
  await cp.goto(`/app/transactions/${txId}/funds`)
  await expect(cp.getByText('A gift from my aunt, Jane Smith')).toBeVisible()
  await cp.getByRole('button', { name: 'Mark satisfied' }).click()
  await expect(toast(cp)).toContainText('Source of funds marked satisfied')
  await expect(cp.getByTestId('funds-status')).toHaveText('Verified')
  await expectNoAxeViolations(cp)
  await cp.setViewportSize({ width: 390, height: 844 })
  await cp.screenshot({ path: `${SHOTS}/source-of-funds-conveyancer-390.png`, fullPage: true })

  // The timeline task ticked itself.
  const detail = (await (await buyer.request.get(`/api/transactions/${txId}`)).json()) as {
    timeline_stages: { tasks: { title: string; status: string }[] }[]
  }
  const task = detail.timeline_stages.flatMap((s) => s.tasks).find((t) => t.title === TASK)
  expect(task?.status).toBe('completed')
  await page.reload()
  await expect(page.getByText(/marked the source of funds satisfied/)).toBeVisible()
  // On the timeline the task is done, with no checkbox: it says how it ticks itself.
  await page.goto(`${path}?tab=timeline`)
  const instruction = page
    .getByTestId('stage-card')
    .filter({ has: page.getByRole('heading', { name: 'Instruction & ID checks', exact: true }) })
  await instruction.getByRole('button', { name: /See all \d+ tasks/ }).click()
  const row = instruction.getByTestId('task-row').filter({ hasText: TASK })
  await expect(row).toHaveAttribute('data-done', 'true')
  await expect(row.getByTestId('self-ticking-note')).toContainText('Ticks itself')
  await expect(row.getByRole('checkbox')).toHaveCount(0)

  for (const p of [buyer, conveyancer, seller]) await p.close()
})
