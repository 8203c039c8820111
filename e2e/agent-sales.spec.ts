/**
 * An estate agent starts their own work (issue 40 item 1): a new agent lands on the portfolio's empty
 * state, creates a sale at SSTC with the seller invited to Homeward, the buyer and the buyer's
 * conveyancer recorded off it and the seller's conveyancer recorded too; fills the memorandum of sale
 * form, previews it, sends it, and both conveyancers receive it in the local outbox (the task ticks);
 * chases the buyer about an open step; edits the weekly update and sends it; sees the chain view.
 * Screenshots in test-results/screens; axe on each page.
 */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, person, toast, uniqueEmail } from './app-helpers'
import { inviteToken, mailMatch } from './mail-helpers'

const SHOTS = 'test-results/screens'

test('a new agent creates a sale at SSTC, issues the memorandum to both conveyancers and sends an edited weekly update', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const agent = await person(browser, 'Avery Agent', 'agent')
  const seller = await person(browser, 'Sana Seller', 'seller')
  const buyerEmail = uniqueEmail('ben')
  const sellerFirm = uniqueEmail('priya')
  const buyerFirm = uniqueEmail('rowe')
  try {
    const { page } = agent
    await page.goto('/app/portfolio')
    await expect(page.getByText('No live sales yet.')).toBeVisible()
    await expect(page.getByText('Sales appear here once a seller invites you')).toHaveCount(0)
    await page.getByRole('link', { name: 'Create a sale at SSTC' }).click()
    await expect(page).toHaveURL(/\/app\/portfolio\/new$/)
    await expect(page.getByRole('heading', { level: 1, name: 'New sale at SSTC' })).toBeVisible()

    await page.getByLabel('Address line 1').fill('27 Fishpool Street')
    await page.getByLabel('Town or city').fill('St Albans')
    await page.getByLabel('Postcode', { exact: true }).fill('AL3 4RS')
    await page.getByLabel('Agreed price (£)').fill('485000')
    await page.getByRole('radio', { name: 'Freehold' }).check()
    await page.getByLabel("Seller's full name").fill(seller.name)
    await page.getByLabel("Seller's email").fill(seller.email)
    await page.getByLabel("Buyer's full name").fill('Ben Okafor')
    await page.getByLabel("Buyer's email").fill(buyerEmail)
    await page.getByRole('checkbox', { name: /Invite the buyer to Homeward now/ }).uncheck()
    await page.getByRole('radio', { name: 'Has a sale to complete' }).check()
    await page.getByLabel("Seller's conveyancer: firm").fill('Shah Mercer Property Lawyers')
    await page.getByLabel("Seller's conveyancer: person acting").fill('Priya Shah')
    await page.getByLabel("Seller's conveyancer: email").fill(sellerFirm)
    await page.getByLabel("Buyer's conveyancer: firm").fill('Rowe & Co Solicitors')
    await page.getByLabel("Buyer's conveyancer: email").fill(buyerFirm)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/agent-new-sale-1280.png`, fullPage: true })
    await page.getByRole('button', { name: 'Create sale' }).click()
    await expect(toast(page)).toContainText('Sale created at SSTC')
    await expect(page).toHaveURL(/\/app\/portfolio$/)

    const sale = page.getByTestId('portfolio-sale').filter({ hasText: '27 Fishpool Street' })
    await expect(sale).toContainText('Has a sale to complete')
    await expect(sale).toContainText(`${seller.name} · Ben Okafor`)

    // The seller was invited by email and joins.
    const token = await inviteToken(page.request, seller.email)
    const accepted = await seller.request.post(`/api/invitations/${token}/accept`, { data: {} })
    expect(accepted.ok(), await accepted.text()).toBe(true)

    // A one-click chaser to whoever holds an open step (the buyer, off Homeward, about the DIP).
    const waiting = sale.getByRole('list', { name: /Steps 27 Fishpool Street is waiting on/ })
    await waiting.getByRole('button', { name: /^Chase the buyer: Mortgage decision in principle/ }).click()
    await expect(toast(page)).toContainText('Chaser sent')
    await expect(waiting).toContainText('Chased ')
    await mailMatch(page.request, buyerEmail, /is chasing this step/)

    // The memorandum: the form prefilled from the sale, a preview, then sent.
    await sale.getByRole('button', { name: 'Issue memorandum of sale' }).click()
    const memo = page.getByRole('dialog', { name: 'Memorandum of sale: 27 Fishpool Street' })
    await expect(memo.getByLabel("The buyer's position")).toHaveValue('sale_to_complete')
    await memo.getByLabel('How the buyer is paying').selectOption('mortgage')
    await memo.getByLabel('Special conditions (optional)').fill('Completion to coincide with the buyer’s sale.')
    const recipients = memo.getByRole('list', { name: 'Memorandum recipients' })
    await expect(recipients).toContainText(`Priya Shah, Shah Mercer Property Lawyers (${sellerFirm})`)
    await expect(recipients).toContainText(buyerFirm)
    await expect(memo).toContainText('will be ticked')
    await memo.getByRole('button', { name: 'Preview memorandum' }).click()
    const preview = memo.getByRole('article', { name: 'Memorandum preview' })
    await expect(preview).toContainText('Agreed price: £485,000')
    await expect(preview).toContainText('Position: Has a sale to complete')
    await expect(preview).toContainText('Funding: Mortgage (with a deposit)')
    await expect(preview).toContainText('Rowe & Co Solicitors')
    await expect(preview).toContainText('Completion to coincide')
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/agent-memorandum-preview-1280.png`, fullPage: true })
    await memo.getByRole('button', { name: 'Send memorandum of sale' }).click()
    await expect(toast(page)).toContainText('Memorandum of sale sent')
    await expect(sale.getByRole('button', { name: 'Issue memorandum of sale again' })).toBeVisible()
    // Both conveyancers (off Homeward) receive it with the PDF, and so do the seller and the buyer.
    await mailMatch(page.request, sellerFirm, /You receive it as the seller's conveyancer/)
    await mailMatch(page.request, buyerFirm, /You receive it as the buyer's conveyancer/)
    await mailMatch(page.request, buyerFirm, /attached as "Memorandum of sale\.pdf"/)
    await mailMatch(page.request, seller.email, /Memorandum of sale\.pdf", version 1/)
    await mailMatch(page.request, buyerEmail, /You receive it as the buyer/)

    // The weekly update, edited before sending.
    await sale.getByRole('button', { name: 'Weekly update' }).click()
    const weekly = page.getByRole('dialog', { name: 'Weekly update: 27 Fishpool Street' })
    const text = weekly.getByLabel('Email text')
    await expect(text).toHaveValue(/Hello Sana Seller/)
    await expect(text).not.toHaveValue(/the your/)
    await text.fill(`${await text.inputValue()}\n\nPS: the buyer's sale is moving well; I will call you on Thursday.`)
    await expect(weekly.getByLabel('Email preview')).toContainText('I will call you on Thursday')
    await expect(weekly).toContainText('Preview (edited)')
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/agent-weekly-update-edit-1280.png`, fullPage: true })
    await weekly.getByRole('button', { name: "Send this week's update now" }).click()
    await expect(toast(page)).toContainText("This week's update is sent")
    await mailMatch(page.request, seller.email, /I will call you on Thursday/)
    await weekly.getByRole('button', { name: 'Close' }).first().click()

    // The chain view across the portfolio.
    await page.getByRole('link', { name: 'Chains' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Chains' })).toBeVisible()
    const chain = page.getByTestId('portfolio-chain').filter({ hasText: '27 Fishpool Street' })
    await expect(chain).toContainText("The buyer's own sale is not linked on Homeward")
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/agent-chains-1280.png`, fullPage: true })

    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/app/portfolio')
    await expect(sale).toBeVisible()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await page.screenshot({ path: `${SHOTS}/agent-portfolio-390.png`, fullPage: true })
    agent.console.check()
  } finally {
    await agent.close()
    await seller.close()
  }
})
