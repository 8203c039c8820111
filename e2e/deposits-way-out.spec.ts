/**
 * A deposit that always has a way out (issue 38 items 2 and 3; decision 062):
 * 1. A first-time buyer invites her conveyancer by email from People. The conveyancer, an admin of a
 *    firm with a colleague, accepts the emailed link: the move becomes the firm's matter. She sets the
 *    deposit; the buyer, told in the bell and by email, checks the account and pays it in; the
 *    deposit's timeline step ticks itself. Exchange and completion are recorded; at completion the
 *    conveyancer asks for the release and her colleague approves it. The buyer is told at each step
 *    (bell; email through the dev mail outbox), the page names the partner, and says the deposit was
 *    released at completion.
 * 2. A conveyancer who was not in a firm when she joined is told on the deposit page why no release
 *    is possible and, once she has a firm, links the move to it with one button.
 * axe on the screens; screenshots at 390 and 1280 px (SHOTS_DIR, default test-results/screens).
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import { createMove, expectNoAxeViolations, person, toast } from './app-helpers'
import { inviteLink, mailMatch } from './mail-helpers'

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens'

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.ok(), await res.text()).toBe(true)
  return res
}

/** Today in London, yyyy-mm-dd. */
const today = () =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'Europe/London',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date())

/** Opens the bell, expects a notification with `text`, closes it. */
async function expectInBell(page: Page, text: string) {
  await page.reload()
  await page.getByTestId('notification-bell').click()
  const popover = page.getByRole('dialog', { name: 'Notifications' })
  await expect(popover).toContainText(text)
  await page.keyboard.press('Escape')
  await expect(popover).toBeHidden()
}

test('a buyer invites her conveyancer by email; the firm sets, holds and releases the deposit at completion; the buyer is told each time', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const priya = await person(browser, 'Priya Shah', 'conveyancer')
  const daniel = await person(browser, 'Daniel Mercer', 'conveyancer')
  const fiona = await person(browser, 'Fiona Firsttime', 'buyer', { width: 390 })
  const firmName = `Shah Mercer ${Date.now()}`

  // The firm: Priya creates it and invites Daniel, who joins.
  await ok(
    await priya.request.post('/api/firm', {
      data: { name: firmName, town: 'Harpenden', postcode_district: 'AL5', contact_email: priya.email },
    }),
  )
  await ok(await priya.request.post('/api/firm/invitations', { data: { email: daniel.email, role: 'fee_earner' } }))
  const join = await mailMatch(priya.request, daniel.email, /\/join\/[\w-]+/)
  await ok(await daniel.request.post(`/api/firm-invitations/${join.slice('/join/'.length)}/accept`))

  // Fiona's move; she invites Priya by email from People (its first option).
  const { txId, path } = await createMove(fiona.request, {
    address: '8 Mill Lane',
    postcode: 'AL5 1AA',
    agreed_price: 450000,
  })
  await fiona.page.goto(path)
  await fiona.page.getByRole('tab', { name: 'People' }).click()
  await fiona.page.getByRole('button', { name: 'Invite by email' }).click()
  const invite = fiona.page.getByRole('dialog', { name: 'Invite someone to this move' })
  await invite.getByLabel('Email address').fill(priya.email)
  await invite.getByLabel('Their role on this move').selectOption('buyer_conveyancer')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(invite).toBeHidden()

  // Priya accepts the emailed link: the move becomes her firm's matter.
  await priya.page.goto(await inviteLink(priya.request, priya.email))
  await priya.page.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(priya.page).toHaveURL(new RegExp(`/app/transactions/${txId}`))
  const matter = (await (await priya.request.get(`/api/transactions/${txId}/matter`)).json()) as {
    matter: { side: string; fee_earner: { full_name: string } } | null
  }
  expect(matter.matter).toMatchObject({ side: 'buyer', fee_earner: { full_name: 'Priya Shah' } })

  // Priya sets the deposit: nothing is in the way of a release later, so no help note.
  await priya.page.goto(`${path}/deposit`)
  await expect(priya.page.getByTestId('deposit-partner')).toContainText(
    'not authorised by the Financial Conduct Authority',
  )
  const setForm = priya.page.getByRole('form', { name: 'Set the deposit' })
  await expect(setForm.getByLabel('Deposit in pounds')).toHaveValue('45000')
  await setForm.getByRole('button', { name: 'Open held-funds account' }).click()
  await expect(toast(priya.page)).toContainText('Held-funds account opened')
  await expect(priya.page.getByTestId('release-help')).toHaveCount(0)

  // Fiona is told, in the bell and by email.
  await fiona.page.goto(path)
  await expectInBell(fiona.page, 'Your deposit of £45,000.00 is ready to pay')
  await mailMatch(fiona.request, fiona.email, /Your deposit of £45,000\.00 is ready to pay/)

  // She checks the account and pays it in (sandbox); the page names the partner.
  const page = fiona.page
  await page.goto(`${path}/deposit`)
  await expect(page.getByText('Held by Sandbox Escrow Ltd, never by Homeward')).toBeVisible()
  const cop = page.getByRole('form', { name: 'Check the receiving account' })
  await cop.getByLabel('Name of the account you were told to pay').fill('Sandbox Escrow Ltd Client Account')
  await cop.getByRole('button', { name: 'Check the account' }).click()
  await expect(page.getByTestId('payee-result')).toHaveAttribute('data-result', 'match')
  await page.getByRole('button', { name: 'Simulate bank transfer received' }).click()
  await expect(page.getByTestId('deposit-status')).toHaveText('Held', { timeout: 15_000 })
  await expect(page.getByTestId('deposit-explainer')).toContainText('Your deposit is held by Sandbox Escrow Ltd.')
  await expectInBell(page, 'Your deposit of £45,000.00 has arrived and is held')
  await mailMatch(fiona.request, fiona.email, /Your deposit of £45,000\.00 has arrived and is held/)
  // The deposit's timeline step ticked itself.
  const detail = (await (await fiona.request.get(`/api/transactions/${txId}`)).json()) as {
    version: number
    timeline_stages: { tasks: { title: string; status: string }[] }[]
  }
  const depositTask = detail.timeline_stages
    .flatMap((s) => s.tasks)
    .find((k) => k.title === "Deposit transferred to the buyer's conveyancer's client account")
  expect(depositTask?.status).toBe('completed')

  // Exchange and completion are recorded (today), then the release at completion.
  await ok(
    await priya.request.post(`/api/transactions/${txId}/status`, {
      data: { action: 'activate', version: detail.version },
    }),
  )
  const active = (await (await priya.request.get(`/api/transactions/${txId}`)).json()) as { version: number }
  const exchanged = await ok(
    await priya.request.post(`/api/transactions/${txId}/status`, {
      data: {
        action: 'exchange',
        version: active.version,
        exchange_date: today(),
        completion_date: today(),
        confirm: true,
      },
    }),
  )
  await ok(
    await priya.request.post(`/api/transactions/${txId}/status`, {
      data: { action: 'complete', version: ((await exchanged.json()) as { version: number }).version },
    }),
  )
  await priya.page.goto(`${path}/deposit`)
  const ask = priya.page.getByRole('form', { name: 'Ask for a release or refund' })
  await ask.getByRole('radio', { name: /At completion/ }).check()
  await ask.getByLabel('Account name').fill('Whitfield and Co Solicitors Client Account')
  await ask.getByLabel('Sort code').fill('200000')
  await ask.getByLabel('Account number').fill('55779911')
  await ask.getByRole('button', { name: 'Ask to release' }).click()
  await priya.page
    .getByRole('alertdialog', { name: 'Ask to release the deposit?' })
    .getByRole('button', { name: 'Approve and ask' })
    .click()
  await expect(toast(priya.page)).toContainText('Approval asked for')
  await daniel.page.goto(`${path}/deposit`)
  await daniel.page.getByRole('button', { name: 'Approve and release' }).click()
  await daniel.page
    .getByRole('alertdialog', { name: /Approve and release £45,000\.00/ })
    .getByRole('button', { name: 'Approve and release' })
    .click()
  await expect(toast(daniel.page)).toContainText('Deposit released')

  // Fiona is told; her page no longer says "held".
  await page.goto(`${path}/deposit`)
  await expect(page.getByTestId('deposit-explainer')).toContainText(
    "Your deposit was released to the seller's conveyancer at completion",
  )
  await expect(page.getByTestId('deposit-explainer')).not.toContainText('held')
  await expectNoAxeViolations(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: `${SHOTS}/deposit-released-buyer-390.png`, fullPage: true })
  await expectInBell(page, "Your deposit of £45,000.00 was released to the seller's conveyancer")
  await mailMatch(fiona.request, fiona.email, /Your deposit of £45,000\.00 was released to the seller's conveyancer/)

  await Promise.all([priya.close(), daniel.close(), fiona.close()])
})

