/**
 * The firm's admin at work, as people do it in the browser: Priya (admin of the demo firm) opens her
 * firm from the header, changes Grace's role, invites a colleague by email (the email is in the local
 * outbox at /dev/mail; the colleague signs up, follows the link and joins), withdraws another
 * invitation, reads the firm's settings (removing the last item of a standard list restores
 * Homeward's), opens a matter for a client (the client is invited), reassigns it to Daniel on the
 * board and back from the move's workspace, and reads the firm's activity. A professional without a firm is offered to claim a listing or create one
 * on the cases board. axe on each screen; screenshots at 1280 and 390 px in test-results/screens.
 */
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, person, toast, uniqueEmail } from './app-helpers'
import { mailMatch } from './mail-helpers'
import { watchConsole } from './public-helpers'

const PRIYA = { email: 'priya.conveyancer@homeward.example', password: 'homeward-demo-2025' }
const FIRM = 'Shah Mercer Property Lawyers'
const SHOTS = 'test-results/screens'

async function noSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
}

async function changeRole(page: Page, name: string, role: 'Admin' | 'Fee earner' | 'Assistant') {
  await page.getByRole('button', { name: `Change role of ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: `Change ${name}'s role` })
  await dialog.getByRole('radio', { name: new RegExp(`^${role}`) }).check()
  await dialog.getByRole('button', { name: 'Save role' }).click()
  await expect(toast(page)).toContainText('Role changed')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('member-row').filter({ hasText: name })).toContainText(role)
}

test('Priya runs her firm: roles, invitations, settings, a new matter and its reassignment', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000)
  const console = watchConsole(page)
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/auth')
  await page.getByLabel('Email', { exact: true }).fill(PRIYA.email)
  await page.getByLabel('Password', { exact: true }).fill(PRIYA.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/cases$/)

  // The firm from the header: members in their roles; the only admin cannot be removed.
  await page.getByRole('link', { name: 'Firm', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/firm$/)
  await expect(page.getByRole('heading', { level: 1, name: FIRM })).toBeVisible()
  await expect(page.getByRole('link', { name: /^Members/ })).toHaveAttribute('aria-current', 'page')
  const members = page.getByTestId('member-row')
  await expect(members.filter({ hasText: 'Grace Okafor' })).toContainText('Assistant')
  await expect(members.filter({ hasText: 'Daniel Mercer' })).toContainText('Fee earner')
  await expect(page.getByRole('button', { name: 'Remove Priya Shah' })).toBeDisabled()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/firm-members-1280.png`, fullPage: true })

  // Grace becomes a fee earner (and goes back at the end, for the other journeys on the demo data).
  await changeRole(page, 'Grace Okafor', 'Fee earner')

  // Invite a colleague by email: pending, and in the local outbox.
  const colleagueEmail = uniqueEmail('colleague')
  await page.getByRole('link', { name: /^Invitations/ }).click()
  await expect(page).toHaveURL(/\/app\/firm\/invitations$/)
  await page.getByLabel('Email address').fill(colleagueEmail)
  await page.getByLabel('Role', { exact: true }).selectOption('fee_earner')
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(toast(page)).toContainText('Invitation sent')
  await expect(page.getByTestId('invitation-row').filter({ hasText: colleagueEmail })).toContainText('Fee earner')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/firm-invitations-1280.png`, fullPage: true })
  const joinLink = await mailMatch(page.request, colleagueEmail, /https?:\/\/\S+\/join\/[\w-]+\?email=\S+/)
  // The outbox page in a tab of its own (it has no favicon: its 404 is not the app's).
  const outboxPage = await page.context().newPage()
  await outboxPage.goto('/dev/mail')
  await expect(outboxPage.getByText(`Priya Shah invited you to join ${FIRM} on Homeward`).first()).toBeVisible()
  await expect(outboxPage.getByText(colleagueEmail).first()).toBeVisible()
  await outboxPage.screenshot({ path: `${SHOTS}/firm-invitation-outbox-1280.png` })
  await outboxPage.close()

  // The colleague signs up with that email, follows the link and joins.
  const colleague = await person(browser, 'Cole Colleague', 'conveyancer', { email: colleagueEmail })
  const url = new URL(joinLink)
  await colleague.page.goto(url.pathname + url.search)
  await colleague.page.getByRole('button', { name: `Join ${FIRM}` }).click()
  await expect(toast(colleague.page)).toContainText(`Welcome to ${FIRM}`)
  await expect(
    colleague.page.getByText(/matters \(\d+ live, \d+ completed(, \d+ cancelled)?\) · you are fee earner$/),
  ).toBeVisible()
  await colleague.close()

  // A second invitation is withdrawn after a confirmation.
  const secondEmail = uniqueEmail('withdrawn')
  await page.goto('/app/firm/invitations')
  await page.getByLabel('Email address').fill(secondEmail)
  await page.getByRole('button', { name: 'Send invitation' }).click()
  await expect(page.getByTestId('invitation-row').filter({ hasText: secondEmail })).toBeVisible()
  await page.getByRole('button', { name: `Withdraw the invitation to ${secondEmail}` }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click()
  await expect(toast(page)).toContainText('Invitation withdrawn')
  await expect(page.getByTestId('invitation-row').filter({ hasText: secondEmail })).toHaveCount(0)
  await expect(page.getByTestId('invitation-row').filter({ hasText: colleagueEmail })).toHaveCount(0)
  await page.getByRole('link', { name: /^Members/ }).click()
  await expect(members.filter({ hasText: 'Cole Colleague' })).toContainText('Fee earner')

  // Settings: SLA targets (refused out of range without a save) and a standard enquiry added, then removed.
  await page.getByRole('navigation', { name: 'Firm sections' }).getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/app\/firm\/settings$/)
  const firstTarget = page.getByRole('form', { name: 'SLA targets' }).getByRole('textbox').first()
  await firstTarget.fill('0')
  await page.getByRole('button', { name: 'Save SLA targets' }).click()
  await expect(page.getByText('At least 1 working day')).toBeVisible()
  await expect(firstTarget).toBeFocused()
  await page.reload()
  await page.getByLabel('Category').selectOption('other')
  await expect(page).toHaveURL(/category=other/)
  const enquiry = `Please confirm the boiler was serviced in the last year (${Date.now().toString(36)}).`
  await page.getByLabel('Add an enquiry to Other').fill(enquiry)
  await page.getByRole('button', { name: 'Add enquiry' }).click()
  await expect(toast(page)).toContainText('Enquiry added')
  const item = page.getByTestId('standard-item').filter({ hasText: enquiry })
  await expect(item).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/firm-settings-1280.png`, fullPage: true })
  await item.getByRole('button', { name: /^Remove enquiry/ }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
  await expect(toast(page)).toContainText('Enquiry removed')
  await expect(item).toHaveCount(0)

  // Removing the last item of the firm's own list restores Homeward's list (the dialog says so first).
  const items = page.getByTestId('standard-item')
  const homewards = await items.count()
  while ((await items.count()) > 1) {
    const before = await items.count()
    await items
      .first()
      .getByRole('button', { name: /^Remove enquiry/ })
      .click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click()
    await expect(items).toHaveCount(before - 1)
  }
  await expect(page.getByText("Your firm's list")).toBeVisible()
  await items
    .first()
    .getByRole('button', { name: /^Remove enquiry/ })
    .click()
  const last = page.getByRole('alertdialog', { name: 'Remove the last enquiry?' })
  await expect(last).toContainText(`restores Homeward's standard list (${homewards} enquiries)`)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/firm-settings-last-item-1280.png` })
  await last.getByRole('button', { name: 'Remove and restore' }).click()
  await expect(toast(page)).toContainText('List restored')
  await expect(page.getByText("Homeward's list", { exact: true })).toBeVisible()
  await expect(items).toHaveCount(homewards)

  // Open a matter from the cases board for a client, who is invited by email.
  const address = `${Math.floor(Math.random() * 900) + 100} Firmwide Avenue`
  const clientEmail = uniqueEmail('client')
  await page.goto('/app/cases')
  await page.getByRole('link', { name: 'Open a matter' }).click()
  await expect(page).toHaveURL(/\/app\/cases\/new$/)
  await page.getByRole('button', { name: 'Open matter' }).click()
  await expect(page.getByText('Enter the first line of the address')).toBeVisible()
  await page.getByLabel('Address line 1').fill(address)
  await page.getByLabel('Town or city').fill('St Albans')
  await page.getByLabel('Postcode', { exact: true }).fill('not a postcode')
  await page.getByLabel('Agreed price (£)').fill('485000')
  await page.getByRole('radio', { name: 'Freehold' }).check()
  await page.getByRole('radio', { name: "The seller's conveyancer" }).check()
  await expect(page.getByLabel('Fee earner')).toHaveValue(/.+/)
  await page.getByLabel("Client's full name").fill('Nadia Client')
  await page.getByLabel("Client's email").fill(clientEmail)
  await page.getByRole('button', { name: 'Open matter' }).click()
  await expect(page.getByText('Enter a valid UK postcode')).toBeVisible()
  await page.getByLabel('Postcode', { exact: true }).fill('AL1 3JE')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/open-matter-1280.png`, fullPage: true })
  await page.getByRole('button', { name: 'Open matter' }).click()
  await expect(page).toHaveURL(/\/app\/transactions\/[0-9a-f-]{36}$/)
  await expect(toast(page)).toContainText('Matter opened')
  await mailMatch(page.request, clientEmail, /\/invite\/[\w-]+/)

  // Reassign it to Daniel from its row on the board.
  await page.goto(`/app/cases?q=${encodeURIComponent(address)}`)
  const row = page.getByTestId('case-row').filter({ hasText: address })
  await expect(row).toContainText('Priya Shah')
  await row.getByRole('button', { name: `Reassign ${address}` }).click()
  const dialog = page.getByRole('dialog', { name: `Reassign ${address}` })
  await dialog.getByLabel('New fee earner').selectOption({ label: 'Daniel Mercer · Fee earner' })
  await expectNoAxeViolations(page)
  await dialog.getByRole('button', { name: 'Reassign' }).click()
  await expect(toast(page)).toContainText(`${address}, St Albans is now held by Daniel Mercer`)
  await expect(row).toContainText('Daniel Mercer')

  // And back to Priya from the move's workspace (People), where an admin reassigns too.
  await row.getByRole('link', { name: new RegExp(address) }).click()
  await expect(page).toHaveURL(/\/app\/transactions\//)
  const moveUrl = page.url()
  await page.getByRole('tab', { name: 'People' }).click()
  const feeEarner = page.getByRole('region', { name: "Your firm's fee earner" })
  await expect(feeEarner.getByTestId('matter-fee-earner')).toContainText("Daniel Mercer · Seller's matter")
  await feeEarner.getByRole('button', { name: 'Reassign' }).click()
  const fromWorkspace = page.getByRole('dialog', { name: `Reassign ${address}, St Albans` })
  await fromWorkspace.getByLabel('New fee earner').selectOption({ label: 'Priya Shah · Admin' })
  await expectNoAxeViolations(page)
  await fromWorkspace.getByRole('button', { name: 'Reassign' }).click()
  await expect(toast(page)).toContainText(`${address}, St Albans is now held by Priya Shah`)
  await expect(feeEarner.getByTestId('matter-fee-earner')).toContainText('Priya Shah')
  // The conveyancer seat on the move followed the matter.
  await expect(page.getByTestId('participant-card').filter({ hasText: "Seller's Conveyancer" })).toContainText(
    'Priya Shah',
  )
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/workspace-fee-earner-1280.png`, fullPage: true })

  // The firm's activity: what the admin did above, newest first.
  await page.goto('/app/firm')
  await page.getByRole('navigation', { name: 'Firm sections' }).getByRole('link', { name: 'Activity' }).click()
  await expect(page).toHaveURL(/\/app\/firm\/activity$/)
  const events = page.getByTestId('firm-event')
  await expect(events.first()).toContainText(
    `Priya Shah reassigned ${address}, St Albans from Daniel Mercer to Priya Shah`,
  )
  await expect(events.nth(1)).toContainText(`from Priya Shah to Daniel Mercer`)
  await expect(events.filter({ hasText: "restored Homeward's standard enquiries for Other" })).toHaveCount(1)
  await expect(
    events.filter({ hasText: "changed Grace Okafor's role from assistant to fee earner" }).first(),
  ).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/firm-activity-1280.png`, fullPage: true })

  // 390 px: the firm page and the form fit the phone.
  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/firm')
  await expect(members.first()).toBeVisible()
  await noSidewaysScroll(page)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/firm-members-390.png`, fullPage: true })
  await page.goto('/app/firm/settings')
  await expect(page.getByRole('heading', { name: 'SLA targets' })).toBeVisible()
  await noSidewaysScroll(page)
  await page.screenshot({ path: `${SHOTS}/firm-settings-390.png`, fullPage: true })
  await page.goto(`${moveUrl}?tab=people`)
  await expect(page.getByTestId('matter-fee-earner')).toContainText('Priya Shah')
  await noSidewaysScroll(page)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/workspace-fee-earner-390.png`, fullPage: true })
  await page.goto('/app/firm/activity')
  await expect(page.getByTestId('firm-event').first()).toBeVisible()
  await noSidewaysScroll(page)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/firm-activity-390.png`, fullPage: true })
  await page.goto('/app/cases/new')
  await expect(page.getByLabel('Address line 1')).toBeVisible()
  await noSidewaysScroll(page)
  await page.screenshot({ path: `${SHOTS}/open-matter-390.png`, fullPage: true })
  await page.goto(`/app/cases?q=${encodeURIComponent(address)}`)
  // Held by Priya again since the workspace's reassignment.
  await expect(page.getByTestId('case-item').filter({ hasText: address })).toContainText('Priya Shah')
  await noSidewaysScroll(page)
  await page.screenshot({ path: `${SHOTS}/cases-reassign-390.png`, fullPage: true })

  // Grace back to assistant.
  await page.setViewportSize({ width: 1280, height: 900 })
  await page.goto('/app/firm')
  await changeRole(page, 'Grace Okafor', 'Assistant')
  console.check([/status of 40[19]/])
})

