/**
 * An estate agent's portfolio (/app/portfolio): the demo agent, Jordan Hale, signs in and lands on
 * it; the stalled sale (14 Holywell Hill) is first with its reasons in words; the risk filter; the
 * weekly update's preview and 'Send this week's update now' puts it in the local outbox for the
 * demo seller. A new agent signed up through the API lands on the portfolio too, gets a seller's
 * sale by invitation and issues its memorandum of sale (saved to Contracts, emailed to the seller).
 * An agent with more sales than a page pages the portfolio by keyboard (?page=2 in the URL).
 * Screenshots at 1280 and 390 px in test-results/screens; axe on each.
 */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, move, person, toast } from './app-helpers'
import { mailMatch } from './mail-helpers'
import { watchConsole } from './public-helpers'

const JORDAN = { email: 'jordan.agent@homeward.example', password: 'homeward-demo-2025' }
const TOM = 'tom.seller@homeward.example'
const SHOTS = 'test-results/screens'

test('the demo agent sees the stalled sale first with its reasons and sends the weekly update', async ({ page }) => {
  test.setTimeout(120_000)
  const console = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/auth')
  await page.getByLabel('Email', { exact: true }).fill(JORDAN.email)
  await page.getByLabel('Password', { exact: true }).fill(JORDAN.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/portfolio$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Portfolio' })).toBeVisible()

  const sales = page.getByTestId('portfolio-sale')
  await expect(sales).toHaveCount(5)
  const first = sales.first()
  await expect(first.getByRole('heading', { level: 2 })).toHaveText('14 Holywell Hill')
  await expect(first).toContainText(/High risk · \d+\/100/)
  const reasons = first.getByRole('list', { name: /Why 14 Holywell Hill is high risk/ }).getByRole('listitem')
  await expect(reasons.nth(0)).toHaveText(/^Searches blocked for \d+ days$/)
  await expect(reasons.nth(1)).toHaveText(/^No progress for \d+ days$/)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/portfolio-1280.png`, fullPage: true })

  // The risk filter, kept in the URL.
  await page.getByLabel('Risk', { exact: true }).selectOption('high')
  await expect(page).toHaveURL(/band=high/)
  await expect(sales).toHaveCount(1)
  await page.getByLabel('Risk', { exact: true }).selectOption('')
  await expect(sales).toHaveCount(5)

  // The weekly update of the demo move: preview, then send this week's now.
  const demo = sales.filter({ hasText: '12 Clarence Road' })
  await demo.getByRole('button', { name: 'Weekly update' }).click()
  const dialog = page.getByRole('dialog', { name: 'Weekly update: 12 Clarence Road' })
  const preview = dialog.getByLabel('Email preview')
  await expect(preview).toContainText('Hello Tom Whitfield')
  await expect(preview).toContainText('What moved this week')
  await expect(preview).toContainText('Searches is on hold')
  await expect(preview).toContainText('Who is waiting on whom')
  await expect(dialog).toContainText(`Tom Whitfield (${TOM})`)
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: "Send this week's update now" }).click()
  await expect(toast(page)).toContainText("This week's update is sent")
  await expect(dialog).toContainText('sent this week')
  await expect(dialog.getByRole('button', { name: "Send this week's update now" })).toBeDisabled()
  await mailMatch(page.request, TOM, /this week's update on the sale of 12 Clarence Road/)
  await dialog.getByRole('button', { name: 'Close' }).first().click()

  await page.setViewportSize({ width: 390, height: 844 })
  await expect(first.getByRole('heading', { level: 2 })).toHaveText('14 Holywell Hill')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/portfolio-390.png`, fullPage: true })
  // The sign-in page asks who is signed in first: 401 before signing in.
  console.check([/status of 401/])
})