test('a conveyancer with no firm is told why no release is possible, and links the move once she has a firm', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const sol = await person(browser, 'Sol Solo', 'conveyancer')
  const ava = await person(browser, 'Ava Buyer', 'buyer', { width: 390 })
  const { txId, path } = await createMove(ava.request, { agreed_price: 300000 })
  await ok(
    await ava.request.post(`/api/transactions/${txId}/invitations`, {
      data: { email: sol.email, role: 'buyer_conveyancer' },
    }),
  )
  await ok(
    await sol.request.post(`/api/invitations/${(await inviteLink(ava.request, sol.email)).split('/').pop()}/accept`, {
      data: {},
    }),
  )
  await ok(await sol.request.put(`/api/transactions/${txId}/deposit`, { data: { amount_pence: 30_000_00 } }))

  // The buyer is told who can fix it.
  await ava.page.goto(`${path}/deposit`)
  const buyerHelp = ava.page.getByTestId('release-help')
  await expect(buyerHelp).toContainText('Nobody can release your deposit yet')
  await expect(buyerHelp).toContainText('Sol Solo, your conveyancer, can fix this')
  await expectNoAxeViolations(ava.page)
  await ava.page.screenshot({ path: `${SHOTS}/deposit-release-help-buyer-390.png`, fullPage: true })

  // Sol, with no firm yet, is told what to do.
  await sol.page.goto(`${path}/deposit`)
  const help = sol.page.getByTestId('release-help')
  await expect(help).toContainText('Create your firm or join one on the Firm page')
  await expect(help.getByRole('button')).toHaveCount(0)

  // With a firm (and a colleague), one button links the move.
  const firmName = `Solo Conveyancing ${Date.now()}`
  await ok(
    await sol.request.post('/api/firm', {
      data: { name: firmName, town: 'Harpenden', postcode_district: 'AL5', contact_email: sol.email },
    }),
  )
  await sol.page.reload()
  await expect(help).toContainText('this move is not linked to a firm')
  await expectNoAxeViolations(sol.page)
  await sol.page.screenshot({ path: `${SHOTS}/deposit-link-firm-1280.png`, fullPage: true })
  await help.getByRole('button', { name: `Link this move to ${firmName}` }).click()
  await expect(toast(sol.page)).toContainText(`Linked to ${firmName}`)
  // Alone at the firm: the page now says a second admin or fee earner is needed.
  await expect(help).toContainText(`${firmName} has only one admin or fee earner on Homeward`)
  await Promise.all([sol.close(), ava.close()])
})
