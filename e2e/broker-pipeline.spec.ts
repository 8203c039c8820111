/**
 * The mortgage broker's workbench in Chromium. A buyer invites a new broker to their move and shares
 * a DIP and a payslip (uploads); the broker's /app/home opens the pipeline, the broker saves a fact
 * find (affordability range, not advice), records a DIP (the move's DIP task then shows its lender
 * and expiry) and downloads the lender pack, whose ZIP is opened here; a pack with a document of
 * another move is refused naming the rule (the fact find is on the client record, started from the case). The demo broker Marcus Reid sees his pipeline at work.
 * Screenshots at 1280 and 390 px in test-results/screens; axe on every page.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { unzip } from '../src/server/test/unzip'
import { createMove, expectNoAxeViolations, makePdf, person, signInByRequest } from './app-helpers'
import { inviteToken } from './mail-helpers'

const SHOTS = 'test-results/screens'
const MARCUS = { email: 'marcus.broker@homeward.example', password: 'homeward-demo-2025' }

test('a broker records a DIP and downloads the lender pack', async ({ browser }) => {
  test.setTimeout(180_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const broker = await person(browser, 'Brook Broker', 'broker', { acceptDownloads: true })
  const { txId, path } = await createMove(buyer.request, {
    address: '8 Kiln Lane',
    town: 'Harpenden',
    postcode: 'AL5 2NJ',
  })
  const invited = await buyer.request.post(`/api/transactions/${txId}/invitations`, {
    data: { email: broker.email, role: 'mortgage_broker' },
  })
  expect(invited.ok(), await invited.text()).toBe(true)
  const accepted = await broker.request.post(
    `/api/invitations/${await inviteToken(buyer.request, broker.email)}/accept`,
    {
      data: {},
    },
  )
  expect(accepted.ok(), await accepted.text()).toBe(true)
  const upload = async (folder: string, filename: string, text: string) => {
    const res = await buyer.request.post(`/api/transactions/${txId}/documents?folder=${folder}&filename=${filename}`, {
      headers: { 'content-type': 'application/octet-stream' },
      data: await makePdf(text),
    })
    expect(res.status(), await res.text()).toBe(201)
    return ((await res.json()) as { id: string }).id
  }
  await upload('Mortgage', 'dip-nationwide.pdf', 'Decision in principle: Nationwide')
  const payslip = await upload('Mortgage', 'payslip-october.pdf', 'Payslip October')

  // Home is the pipeline.
  const page = broker.page
  await page.goto('/app/home')
  await expect(page).toHaveURL(/\/app\/pipeline$/)
  const row = page.getByTestId('pipeline-row').filter({ hasText: '8 Kiln Lane' })
  await expect(row).toContainText('Bea Buyer')
  await expect(row).toContainText('Fact find')
  await row.getByRole('link', { name: 'Bea Buyer' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Bea Buyer' })).toBeVisible()

  // Fact find (on the client record, saved as it is typed) and the affordability range.
  await page.getByRole('button', { name: 'Start the fact find' }).click()
  const applicant = page.getByRole('group', { name: 'Applicant: Bea Buyer' })
  await applicant.getByRole('button', { name: 'Add an income' }).click()
  await applicant.getByLabel('Per year (£)').fill('60,000')
  await page.getByLabel('Deposit and own funds (£)').fill('40000')
  await expect(page.getByTestId('autosave-status')).toHaveText('Saved')
  const affordability = page.getByTestId('affordability')
  await expect(affordability).toContainText('£240,000 to £270,000')
  await expect(affordability).toContainText('not advice')
  await page.getByRole('link', { name: /Open the mortgage case/ }).click()
  await expect(page.getByRole('heading', { name: 'Decisions in principle' })).toBeVisible()

  // A DIP expiring before it was issued is refused, naming the rule; then the real one.
  await page.getByLabel('Lender', { exact: true }).fill('Nationwide')
  await page.getByLabel("Lender's reference").fill('NBS-DIP-555')
  await page.getByLabel('Amount (£)').fill('270000')
  await page.getByLabel('Issued on').fill('2026-11-20')
  await page.getByLabel('Expires on').fill('2026-11-01')
  await page.getByLabel('DIP document').selectOption({ label: 'Mortgage: dip-nationwide.pdf' })
  await page.getByRole('button', { name: 'Record decision in principle' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'must expire after the date it was issued' })).toBeVisible()
  await page.getByLabel('Expires on').fill('2027-02-18')
  await page.getByRole('button', { name: 'Record decision in principle' }).click()
  const dips = page.getByTestId('dip-list')
  await expect(dips).toContainText('Nationwide · £270,000 over 25 years')
  await expect(dips).toContainText('18 Feb 2027')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/broker-case-1280.png`, fullPage: true })

  // The lender pack: the payslip chosen, the DIP document added; the ZIP opened.
  await page.getByRole('checkbox', { name: /payslip-october\.pdf/ }).check()
  const downloading = page.waitForEvent('download')
  await page.getByRole('link', { name: 'Download lender pack' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^lender-pack-bea-buyer-\d{4}-\d{2}-\d{2}\.zip$/)
  const entries = await unzip(readFileSync((await download.path())!))
  expect([...entries.keys()].sort()).toEqual(
    ['00-cover-sheet.pdf', 'Mortgage/v1-dip-nationwide.pdf', 'Mortgage/v1-payslip-october.pdf'].sort(),
  )
  expect(entries.get('00-cover-sheet.pdf')!.subarray(0, 5).toString()).toBe('%PDF-')

  // A document of another move is not shared with the broker: refused, naming the rule.
  const other = await createMove(broker.request, { address: '1 Elsewhere Road' })
  const foreign = await broker.request.post(
    `/api/transactions/${other.txId}/documents?folder=Mortgage&filename=x.pdf`,
    {
      headers: { 'content-type': 'application/octet-stream' },
      data: await makePdf('Not the buyer’s'),
    },
  )
  const foreignId = ((await foreign.json()) as { id: string }).id
  const refused = await broker.request.get(`/api/mortgages/${txId}/lender-pack?documents=${payslip},${foreignId}`)
  expect(refused.status()).toBe(422)
  expect(await refused.text()).toContain('only documents the buyer shared with you')

  // The move's timeline shows the DIP task done, with the lender and expiry.
  await buyer.page.goto(`${path}?tab=timeline`)
  await expect(buyer.page.getByTestId('task-dip')).toHaveText(
    'Decision in principle from Nationwide, expires 18 Feb 2027',
  )

  // 390 px: the pipeline and the case.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/pipeline')
  await expect(page.getByTestId('pipeline-row').filter({ hasText: '8 Kiln Lane' })).toContainText(
    'Decision in principle',
  )
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/broker-pipeline-new-390.png`, fullPage: true })
  await page.getByRole('link', { name: 'Bea Buyer' }).click()
  await page.getByRole('link', { name: /Open the mortgage case/ }).click()
  await expect(page.getByTestId('dip-list')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/broker-case-390.png`, fullPage: true })
  // The refused DIP (expiry before issue) is a 400 the page shows as the rule.
  broker.console.check([/status of 400/])
  buyer.console.check()
  await buyer.close()
  await broker.close()
})

test('the demo broker Marcus Reid sees his pipeline at work', async ({ page }) => {
  await signInByRequest(page.request, MARCUS)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await page.goto('/app/home')
    await expect(page).toHaveURL(/\/app\/pipeline$/)
    const rows = page.getByTestId('pipeline-row')
    await expect(rows).toHaveCount(9)
    await expect(rows.filter({ hasText: '12 Clarence Road' })).toContainText('Amelia Clarke')
    await expect(rows.filter({ hasText: '12 Clarence Road' })).toContainText('Nationwide')
    await expect(rows.first()).toContainText('Halifax')
    await expect(rows.first()).toContainText(/Expires in \d+ days/)
    await expect(rows.filter({ hasText: 'Freya Fraser' })).toContainText('Offer issued')
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/broker-pipeline-${width}.png`, fullPage: true })
  }
})

test('a broker with more clients than a page pages the pipeline by keyboard', async ({ browser }) => {
  test.setTimeout(180_000)
  const broker = await person(browser, 'Petra Pager', 'broker')
  try {
    for (let i = 1; i <= 27; i++) {
      const res = await broker.request.post('/api/broker-clients', {
        data: { name: `Client ${String(i).padStart(2, '0')} Pager`, status: 'lead', joint_applicants: [] },
      })
      expect(res.status(), await res.text()).toBe(201)
    }
    const { page } = broker
    await page.goto('/app/pipeline')
    const rows = page.getByTestId('pipeline-row')
    await expect(rows).toHaveCount(25)
    const pages = page.getByRole('navigation', { name: 'Pages of clients' })
    await expect(pages.getByTestId('page-range')).toHaveText('Showing 1–25 of 27')
    await expect(pages).toContainText('Page 1 of 2')
    await expect(pages.getByRole('button', { name: 'Previous page of clients' })).toBeDisabled()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/broker-pipeline-paged-1280.png`, fullPage: true })

    // Next by keyboard: the second page's two rows, focus on the list.
    await pages.getByRole('button', { name: 'Next page of clients' }).focus()
    await page.keyboard.press('Enter')
    await expect(pages.getByTestId('page-range')).toHaveText('Showing 26–27 of 27')
    await expect(rows).toHaveCount(2)
    await expect(page.getByRole('list', { name: 'Your clients' })).toBeFocused()
    await expect(pages.getByRole('button', { name: 'Next page of clients' })).toBeDisabled()

    // A new sort starts again from the first page; a search narrows to one page.
    await page.getByLabel('Sort').selectOption('name')
    await expect(pages.getByTestId('page-range')).toHaveText('Showing 1–25 of 27')
    await expect(rows.first()).toContainText('Client 01 Pager')
    await page.getByRole('searchbox', { name: 'Search' }).fill('Client 2')
    await expect(rows).toHaveCount(8)
    await expect(page.getByText('8 of 27 clients')).toBeVisible()
    await expect(pages).toHaveCount(0)

    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByRole('searchbox', { name: 'Search' }).fill('')
    await expect(rows).toHaveCount(25)
    await expect(pages.getByTestId('page-range')).toHaveText('Showing 1–25 of 27')
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/broker-pipeline-paged-390.png`, fullPage: true })
    broker.console.check()
  } finally {
    await broker.close()
  }
})