test('a professional without a firm is offered to claim a listing or create one, and becomes its admin', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const pro = await person(browser, 'Nia Newfirm', 'conveyancer')
  const { page } = pro
  await page.goto('/app/cases')
  await expect(page.getByRole('heading', { name: 'Set up your firm' })).toBeVisible()
  await page.getByLabel("Your firm's name in the directory").fill('Shah')
  await page.getByRole('button', { name: 'Search' }).click()
  // The demo firm has members: it is not offered to claim.
  await expect(page.getByRole('button', { name: `Claim ${FIRM}` })).toHaveCount(0)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/firm-onboarding-1280.png`, fullPage: true })

  const name = `Newfirm ${Date.now().toString(36)} Conveyancing`
  const create = page.getByRole('form', { name: 'Create your firm' })
  await create.getByLabel('Firm name').fill(name)
  await create.getByLabel('Town').fill('Harpenden')
  await create.getByLabel('Postcode district').fill('al5')
  await create.getByLabel('Contact email').fill('hello@newfirm.example')
  await create.getByRole('button', { name: 'Create firm' }).click()
  await expect(toast(page)).toContainText('Firm created')
  await expect(page.getByText('No matters found')).toBeVisible()
  await expect(page.getByText(/0 matters \(0 live, 0 completed\) · you are admin/)).toBeVisible()

  await page.setViewportSize({ width: 390, height: 844 })
  await page.goto('/app/firm')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Remove Nia Newfirm' })).toBeDisabled()
  await noSidewaysScroll(page)
  await expectNoAxeViolations(page)
  pro.console.check([/status of 401/])
  await pro.close()
})

test('a fee earner reads the firm, its targets and lists, and changes nothing', async ({ page }) => {
  const console = watchConsole(page)
  const res = await page.request.post('/api/auth/sign-in/email', {
    data: { email: 'daniel.feeearner@homeward.example', password: PRIYA.password },
  })
  expect(res.ok()).toBe(true)
  await page.goto('/app/firm')
  await expect(page.getByRole('heading', { level: 1, name: FIRM })).toBeVisible()
  await expect(page.getByText('Only an admin changes roles or removes members.')).toBeVisible()
  await expect(page.getByRole('button', { name: /^Change role of/ })).toHaveCount(0)
  await page.getByRole('link', { name: /^Invitations/ }).click()
  await expect(page.getByText(/Only an admin of .* invites colleagues/)).toBeVisible()
  await page.getByRole('navigation', { name: 'Firm sections' }).getByRole('link', { name: 'Settings' }).click()
  await expect(page.getByText('Replies to enquiries')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Save SLA targets' })).toHaveCount(0)
  await expect(page.getByTestId('standard-item').first()).toBeVisible()
  await expect(page.getByRole('button', { name: /^Remove enquiry/ })).toHaveCount(0)
  await expectNoAxeViolations(page)
  // The firm's activity is its admins': no link, and the page says who sees it.
  await expect(
    page.getByRole('navigation', { name: 'Firm sections' }).getByRole('link', { name: 'Activity' }),
  ).toHaveCount(0)
  await page.goto('/app/firm/activity')
  await expect(page.getByText(`Only an admin of ${FIRM} sees the firm's activity.`)).toBeVisible()
  console.check()
})
