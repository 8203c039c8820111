/**
 * The deposit as the people on a purchase meet it: a firm of two conveyancers opens a matter for the
 * buyer and sets the deposit (10% of the price); the buyer, on a phone, is warned that bank details
 * never change by email, checks the receiving account's name (a wrong name is no match and shows no
 * account number; the right one matches and the instructions appear with copy buttons), and pays
 * with the sandbox's "Simulate bank transfer received"; the deposit is held. A release "at exchange"
 * before exchange is refused with what to do first (decision 061). At completion one
 * conveyancer asks for the release to the seller's conveyancer and a colleague approves it; the
 * partner pays, the approvals name both, and the ledger shows the money in and out. axe on each
 * screen; screenshots at 1280 and 390 px (SHOTS_DIR, default test-results/screens).
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoAxeViolations, person, toast } from './app-helpers'
import { inviteToken, mailMatch } from './mail-helpers'

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens'

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.ok(), await res.text()).toBe(true)
  return res
}

test('a buyer pays the deposit into the sandbox partner, and two people at the firm release it at completion', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const pia = await person(browser, 'Pia Partner', 'conveyancer')
  const dev = await person(browser, 'Dev Colleague', 'conveyancer')
  const buyer = await person(browser, 'Ava Buyer', 'buyer', { width: 390 })

  // The firm: Pia creates it and invites Dev, who joins.
  await ok(
    await pia.request.post('/api/firm', {
      data: {
        name: `Partner Colleague LLP ${Date.now()}`,
        town: 'Harpenden',
        postcode_district: 'AL5',
        contact_email: pia.email,
      },
    }),
  )
  await ok(await pia.request.post('/api/firm/invitations', { data: { email: dev.email, role: 'fee_earner' } }))
  const join = await mailMatch(pia.request, dev.email, /\/join\/[\w-]+/)
  await ok(await dev.request.post(`/api/firm-invitations/${join.slice('/join/'.length)}/accept`))
  // Pia opens the buyer's matter; Ava accepts the emailed invitation.
  const opened = await ok(
    await pia.request.post('/api/matters', {
      data: {
        address_line_1: '21 Deposit Row',
        town: 'Harpenden',
        postcode: 'AL5 2JX',
        agreed_price: 400000,
        tenure: 'freehold',
        side: 'buyer',
        client_name: buyer.name,
        client_email: buyer.email,
      },
    }),
  )
  const { transaction_id: txId } = (await opened.json()) as { transaction_id: string }
  await ok(
    await buyer.request.post(`/api/invitations/${await inviteToken(buyer.request, buyer.email)}/accept`, { data: {} }),
  )
  const path = `/app/transactions/${txId}`

  // Pia sets the deposit from the move's Overview: 10% of £400,000 is offered.
  await pia.page.goto(path)
  await pia.page.getByRole('link', { name: 'Open the deposit' }).click()
  await expect(pia.page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible()
  const setForm = pia.page.getByRole('form', { name: 'Set the deposit' })
  await expect(setForm.getByLabel('Deposit in pounds')).toHaveValue('40000')
  await setForm.getByRole('button', { name: 'Open held-funds account' }).click()
  await expect(toast(pia.page)).toContainText('Held-funds account opened')
  await expect(pia.page.getByTestId('deposit-status')).toHaveText('Waiting for the transfer')

  // Ava, on her phone, reaches it from the deposit's timeline task (in Exchange, under "See all").
  const page = buyer.page
  await page.goto(`${path}?tab=timeline`)
  await page.getByRole('button', { name: /See all \d+ tasks in Exchange/ }).click()
  await page.getByRole('link', { name: 'Pay or manage the deposit' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Deposit' })).toBeVisible()
  await expect(page.getByRole('note', { name: 'Warning about bank details' })).toContainText(
    'Bank details are never changed by email or chat.',
  )
  await expect(page.getByTestId('account-number')).toHaveCount(0)
  const cop = page.getByRole('form', { name: 'Check the receiving account' })
  await cop.getByLabel('Name of the account you were told to pay').fill('J Smith Holdings')
  await cop.getByRole('button', { name: 'Check the account' }).click()
  await expect(page.getByTestId('payee-result')).toHaveAttribute('data-result', 'no_match')
  await expect(page.getByText('No match: do not pay.')).toBeVisible()
  await expect(page.getByTestId('account-number')).toHaveCount(0)
  await cop.getByLabel('Name of the account you were told to pay').fill('Sandbox Escrow Ltd Client Account')
  await cop.getByRole('button', { name: 'Check the account' }).click()
  await expect(page.getByTestId('payee-result')).toHaveAttribute('data-result', 'match')
  await expect(page.getByRole('heading', { name: 'Pay £40,000.00 by bank transfer' })).toBeVisible()
  await expect(page.getByTestId('sort-code')).toHaveText('04-00-04')
  await expect(page.getByTestId('account-number')).toHaveText(/^\d{8}$/)
  await expect(page.getByRole('button', { name: 'Copy account number' })).toBeVisible()
  await expectNoAxeViolations(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: `${SHOTS}/deposit-buyer-instructions-390.png`, fullPage: true })

  await page.getByRole('button', { name: 'Simulate bank transfer received' }).click()
  await expect(page.getByTestId('deposit-status')).toHaveText('Held', { timeout: 15_000 })
  await expect(page.getByTestId('deposit-held')).toHaveText('£40,000.00')

  // Before exchange, a release "at exchange" is refused, saying what to do first (decision 061);
  // nothing is asked for and the deposit stays held.
  await pia.page.reload()
  await expect(pia.page.getByTestId('deposit-status')).toHaveText('Held')
  const ask = pia.page.getByRole('form', { name: 'Ask for a release or refund' })
  await ask.getByRole('radio', { name: 'At exchange', exact: true }).check()
  await ask.getByLabel('Account name').fill('Whitfield and Co Solicitors Client Account')
  await ask.getByLabel('Sort code').fill('200000')
  await ask.getByLabel('Account number').fill('55779911')
  await ask.getByRole('button', { name: 'Ask to release' }).click()
  const confirmAsk = pia.page.getByRole('alertdialog', { name: 'Ask to release the deposit?' })
  await confirmAsk.getByRole('button', { name: 'Approve and ask' }).click()
  await expect(ask.getByRole('alert')).toHaveText(
    /^The deposit can be released at exchange only once exchange is recorded, and this move is (draft|active)\. A conveyancer records exchange on the move first; then ask for the release again\.$/,
  )
  await expect(pia.page.getByTestId('pending-release')).toHaveCount(0)
  await expect(pia.page.getByTestId('deposit-status')).toHaveText('Held')
  await pia.page.screenshot({ path: `${SHOTS}/deposit-release-refused-before-exchange-1280.png`, fullPage: true })

  // Pia activates the move, records exchange (today, completing today) and then completion.
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date())
  const move = async () =>
    (await (await pia.request.get(`/api/transactions/${txId}`)).json()) as { version: number; status: string }
  const status = async (data: Record<string, unknown>) =>
    ok(
      await pia.request.post(`/api/transactions/${txId}/status`, {
        data: { ...data, version: (await move()).version },
      }),
    )
  if ((await move()).status === 'draft') await status({ action: 'activate' })
  await status({ action: 'exchange', exchange_date: today, completion_date: today, confirm: true })
  await status({ action: 'complete' })

  // At completion Pia asks for the release to the seller's conveyancer; it is her approval.
  await pia.page.reload()
  await ask.getByRole('radio', { name: /At completion/ }).check()
  await ask.getByLabel('Account name').fill('Whitfield and Co Solicitors Client Account')
  await ask.getByLabel('Sort code').fill('200000')
  await ask.getByLabel('Account number').fill('55779911')
  await ask.getByRole('button', { name: 'Ask to release' }).click()
  await expect(confirmAsk).toContainText(
    '£40,000.00 to Whitfield and Co Solicitors Client Account (20-00-00, 55779911)',
  )
  await confirmAsk.getByRole('button', { name: 'Approve and ask' }).click()
  await expect(toast(pia.page)).toContainText('Approval asked for')
  const pending = pia.page.getByTestId('pending-release')
  await expect(pending).toContainText('1 of 2 approvals')
  await expect(pending.getByTestId('waiting-second')).toBeVisible()
  await expect(pending.getByRole('button', { name: 'Approve and release' })).toHaveCount(0)

  // Dev, a second person at the firm, approves: the partner pays.
  await dev.page.goto(`${path}/deposit`)
  const devPending = dev.page.getByTestId('pending-release')
  await expect(devPending.getByTestId('approval')).toHaveText([/Approved by Pia Partner/])
  await expectNoAxeViolations(dev.page)
  await dev.page.screenshot({ path: `${SHOTS}/deposit-firm-pending-1280.png`, fullPage: true })
  await devPending.getByRole('button', { name: 'Approve and release' }).click()
  const confirm = dev.page.getByRole('alertdialog', { name: 'Approve and release £40,000.00?' })
  await expect(confirm).toContainText('a payment cannot be called back')
  await confirm.getByRole('button', { name: 'Approve and release' }).click()
  await expect(toast(dev.page)).toContainText('Deposit released')
  await expect(dev.page.getByTestId('deposit-status')).toHaveText("Released to the seller's conveyancer")
  await expect(dev.page.getByTestId('past-release').getByTestId('approval')).toHaveText([
    /Approved by Pia Partner/,
    /Approved by Dev Colleague/,
  ])
  const ledger = dev.page.getByTestId('ledger-table')
  await expect(ledger).toContainText('Bank transfer received from Ava Buyer')
  await expect(ledger).toContainText('Released at completion to Whitfield and Co Solicitors Client Account')
  await expect(dev.page.getByTestId('balance-held_for_buyer')).toHaveText('£0.00')
  await expect(dev.page.getByTestId('balance-released_to_seller')).toHaveText('£40,000.00')
  await expectNoAxeViolations(dev.page)
  await dev.page.screenshot({ path: `${SHOTS}/deposit-firm-released-1280.png`, fullPage: true })
  await dev.page.setViewportSize({ width: 390, height: 844 })
  await expect(dev.page.getByRole('region', { name: 'Ledger postings' })).toBeVisible()
  expect(await dev.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await dev.page.screenshot({ path: `${SHOTS}/deposit-firm-released-390.png`, fullPage: true })

  // Ava sees it released; her page at 1280 too.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.reload()
  await expect(page.getByTestId('deposit-status')).toHaveText("Released to the seller's conveyancer")
  await expect(page.getByTestId('deposit-explainer')).toContainText(
    "released to the seller's conveyancer at completion",
  )
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/deposit-buyer-released-1280.png`, fullPage: true })

  // Pia's page logged the refused release (409) as the browser does.
  pia.console.check([/status of 409/])
  for (const p of [dev, buyer]) p.console.check([])
  for (const p of [pia, dev, buyer]) await p.close()
})
