/**
 * The home logbook as a buyer meets it: the conveyancer records completion, the buyer opens their
 * home's logbook from the move and finds the seller's TA6, TA10, EPC and FENSA certificate handed over
 * by category (the contract stays with the move), records a boiler service in the maintenance record,
 * archives the move (after a confirmation), and the logbook is still there. The seller is charged the
 * completion fee and finds the receipt in their email and on the move. Screenshots at 1280 and 390 px.
 */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, makePdf, move, person, showDoneSteps, toast } from './app-helpers'
import { outbox } from './mail-helpers'

const SHOTS = 'test-results/screens'

test('at completion the buyer gets the home logbook, keeps a maintenance record, and it survives archiving', async ({
  browser,
}) => {
  // Three people, five uploads, completion and two axe passes: a long journey on a loaded machine.
  test.setTimeout(180_000)
  const seller = await person(browser, 'Sid Seller', 'seller')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const { txId, path } = await move(
    buyer,
    [
      { who: seller, role: 'seller' },
      { who: conveyancer, role: 'buyer_conveyancer' },
    ],
    { address: '14 Logbook Lane', town: 'Harpenden', postcode: 'AL5 2JX', role: 'buyer' },
  )
  for (const [folder, filename, text] of [
    ['Property', 'TA6 Property Information Form.pdf', 'TA6'],
    ['Property', 'EPC.pdf', 'EPC rating C'],
    ['Property', 'FENSA certificate.pdf', 'FENSA windows 2019'],
    ['Fixtures', 'TA10 Fittings and Contents.pdf', 'TA10'],
    ['Contracts', 'Contract.pdf', 'Contract'],
  ] as const) {
    const res = await seller.request.post(
      `/api/transactions/${txId}/documents?${new URLSearchParams({ folder, filename })}`,
      { data: await makePdf(text), headers: { 'content-type': 'application/octet-stream' } },
    )
    expect(res.status(), await res.text()).toBe(201)
  }
  // The seller accepts Homeward's completion fee, saving the sandbox's 4242 test card (billing.spec.ts does it on screen).
  const accepted = await seller.request.post(`/api/transactions/${txId}/completion-fee/accept`)
  expect(accepted.status(), await accepted.text()).toBe(201)
  const { checkout_url } = (await accepted.json()) as { checkout_url: string }
  const session = new URL(checkout_url, 'http://x').searchParams.get('session')!
  await seller.request.post('/sandbox/payments/checkout', {
    form: { session, action: 'pay', card: '4242 4242 4242 4242' },
    maxRedirects: 0,
  })
  await expect
    .poll(
      async () =>
        ((await (await seller.request.get(`/api/transactions/${txId}/completion-fee`)).json()) as { accepted: boolean })
          .accepted,
    )
    .toBe(true)
  // Exchange through the API (the move is active once its parties joined); completion as the conveyancer records it.
  const version = async () =>
    ((await (await conveyancer.request.get(`/api/transactions/${txId}`)).json()) as { version: number }).version
  const exchanged = await conveyancer.request.post(`/api/transactions/${txId}/status`, {
    data: {
      action: 'exchange',
      exchange_date: '2026-11-02',
      completion_date: '2026-11-20',
      confirm: true,
      version: await version(),
    },
  })
  expect(exchanged.status(), await exchanged.text()).toBe(200)
  await conveyancer.page.goto(path)
  await conveyancer.page.getByRole('button', { name: 'Record completion' }).click()
  const completion = conveyancer.page.getByRole('alertdialog', { name: 'Record completion' })
  await completion.getByRole('button', { name: 'Record completion' }).click()
  await expect(conveyancer.page.getByText('Completion recorded')).toBeVisible()
  // The conveyancer is not the owner: no logbook link on the move.
  await expect(conveyancer.page.getByRole('link', { name: "Open your home's logbook" })).toHaveCount(0)

  // The seller pays Homeward's completion fee: charged to the saved card at completion, receipt emailed and on the move.
  await expect
    .poll(async () => (await outbox(seller.request)).some((m) => m.to === seller.email && /receipt/.test(m.subject)))
    .toBe(true)
  await seller.page.goto(path)
  const fee = seller.page.getByTestId('todo-completion-fee')
  await expect(fee).toContainText('£99.00 was charged to you')
  await showDoneSteps(seller.page)
  const receipt = await seller.request.get(
    (await fee.getByRole('link', { name: /Download receipt/ }).getAttribute('href'))!,
  )
  expect(receipt.headers()['content-type']).toBe('application/pdf')

  const page = buyer.page
  await page.goto(path)
  const buyerFee = page.getByTestId('todo-completion-fee')
  await expect(buyerFee).toContainText('£99.00 was charged to the seller (Sid Seller)')
  await expect(buyerFee.getByRole('link', { name: /Download receipt/ })).toHaveCount(0)
  await page.getByRole('link', { name: "Open your home's logbook" }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Home logbook' })).toBeVisible()
  await page.getByRole('link', { name: /14 Logbook Lane/ }).click()
  await expect(page.getByRole('heading', { level: 1, name: '14 Logbook Lane' })).toBeVisible()
  await expect(page.getByRole('list', { name: 'Property information form (TA6)' })).toContainText(
    'TA6 Property Information Form.pdf',
  )
  await expect(page.getByRole('list', { name: 'Fittings and contents form (TA10)' })).toContainText(
    'TA10 Fittings and Contents.pdf',
  )
  await expect(page.getByRole('list', { name: 'Energy performance certificate' })).toContainText('EPC.pdf')
  await expect(page.getByRole('list', { name: 'Safety and installation certificates' })).toContainText(
    'FENSA certificate.pdf',
  )
  await expect(page.getByText('Contract.pdf')).toHaveCount(0)
  // The handed-over file opens with its bytes.
  const epc = await page.request.get((await page.getByRole('link', { name: 'Download EPC.pdf' }).getAttribute('href'))!)
  expect(epc.headers()['content-type']).toBe('application/pdf')

  // A boiler service in the maintenance record; a bad entry is explained at its fields first.
  const form = page.getByRole('form', { name: 'Record work on the home' })
  await form.getByRole('button', { name: 'Add to the record' }).click()
  await expect(form.getByText('Say what was done')).toBeVisible()
  await form.getByLabel('What was done').fill('Annual boiler service')
  await form.getByLabel('Date done').fill('2026-11-22')
  await form.getByLabel('Cost (£, optional)').fill('85')
  await form.getByLabel('Who did it (optional)').fill('Hertford Heating Ltd')
  await form.getByLabel('Receipt or certificate (optional)').selectOption({ label: 'FENSA certificate.pdf' })
  await form.getByRole('button', { name: 'Add to the record' }).click()
  await expect(toast(page)).toContainText('Added to the maintenance record')
  const record = page.getByRole('list', { name: 'Maintenance record, newest first' })
  await expect(record).toContainText('Annual boiler service')
  await expect(record).toContainText('22 Nov 2026 · Boiler and heating · £85.00 · Hertford Heating Ltd')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/logbook-1280.png`, fullPage: true })

  // The move is archived after a confirmation; it moves to Archived moves on the dashboard.
  await page.goto(path)
  await page.getByRole('button', { name: 'Archive move' }).click()
  const confirm = page.getByRole('alertdialog', { name: 'Archive this move?' })
  await confirm.getByRole('button', { name: 'Archive move' }).click()
  await expect(toast(page)).toContainText('Move archived')
  await expect(page.getByText(/^Archived on \d{2} \w{3} \d{4}\./)).toBeVisible()
  await page.goto('/app/home')
  await expect(page.getByText('Archived moves (1)')).toBeVisible()

  // The logbook survives, on a phone too.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.getByRole('link', { name: 'Logbook' }).click()
  await page.getByRole('link', { name: /14 Logbook Lane/ }).click()
  await expect(page.getByRole('list', { name: 'Energy performance certificate' })).toContainText('EPC.pdf')
  await expect(page.getByRole('list', { name: 'Maintenance record, newest first' })).toContainText(
    'Annual boiler service',
  )
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/logbook-390.png`, fullPage: true })

  // Nobody else sees it.
  const logbookUrl = new URL(page.url()).pathname
  await seller.page.goto(logbookUrl)
  await expect(seller.page.getByText(/This logbook could not be loaded/)).toBeVisible()
  seller.console.check([/status of 404/])
  for (const p of [conveyancer, buyer]) p.console.check([])
  for (const p of [seller, conveyancer, buyer]) await p.close()
})
