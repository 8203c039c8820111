/**
 * A broker's client before any offer, in Chromium (issue 40 item 2): a new broker adds a lead with a
 * joint applicant from the pipeline, completes the fact find (saved as they type: "Saved"), sees the
 * loan-to-value and the funding gap against a target price; the buyer's move then exists and invites
 * the broker; the broker links the client to it (the agreed price replaces the target), records a
 * DIP, and the move's timeline task ticks; moving the stage to "Application submitted" ticks its task
 * too. The pipeline is searched and filtered. Screenshots of the fact find and the pipeline at 1280
 * and 390 px in .tmp/; axe on each page; no horizontal overflow at 390 px.
 */
import { expect, test } from '@playwright/test'
import { createMove, expectNoAxeViolations, person } from './app-helpers'
import { inviteToken } from './mail-helpers'

const SHOTS = '.tmp'

test('a broker adds a client with a joint applicant before any offer, and the DIP ticks the timeline task', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const broker = await person(browser, 'Marta Broker', 'broker')
  const page = broker.page

  // The pipeline: add a lead with a joint applicant, before any move exists.
  await page.goto('/app/pipeline')
  await expect(page.getByRole('heading', { name: 'No clients yet' })).toBeVisible()
  await page.getByRole('button', { name: 'Add a client or lead' }).click()
  await page.getByLabel("Client's name").fill('Amelia Clarke')
  await page.getByLabel('Email').fill('amelia.clarke@example.com')
  await page.getByLabel('Phone').fill('07700 900123')
  await page.getByRole('button', { name: 'Add a joint applicant' }).click()
  await page.getByLabel('Joint applicant 1').fill('Sam Clarke')
  await page.getByRole('button', { name: 'Add client' }).click()
  await expect(page.getByRole('heading', { level: 1, name: /Amelia Clarke/ })).toBeVisible()
  await expect(page.getByText('With Sam Clarke')).toBeVisible()
  await expect(page.getByRole('group', { name: 'Joint applicant: Sam Clarke' })).toBeVisible()

  // The fact find, saved as it is typed.
  const status = page.getByTestId('autosave-status')
  const first = page.getByRole('group', { name: 'Applicant: Amelia Clarke' })
  await first.getByRole('button', { name: 'Add an address' }).click()
  await first.getByLabel('Address', { exact: true }).fill('3 Mill Lane, Harpenden')
  await first.getByLabel('Postcode', { exact: true }).fill('AL5 1AA')
  await first.getByLabel('From').first().fill('2021-03')
  await expect(first.getByText('3 years covered')).toBeVisible()
  await first.getByRole('button', { name: 'Add a job' }).click()
  await first.getByLabel('Employer or business').fill('Herts NHS Trust')
  await first.getByRole('button', { name: 'Add an income' }).click()
  await first.getByLabel('Per year (£)').fill('42,000')
  const joint = page.getByRole('group', { name: 'Joint applicant: Sam Clarke' })
  await joint.getByRole('button', { name: 'Add an income' }).click()
  await joint.getByLabel('Income type').selectOption('self_employed')
  await joint.getByLabel('Per year (£)').fill('35000')
  await page.getByRole('button', { name: 'Add a dependant' }).click()
  await page.getByLabel('Defaults').fill('1')
  await page.getByLabel('Life cover needed').check()
  await page.getByLabel(/What the client wants/).fill('Five-year fix, overpayments allowed')
  // A typo is refused by the shared schema and nothing is saved until it is fixed.
  await page.getByLabel('Deposit and own funds (£)').fill('45k')
  await expect(status).toHaveText('Not saved: fix the fields marked below')
  await expect(page.getByText('Enter the amount in pounds, for example 45000 or 1,250.50')).toBeVisible()
  await page.getByLabel('Deposit and own funds (£)').fill('45,000')
  await page.getByLabel('Every applicant is a first-time buyer').check()
  await page.getByLabel('Target price (£)').fill('400000')
  await page.getByLabel(/Buying costs/).fill('4000')
  await expect(status).toHaveText('Saved')

  // LTV and the gap against the target price: £355,000 loan on £400,000; £400k + £5k SDLT + £4k costs.
  const position = page.getByTestId('funding-position')
  await expect(position).toContainText('Target price')
  await expect(page.getByTestId('ltv')).toHaveText('88.8%')
  await expect(page.getByTestId('funding-gap')).toHaveText('£9,000')
  await expect(page.getByTestId('affordability')).toContainText('not advice')
  await expectNoAxeViolations(page)
  await page.getByRole('heading', { name: 'Fact find', exact: true }).scrollIntoViewIfNeeded()
  await page.screenshot({ path: `${SHOTS}/broker-fact-find-1280.png`, fullPage: true })

  // Saved for real: a reload shows it.
  await page.reload()
  await expect(page.getByRole('group', { name: 'Joint applicant: Sam Clarke' }).getByLabel('Per year (£)')).toHaveValue(
    '35000',
  )
  await expect(page.getByLabel('Defaults')).toHaveValue('1')

  // The buyer's move now exists and invites the broker; the client is linked to it.
  const buyer = await person(browser, 'Amelia Clarke', 'buyer')
  const { txId, path } = await createMove(buyer.request, {
    address: '12 Clarence Road',
    town: 'St Albans',
    postcode: 'AL1 4NP',
    agreed_price: 525000,
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
  await page.reload()
  await page.getByLabel('Link to a move you are the broker on').selectOption(txId)
  await page.getByRole('button', { name: 'Link to this move' }).click()
  await expect(position).toContainText('Agreed price')
  await expect(position).toContainText('£525,000')

  // Record a DIP on the move's case: the timeline task ticks.
  await page.getByRole('link', { name: /Open the mortgage case/ }).click()
  await expect(page.getByRole('heading', { name: 'Decisions in principle' })).toBeVisible()
  await page.getByLabel('Lender', { exact: true }).fill('Halifax')
  await page.getByLabel("Lender's reference").fill('HFX-DIP-1')
  await page.getByLabel('Amount (£)').fill('280000')
  await page.getByLabel('Issued on').fill('2026-11-20')
  await page.getByLabel('Expires on').fill('2027-02-18')
  await page.getByRole('button', { name: 'Record decision in principle' }).click()
  await expect(page.getByTestId('dip-list')).toContainText('Halifax · £280,000 over 25 years')
  await expect(page.getByTestId('ltv')).toHaveText('53.3%')
  await buyer.page.goto(`${path}?tab=timeline`)
  // The move's page is a full load on a busy machine: wait for the timeline as a person would.
  await expect(buyer.page.getByTestId('task-dip')).toHaveText(
    'Decision in principle from Halifax, expires 18 Feb 2027',
    {
      timeout: 30_000,
    },
  )

  // Moving the stage ticks the matching mortgage task on the timeline.
  await page.getByLabel('Stage').selectOption('application_submitted')
  await page.getByRole('button', { name: 'Save stage' }).click()
  await expect(page.getByText('Application stage saved')).toBeVisible()
  const applied = await (await broker.request.get(`/api/transactions/${txId}`)).json()
  const task = (applied as { timeline_stages: { tasks: { title: string; status: string }[] }[] }).timeline_stages
    .flatMap((s) => s.tasks)
    .find((k) => k.title === 'Mortgage application submitted to the lender')
  expect(task?.status).toBe('completed')

  // The pipeline: search and filters.
  await page.goto('/app/pipeline')
  const rows = page.getByTestId('pipeline-row')
  await expect(rows).toHaveCount(1)
  await expect(rows.first()).toContainText('12 Clarence Road')
  await expect(rows.first()).toContainText('Application submitted')
  await page.getByRole('searchbox', { name: 'Search' }).fill('nobody here')
  await expect(page.getByRole('heading', { name: 'Nothing matches' })).toBeVisible()
  await page.getByRole('searchbox', { name: 'Search' }).fill('clarence')
  await expect(rows).toHaveCount(1)
  await page.getByLabel('Lender').selectOption('Halifax')
  await expect(rows).toHaveCount(1)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/broker-pipeline-1280.png`, fullPage: true })

  // 390 px: the pipeline and the fact find, without horizontal overflow.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/pipeline')
  await expect(rows).toHaveCount(1)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: `${SHOTS}/broker-pipeline-390.png`, fullPage: true })
  await rows.first().getByRole('link', { name: 'Amelia Clarke' }).click()
  await expect(page.getByTestId('autosave-status')).toHaveText('Saved')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/broker-fact-find-390.png`, fullPage: true })
  broker.console.check()
  buyer.console.check()
  await buyer.close()
  await broker.close()
})
