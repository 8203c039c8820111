/**
 * Billing as people meet it: /pricing is server-rendered with the completion fee and Pro per seat;
 * a firm admin whose trial has ended sees the Pro upsell on the cases board, subscribes through the
 * sandbox's hosted checkout with the 4242 test card, adds a seat, downloads the invoice PDF (its text
 * checked: the firm, VAT at 20%) and finds the cases board open again. A seller accepts the completion
 * fee on the move's Overview ('What is left for you') with a sandbox test card (a declined card first, its message shown), and
 * after completion is charged once with the receipt emailed and on the move. axe on the pages;
 * screenshots at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, move, newBrowser, person, showDoneSteps, toast } from './app-helpers'
import { outbox } from './mail-helpers'

const SHOTS = '/tmp/payments-shots'
mkdirSync(SHOTS, { recursive: true })

async function pdfText(bytes: Buffer): Promise<string> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const doc = await pdfjs.getDocument({ data: new Uint8Array(bytes), isEvalSupported: false, verbosity: 0 }).promise
  const out: string[] = []
  for (let i = 1; i <= doc.numPages; i++) {
    const content = await (await doc.getPage(i)).getTextContent()
    out.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '))
  }
  return out.join('\n')
}

test('/pricing is rendered on the server, in the sitemap, accessible at 1280 and 390 px', async ({
  browser,
  request,
}) => {
  const html = await (await request.get('/pricing')).text()
  expect(html).toContain('Completion fee')
  expect(html).toContain('£99.00')
  expect(html).toContain('£49.00')
  expect(await (await request.get('/sitemap.xml')).text()).toContain('/pricing</loc>')
  for (const width of [1280, 390]) {
    const { context, page, console } = await newBrowser(browser, { width })
    await page.goto('/pricing')
    await expect(
      page.getByRole('heading', { level: 1, name: 'Free to move. Pro for the professionals.' }),
    ).toBeVisible()
    await expect(page.getByTestId('completion-fee')).toHaveText('£99.00')
    await expect(page.getByText('£490.00')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/pricing-${width}.png`, fullPage: true })
    console.check()
    await context.close()
  }
})

test('a firm admin subscribes with a sandbox test card, adds a seat, downloads the invoice and the Pro tools unlock', async ({
  browser,
}) => {
  const admin = await person(browser, 'Penny Partner', 'conveyancer', { acceptDownloads: true })
  const firmName = `Pennyworth Conveyancing ${Date.now().toString(36)}`
  const created = await admin.request.post('/api/firm', {
    data: { name: firmName, town: 'St Albans', postcode_district: 'AL1', contact_email: 'accounts@pennyworth.example' },
  })
  expect(created.status(), await created.text()).toBe(201)
  const firmId = ((await created.json()) as { firm: { id: string } }).firm.id
  // The sandbox's test clock: the firm's 30-day trial ends now.
  expect((await admin.request.post('/api/dev/billing/end-trial', { data: { organization_id: firmId } })).status()).toBe(
    200,
  )

  const { page } = admin
  await page.goto('/app/cases')
  const upsell = page.getByTestId('pro-upsell')
  await expect(upsell).toBeVisible()
  await expect(upsell).toContainText('The cases board is part of Homeward Pro')
  await upsell.getByRole('link', { name: 'Go to billing' }).click()

  await expect(page).toHaveURL(/\/app\/firm\/billing$/)
  await expect(page.getByTestId('billing-state')).toContainText('Pro is off')
  await page.getByRole('radio', { name: /Monthly/ }).check()
  await page.getByLabel('Seats', { exact: true }).fill('1')
  await expect(page.getByTestId('subscribe-price')).toContainText('£58.80')
  await page.getByRole('button', { name: 'Continue to checkout' }).click()

  // The sandbox's hosted checkout.
  await expect(page.getByText('Sandbox: no real card is charged')).toBeVisible()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay and subscribe' }).click()

  await expect(page).toHaveURL(/\/app\/firm\/billing\?checkout=success/)
  await expect(page.getByTestId('billing-state')).toContainText('1 seat, billed monthly', { timeout: 20_000 })

  await page.getByLabel('Seats', { exact: true }).fill('2')
  await page.getByRole('button', { name: 'Update seats' }).click()
  await expect(toast(page)).toContainText('Seats updated')
  await expect(page.getByTestId('billing-state')).toContainText('2 seats, billed monthly')
  await expect(page.getByText('Seat change')).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/billing-1280.png`, fullPage: true })

  const invoices = page.getByRole('list', { name: 'Invoices' })
  const planRow = invoices.getByRole('listitem').filter({ hasText: 'Pro plan' })
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    planRow.getByRole('link', { name: /Download PDF/ }).click(),
  ])
  const text = await pdfText(await readFile((await download.path())!))
  expect(text).toContain('VAT invoice')
  expect(text).toContain(firmName)
  expect(text).toContain('VAT at 20%')
  expect(text).toContain('£49.00')
  expect(text).toContain('£9.80')
  expect(text).toContain('£58.80')

  await page.goto('/app/cases')
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible()
  await expect(page.getByTestId('pro-upsell')).toHaveCount(0)

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/firm/billing')
  await expect(page.getByTestId('billing-state')).toContainText('2 seats')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/billing-390.png`, fullPage: true })
  admin.console.check([/status of 402/])
  await admin.close()
})

test('a seller accepts the completion fee with a sandbox test card, and the receipt follows completion', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const seller = await person(browser, 'Sally Seller', 'seller')
  const buyer = await person(browser, 'Barney Buyer', 'buyer')
  const conveyancer = await person(browser, 'Connie Conveyancer', 'conveyancer')
  const { txId, path } = await move(
    buyer,
    [
      { who: seller, role: 'seller' },
      { who: conveyancer, role: 'buyer_conveyancer' },
    ],
    { address: '3 Fee Close', town: 'Hitchin', postcode: 'SG5 1AA', role: 'buyer' },
  )

  // The buyer sees who pays; no button to accept it for the seller.
  await buyer.page.goto(path)
  const buyerCard = buyer.page.getByTestId('todo-completion-fee')
  // The first page load after the server starts can be slow on a loaded machine.
  await expect(buyerCard).toContainText('paid by the seller (Sally Seller) only when the move completes', {
    timeout: 30_000,
  })
  await expect(buyerCard.getByRole('button')).toHaveCount(0)

  const { page } = seller
  await page.goto(path)
  const card = page.getByTestId('todo-completion-fee')
  await expect(card).toContainText('£99.00 including VAT (£16.50 of it VAT), paid by you only when the move completes')
  await expect(card).toContainText('nothing at all if the move does not complete')
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await card.scrollIntoViewIfNeeded()
    await card.screenshot({ path: `${SHOTS}/fee-card-to-accept-${width}.png` })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectNoAxeViolations(page)
  await card.getByRole('button', { name: 'Accept the fee' }).click()

  // The sandbox's hosted page in setup mode: a declined card says so and the page stays.
  await expect(page.getByRole('heading', { name: 'Save a card for Homeward' })).toBeVisible()
  await expect(page.getByText('Nothing is charged now.')).toBeVisible()
  await page.getByLabel('Card number').fill('4000 0000 0000 0002')
  await page.getByRole('button', { name: 'Save card' }).click()
  await expect(page.getByRole('alert')).toContainText('Your card was declined')
  // Back on the move, the card explains that the fee is not accepted, and the seller can try again.
  await page.goto(path)
  await expect(card.getByRole('alert')).toContainText('Your card was declined', { timeout: 15_000 })
  await expect(card.getByRole('alert')).toContainText('not accepted yet and nothing was charged')
  await card.getByRole('button', { name: 'Accept the fee' }).click()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Save card' }).click()

  await expect(page).toHaveURL(new RegExp(`${path}\\?fee=saved`))
  // Accepted, the fee is a done step, under 'Done' on the seller's list.
  await showDoneSteps(page)
  await expect(card).toContainText('Visa ending 4242 will be charged £99.00 including VAT when the move completes', {
    timeout: 15_000,
  })
  await expect(card.getByRole('button')).toHaveCount(0)
  await expectNoAxeViolations(page)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await card.scrollIntoViewIfNeeded()
    await card.screenshot({ path: `${SHOTS}/fee-card-accepted-${width}.png` })
  }
  await buyer.page.reload()
  await expect(buyerCard).toContainText('The seller has accepted it.')

  // Exchange and completion as the conveyancer records them; the saved card is charged once.
  const version = async () =>
    ((await (await conveyancer.request.get(`/api/transactions/${txId}`)).json()) as { version: number }).version
  for (const data of [
    { action: 'exchange', exchange_date: '2026-11-02', completion_date: '2026-11-20', confirm: true },
    { action: 'complete' },
  ]) {
    const res = await conveyancer.request.post(`/api/transactions/${txId}/status`, {
      data: { ...data, version: await version() },
    })
    expect(res.status(), await res.text()).toBe(200)
  }
  await expect
    .poll(async () => (await outbox(seller.request)).some((m) => m.to === seller.email && /receipt/.test(m.subject)))
    .toBe(true)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto(path)
  await expect(card).toContainText('£99.00 was charged to you')
  await showDoneSteps(page)
  const receipt = await seller.request.get(
    (await card.getByRole('link', { name: /Download receipt/ }).getAttribute('href'))!,
  )
  expect(receipt.headers()['content-type']).toBe('application/pdf')
  const text = await pdfText(await receipt.body())
  expect(text).toContain('Receipt')
  expect(text).toContain('Sally Seller')
  expect(text).toContain('Sandbox sample VAT number')
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await card.scrollIntoViewIfNeeded()
    await card.screenshot({ path: `${SHOTS}/fee-card-paid-${width}.png` })
  }
  seller.console.check([/status of 402/])
  for (const who of [seller, buyer, conveyancer]) await who.close()
})
