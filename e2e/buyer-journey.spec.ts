/**
 * The product's main job, end to end on real input, in Chromium, with a browser context per person.
 * A buyer signs up and creates 47 Park Road, Harpenden AL3 5AF; invites the seller by email and a
 * conveyancer from the marketplace; both accept through the links read from the local outbox
 * (/api/dev/mail); the conveyancer ticks tasks, blocks a stage and clears it, records exchange then
 * completion; the buyer sees progress, badges, the Activity view and the status change; a fourth person
 * opening the workspace gets the toast and is sent home (and the API answers 404). Along the way:
 * an invalid postcode, a reused invitation, an invitation opened by another email and illegal status
 * transitions each show a clear message and change nothing.
 */
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, newBrowser } from './app-helpers'
import { inviteLink, verifyEmailByLink } from './mail-helpers'

const PASSWORD = 'park-road-2025!'
const SHOTS = 'test-results/screens'
// A signed-out page asks /api/me, which answers 401: the browser logs that as a console error.
const ALLOWED_CONSOLE = [/status of 401/, /status of 403/, /status of 404/, /status of 409/, /status of 410/]

const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`
const buyer = { name: 'Hannah Okafor', email: `hannah.${run}@e2e.homeward.example` }
const seller = { name: 'Graham Pike', email: `graham.${run}@e2e.homeward.example` }
const outsider = { name: 'Olive Stranger', email: `olive.${run}@e2e.homeward.example` }

async function signUp(page: Page, person: { name: string; email: string }, role: string) {
  await page.getByLabel('Full name').fill(person.name)
  await page.getByLabel('Email', { exact: true }).fill(person.email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: role, exact: true }).click()
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByText('Account created!')).toBeVisible()
  // Sign-up signs nobody in (it answers known and unknown emails alike): sign in with the password;
  // the address stays unconfirmed.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await page.getByRole('button', { name: 'Go to Sign In' }).click()
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  // Signed in: the app's header names the account. (Not the 'Welcome back!' toast, which auth.spec.ts
  // checks: after an invitation link, sign-in goes straight on to accepting it and opening the move, and
  // in CI the toast was sometimes gone, or never found, by the time the test looked.)
  await expect(page.getByRole('img', { name: `Signed in as ${person.email}` })).toBeVisible()
}

async function shot(page: Page, name: string) {
  await page.screenshot({ path: `${SHOTS}/journey-${name}-${page.viewportSize()!.width}.png`, fullPage: true })
}

function stage(page: Page, name: string) {
  return page.getByTestId('stage-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

test.describe.configure({ mode: 'serial' })

test('a buyer, a seller and a conveyancer run a move from offer to completion', async ({ browser, request }) => {
  test.setTimeout(240_000)

  // --- The buyer signs up and creates the transaction -----------------------------------------
  const b = await newBrowser(browser)
  await b.page.goto('/auth')
  await b.page.getByRole('tab', { name: 'Sign Up' }).click()
  await signUp(b.page, buyer, 'Buyer')
  await expect(b.page).toHaveURL(/\/app\/home$/)
  await expect(b.page.getByText('No transactions yet')).toBeVisible()
  // Inviting needs a confirmed email: the banner says so, and the emailed link confirms it.
  await expect(b.page.getByRole('region', { name: 'Confirm your email' })).toBeVisible()
  await verifyEmailByLink(b.page, buyer.email)
  await b.page.getByRole('link', { name: 'Go to Homeward' }).click()
  await expect(b.page.getByText('No transactions yet')).toBeVisible()
  await expect(b.page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0)

  await b.page.getByRole('button', { name: 'Create Transaction' }).click()
  const form = b.page.getByRole('dialog', { name: 'Create a transaction' })
  await form.getByLabel('Address line 1').fill('47 Park Road')
  await form.getByLabel('Town or city').fill('Harpenden')
  await form.getByLabel('Postcode', { exact: true }).fill('AL3 5AFX')
  await form.getByLabel('Agreed price (£)').fill('685000')
  await form.getByLabel('Freehold').check()
  await form.getByRole('button', { name: 'Create Transaction' }).click()
  // An invalid postcode is refused at the field and nothing is created.
  await expect(form.getByText('Enter a valid UK postcode')).toBeVisible()
  await expect(form.getByLabel('Postcode', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  expect(
    ((await (await b.page.request.get('/api/transactions')).json()) as { transactions: unknown[] }).transactions,
  ).toHaveLength(0)
  await shot(b.page, 'create-invalid-postcode')

  await form.getByLabel('Postcode', { exact: true }).fill('al3 5af')
  await form.getByRole('button', { name: 'Create Transaction' }).click()
  await expect(b.page).toHaveURL(/\/app\/transactions\/[0-9a-f-]{36}$/)
  const txPath = new URL(b.page.url()).pathname
  await expect(b.page.getByRole('heading', { level: 1, name: '47 Park Road' })).toBeVisible()
  await expect(b.page.getByText('Harpenden, AL3 5AF')).toBeVisible()
  await expect(b.page.getByTestId('status-badge').first()).toHaveText('Draft')
  await expect(b.page.getByTestId('header-participants')).toHaveText('1 participant')
  await expect(b.page.getByTestId('header-overall-progress')).toHaveText('0% complete')

  // --- Invites: the seller by email ---------------------------------------------------------------
  await b.page.getByRole('tab', { name: 'People' }).click()
  await b.page.getByRole('button', { name: 'Invite by email' }).click()
  const invite = b.page.getByRole('dialog', { name: 'Invite someone to this move' })
  await invite.getByLabel('Email address').fill(seller.email)
  await invite.getByLabel('Their role on this move').selectOption('seller')
  await invite.getByRole('button', { name: 'Send invitation' }).click()
  await expect(b.page.getByText('Invitation sent', { exact: true })).toBeVisible()
  await expect(b.page.getByTestId('pending-invitations')).toContainText(seller.email)

  // --- ... and a conveyancer from the marketplace -------------------------------------------------
  const { organizations } = (await (await request.get('/api/organizations')).json()) as {
    organizations: { id: string; name: string; type: string; contact_email: string | null }[]
  }
  const firm = organizations.filter((o) => o.type === 'law' && o.contact_email && !o.name.startsWith('Shah Mercer'))[3]!
  await b.page.goto(`/marketplace/${firm.id}`)
  await b.page
    .getByRole('link', { name: new RegExp(`^Invite`) })
    .first()
    .click()
  await expect(b.page).toHaveURL(new RegExp(`/app/home\\?invite=${firm.id}`))
  const orgDialog = b.page.getByRole('dialog', { name: `Invite ${firm.name}` })
  await expect(orgDialog.getByLabel('47 Park Road, Harpenden, AL3 5AF')).toBeChecked()
  await shot(b.page, 'marketplace-invite')
  await orgDialog.getByRole('button', { name: 'Send invitation' }).click()
  await expect(b.page).toHaveURL(new RegExp(`${txPath}\\?tab=people$`))
  await expect(b.page.getByTestId('pending-invitations')).toContainText(firm.name)
  await expect(b.page.getByTestId('pending-invitations')).toContainText("Buyer's Conveyancer")

  // --- The seller accepts through the emailed link, signing up from it -------------------------
  const sellerLink = await inviteLink(request, seller.email)
  const s = await newBrowser(browser, { width: 390 })
  await s.page.goto(sellerLink)
  await expect(s.page.getByRole('heading', { name: "You're invited to a move" })).toBeVisible()
  await expect(s.page.getByText('47 Park Road, Harpenden, AL3 5AF')).toBeVisible()
  await shot(s.page, 'invite-signed-out')
  await s.page.getByRole('link', { name: 'Create an account' }).click()
  await expect(s.page).toHaveURL(/\/auth\?.*tab=sign-up/)
  await signUp(s.page, seller, 'Seller')
  // Back from sign-up through the invitation, it is accepted without a second press.
  await expect(s.page).toHaveURL(txPath)
  await expect(s.page.getByText("You've joined the move")).toBeVisible()
  // Both sides are on it: the draft became active.
  await expect(s.page.getByTestId('status-badge').first()).toHaveText('Active')

  // The same link again: used, says so, and accepting changes nothing.
  await s.page.goto(sellerLink)
  await expect(s.page.getByRole('alert').filter({ hasText: 'This invitation has already been used' })).toBeVisible()
  await expect(s.page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0)
  const reuse = await s.page.request.post(`/api${sellerLink.replace('/invite/', '/invitations/')}/accept`, { data: {} })
  expect(reuse.status()).toBe(410)
  await shot(s.page, 'invite-used')

  // --- The conveyancer's link, opened first by someone else --------------------------------------
  const conveyancerLink = await inviteLink(request, firm.contact_email!)
  const o = await newBrowser(browser)
  await o.page.goto('/auth?tab=sign-up')
  await signUp(o.page, outsider, 'Buyer')
  await o.page.goto(conveyancerLink)
  await o.page.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(
    o.page.getByRole('alert').filter({ hasText: 'Sign in with that email address to accept it' }),
  ).toBeVisible()
  await expect(o.page.getByRole('button', { name: 'Sign out and use another account' })).toBeVisible()
  await expect(o.page).toHaveURL(conveyancerLink)
  await shot(o.page, 'invite-wrong-email')

  // The conveyancer signs up with the firm's address and accepts.
  const c = await newBrowser(browser)
  await c.page.goto(conveyancerLink)
  await c.page.getByRole('link', { name: 'Create an account' }).click()
  await signUp(c.page, { name: 'Jo Marsh', email: firm.contact_email! }, 'Conveyancer')
  await expect(c.page).toHaveURL(txPath)
  await expect(c.page.getByText("You are the Buyer's Conveyancer")).toBeVisible()

  // --- The conveyancer works the timeline ------------------------------------------------------
  await c.page.getByRole('tab', { name: 'Timeline' }).click()
  const instruction = stage(c.page, 'Instruction & ID checks')
  await instruction.getByRole('button', { name: /See all \d+ tasks/ }).click()
  // The ID and AML tasks and the source of funds tick themselves (an approved CDD record, the funds
  // review), so they have no checkbox; the client care letter is ticked by hand.
  await expect(instruction.getByText(/Ticks itself/).first()).toBeVisible()
  const ticks = instruction.getByRole('checkbox')
  expect(await ticks.count()).toBeGreaterThanOrEqual(1)
  // click, then wait: while the tick's answer lands the row may re-render once (check() would fail at once).
  await ticks.nth(0).click()
  await expect(ticks.nth(0)).toBeChecked()
  await expect(instruction.getByText(/^[1-9] of \d+ tasks complete$/)).toBeVisible()
  await expect(instruction.getByText('Ticked by Jo Marsh').first()).toBeVisible()

  const searches = stage(c.page, 'Searches')
  await searches.getByRole('button', { name: 'Mark blocked on Searches' }).click()
  const block = c.page.getByRole('alertdialog', { name: 'Mark Searches as blocked' })
  await expect(block.getByLabel('Reason')).toBeFocused()
  await block.getByRole('button', { name: 'Mark blocked' }).click()
  await expect(block.getByText('Say why the stage is blocked')).toBeVisible()
  await block.getByLabel('Reason').fill('Local authority search delayed by the council (about 15 working days)')
  await block.getByRole('button', { name: 'Mark blocked' }).click()
  await expect(searches.getByText('Blocked', { exact: true })).toBeVisible()
  await expect(searches.getByRole('note')).toContainText('Local authority search delayed')
  await shot(c.page, 'conveyancer-timeline-blocked')

  // The buyer sees the ticks, the Blocked badge and the reason.
  await b.page.goto(`${txPath}?tab=timeline`)
  await expect(stage(b.page, 'Searches').getByText('Blocked', { exact: true })).toBeVisible()
  await expect(stage(b.page, 'Searches').getByRole('note')).toContainText('Local authority search delayed')
  await expect(stage(b.page, 'Instruction & ID checks').getByText(/^[1-9] of \d+ tasks complete$/)).toBeVisible()
  await expect(b.page.getByRole('button', { name: /Mark blocked/ })).toHaveCount(0)
  await shot(b.page, 'buyer-sees-block')

  // The conveyancer clears the block.
  await searches.getByRole('button', { name: 'Clear block on Searches' }).click()
  await c.page
    .getByRole('alertdialog', { name: 'Clear the block on Searches?' })
    .getByRole('button', { name: 'Clear block' })
    .click()
  await expect(searches.getByText('Blocked', { exact: true })).toHaveCount(0)
  await expect(c.page.getByText('Block cleared')).toBeVisible()

  // --- Illegal transitions say why and change nothing ------------------------------------------
  const txId = txPath.split('/').pop()!
  const detail = (await (await b.page.request.get(`/api/transactions/${txId}`)).json()) as {
    version: number
    status: string
  }
  const early = await b.page.request.post(`/api/transactions/${txId}/status`, {
    data: { action: 'complete', version: detail.version },
  })
  expect(early.status()).toBe(409)
  expect(((await early.json()) as { error: { message: string } }).error.message).toMatch(/./)
  const buyerExchange = await b.page.request.post(`/api/transactions/${txId}/status`, {
    data: {
      action: 'exchange',
      version: detail.version,
      exchange_date: '2026-01-10',
      completion_date: '2026-01-24',
      confirm: true,
    },
  })
  expect(buyerExchange.status()).toBe(409)
  expect(((await buyerExchange.json()) as { error: { message: string } }).error.message).toContain('conveyancer')
  // The buyer is offered no exchange or completion at all.
  await expect(b.page.getByRole('button', { name: 'Record exchange' })).toHaveCount(0)

  // --- Exchange then completion ----------------------------------------------------------------
  // A second tab of the conveyancer's with the exchange form already open, to show the 409 message
  // in the UI: live updates refresh the tab behind the form, but the form was started on a move
  // that was still active.
  const stale = await c.context.newPage()
  await stale.goto(txPath)
  await stale.getByRole('button', { name: 'Record exchange' }).click()
  const staleDialog = stale.getByRole('alertdialog', { name: 'Record exchange of contracts' })
  await staleDialog.getByLabel('Exchange date').fill('2026-03-03')
  await staleDialog.getByLabel('Completion date').fill('2026-04-01')
  await staleDialog.getByLabel('I confirm contracts have been exchanged').check()

  await c.page.getByRole('button', { name: 'Record exchange' }).click()
  const exchange = c.page.getByRole('alertdialog', { name: 'Record exchange of contracts' })
  await exchange.getByLabel('Exchange date').fill('2026-03-02')
  await exchange.getByLabel('Completion date').fill('2026-03-16')
  await exchange.getByLabel('I confirm contracts have been exchanged').check()
  await shot(c.page, 'exchange-dialog')
  await exchange.getByRole('button', { name: 'Record exchange' }).click()
  await expect(c.page.getByText('Exchange recorded')).toBeVisible()
  await expect(c.page.getByTestId('status-badge').first()).toHaveText('Exchanged')
  await expect(c.page.getByText('Contracts exchanged on 02 Mar 2026.')).toBeVisible()

  // Submitting the older form gives the server's message and changes nothing.
  await staleDialog.getByRole('button', { name: 'Record exchange' }).click()
  await expect(stale.getByText('Could not record exchange')).toBeVisible()
  await expect(stale.getByText(/Someone else changed this move|only be recorded on an active move/)).toBeVisible()
  await expect(stale.getByTestId('status-badge').first()).toHaveText('Exchanged')
  await expect(stale.getByText('Completion agreed for 16 Mar 2026.')).toBeVisible()
  await stale.close()

  await c.page.getByRole('button', { name: 'Record completion' }).click()
  const completion = c.page.getByRole('alertdialog', { name: 'Record completion' })
  await expect(completion.getByLabel('Completion date')).toHaveValue('2026-03-16')
  await completion.getByRole('button', { name: 'Record completion' }).click()
  await expect(c.page.getByText('Completion recorded')).toBeVisible()
  await expect(c.page.getByTestId('status-badge').first()).toHaveText('Completed')
  await expect(c.page.getByRole('button', { name: /Record|Cancel move|More actions/ })).toHaveCount(0)
  await shot(c.page, 'completed')

  // Completed is final: the API refuses anything more.
  const after = (await (await c.page.request.get(`/api/transactions/${txId}`)).json()) as { version: number }
  const again = await c.page.request.post(`/api/transactions/${txId}/status`, {
    data: { action: 'cancel', version: after.version, reason: 'Changed our minds' },
  })
  expect(again.status()).toBe(409)
  expect(((await again.json()) as { error: { message: string } }).error.message).toContain('can no longer change')

  // --- The buyer sees progress, badges, the Activity view and the status -----------------------
  await b.page.goto(txPath)
  await expect(b.page.getByTestId('status-badge').first()).toHaveText('Completed')
  await expect(b.page.getByText('Completed on 16 Mar 2026.')).toBeVisible()
  const percent = Number((await b.page.getByTestId('overall-percent').textContent())!.replace('%', ''))
  expect(percent).toBeGreaterThan(0)
  await shot(b.page, 'buyer-overview-completed')
  // The status changes are in the Activity view (Recent Activity lists chat messages, decision 063).
  await b.page.getByTestId('all-activity-link').click()
  const activity = b.page.getByTestId('activity-trail')
  await expect(activity).toContainText('Jo Marsh recorded completion')
  await expect(activity).toContainText('Jo Marsh recorded exchange')
  await b.page.getByRole('tab', { name: 'Overview' }).click()

  // --- The completed move asks the buyer to review the firm that worked on it -----------------
  await b.page.getByRole('link', { name: 'Review your professionals' }).click()
  await expect(b.page).toHaveURL(`${txPath}/review`)
  await expect(b.page.getByRole('heading', { name: 'How did your move go?' })).toBeVisible()
  const firmForm = b.page.locator('section').filter({ has: b.page.getByRole('heading', { name: firm.name }) })
  await firmForm.locator('label').filter({ hasText: '5 stars' }).click()
  await expect(firmForm.getByRole('radio', { name: '5 stars' })).toBeChecked()
  await firmForm.getByLabel('Comment (optional)').fill('Kept us informed at every stage.')
  await firmForm.getByRole('button', { name: `Review ${firm.name}` }).click()
  await expect(firmForm.getByText(/You rated .* 5 out of 5/)).toBeVisible()
  await expectNoAxeViolations(b.page)
  await b.page.goto(txPath)
  await b.page.goto('/app/home')
  const card = b.page.getByTestId('transaction-card').filter({ hasText: '47 Park Road' })
  await expect(card.getByTestId('status-badge')).toHaveText('Completed')
  await expect(card).toContainText('3 participants')
  await expect(card).toContainText(`${percent}%`)
  await expect(b.page.getByTestId('stat-active-moves')).toHaveText('0')
  await expect(b.page.getByTestId('stat-total-moves')).toHaveText('1')
  await expect(b.page.getByTestId('stat-team-members')).toHaveText('3')
  await shot(b.page, 'buyer-dashboard')

  // --- A fourth person opening the workspace: toast, then home; the API answers 404 ------------
  await o.page.goto(txPath)
  await expect(o.page.getByText('Error loading transaction')).toBeVisible()
  await expect(o.page.getByText('Could not find this transaction.')).toBeVisible()
  await expect(o.page).toHaveURL(/\/app\/home$/)
  expect((await o.page.request.get(`/api/transactions/${txId}`)).status()).toBe(404)

  for (const p of [b, s, c, o]) {
    p.console.check(ALLOWED_CONSOLE)
    await p.context.close()
  }
})