test('a new agent lands on the portfolio and issues the memorandum of sale', async ({ browser }) => {
  test.setTimeout(120_000)
  const agent = await person(browser, 'Avery Agent', 'agent', { width: 390 })
  const seller = await person(browser, 'Sana Seller', 'seller')
  try {
    const { page } = agent
    await page.goto('/app/home')
    await expect(page).toHaveURL(/\/app\/portfolio$/)
    await expect(page.getByText('No live sales yet.')).toBeVisible()

    await move(seller, [{ who: agent, role: 'estate_agent' }], {
      role: 'seller',
      address: '9 Verulam Road',
      postcode: 'AL3 4DH',
    })
    await page.reload()
    const sale = page.getByTestId('portfolio-sale').filter({ hasText: '9 Verulam Road' })
    await expect(sale).toContainText('Low risk · 0/100')
    // The memorandum is a form (decision 066): the buyer's position and funding, then a preview, then sent.
    await sale.getByRole('button', { name: 'Issue memorandum of sale' }).click()
    const memo = page.getByRole('dialog', { name: 'Memorandum of sale: 9 Verulam Road' })
    await memo.getByLabel("The buyer's position").selectOption('first_time_buyer')
    await memo.getByLabel('How the buyer is paying').selectOption('cash')
    await memo.getByRole('button', { name: 'Preview memorandum' }).click()
    await expect(memo.getByRole('article', { name: 'Memorandum preview' })).toContainText('9 Verulam Road')
    await memo.getByRole('button', { name: 'Send memorandum of sale' }).click()
    await expect(toast(page)).toContainText('Memorandum of sale sent')
    // No conveyancer is recorded on this sale: it reached the seller only, so its task stays open.
    await expect(toast(page)).toContainText('so its task stays open')
    await expect(sale.getByRole('button', { name: 'Issue memorandum of sale', exact: true })).toBeVisible()
    await mailMatch(page.request, seller.email, /Memorandum of sale\.pdf", version 1/)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/portfolio-new-agent-390.png`, fullPage: true })
    agent.console.check()
  } finally {
    await agent.close()
    await seller.close()
  }
})

test('an agent with more sales than a page pages the portfolio by keyboard', async ({ browser }) => {
  test.setTimeout(240_000)
  const agent = await person(browser, 'Pia Pages', 'agent', { width: 390 })
  try {
    for (let i = 1; i <= 27; i++) {
      const res = await agent.request.post('/api/portfolio/sales', {
        data: {
          address_line_1: `${i} Paging Parade`,
          town: 'St Albans',
          postcode: 'AL1 1PG',
          agreed_price: 400_000 + i,
          tenure: 'freehold',
          buyer_position: 'first_time_buyer',
          seller: { name: `Seller ${i}`, email: `pager-seller-${i}-${Date.now()}@example.com`, on_homeward: false },
          buyer: { name: `Buyer ${i}`, email: `pager-buyer-${i}-${Date.now()}@example.com`, on_homeward: false },
        },
      })
      expect(res.status(), await res.text()).toBe(201)
    }
    const { page } = agent
    await page.goto('/app/portfolio')
    const sales = page.getByTestId('portfolio-sale')
    await expect(sales).toHaveCount(25)
    await expect(page.getByText(/^27 live sales · 0 high risk · 0 medium · 27 low$/)).toBeVisible()
    const pages = page.getByRole('navigation', { name: 'Pages of sales' })
    await expect(pages.getByTestId('page-range')).toHaveText('Showing 1–25 of 27')
    await expect(pages).toContainText('Page 1 of 2')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectNoAxeViolations(page)

    await pages.getByRole('button', { name: 'Next page of sales' }).focus()
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/[?&]page=2/)
    await expect(pages.getByTestId('page-range')).toHaveText('Showing 26–27 of 27')
    await expect(sales).toHaveCount(2)
    await expect(page.getByRole('list', { name: 'Sales, riskiest first' })).toBeFocused()
    await page.screenshot({ path: `${SHOTS}/portfolio-paged-390.png`, fullPage: true })

    // A filter starts again from the first page; the counts stay those of every sale.
    await page.getByLabel('Risk', { exact: true }).selectOption('low')
    await expect(page).not.toHaveURL(/page=2/)
    await expect(pages.getByTestId('page-range')).toHaveText('Showing 1–25 of 27')
    await page.getByLabel('Risk', { exact: true }).selectOption('high')
    await expect(page.getByText('No sales match these filters.')).toBeVisible()
    await expect(page.getByText(/^27 live sales · 0 high risk/)).toBeVisible()

    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/app/portfolio?page=2')
    await expect(sales).toHaveCount(2)
    await page.screenshot({ path: `${SHOTS}/portfolio-paged-1280.png`, fullPage: true })
    agent.console.check()
  } finally {
    await agent.close()
  }
})
