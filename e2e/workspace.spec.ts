/**
 * /app/transactions/:txId: the header and the five tabs on
 * the demo move (read only, so parallel tests never disturb it), ticking with optimistic update,
 * rollback and the 409 message, cancelling with a reason, the People tab's invitations (re-send,
 * revoke, the withdrawn link), links that are not valid or have expired, and the not-found toast.
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { inviteLink } from './mail-helpers'
import { watchConsole } from './public-helpers'
import { formatUkDate } from '../src/web/lib/formatters'
import type { DocumentListResponse } from '../src/shared/contracts/documents'
import type { Participant } from '../src/shared/contracts/transactions'
import { buyerWithMove, expectNoAxeViolations, signInByRequest, toast, uniqueEmail } from './app-helpers'

const PASSWORD = 'workspace-spec-2025!'
const SHOTS = 'test-results/screens'
const DEMO_TX = '/app/transactions/5eed0000-0000-4000-8000-000000000002'
const AMELIA = { email: 'amelia.buyer@homeward.example', password: 'homeward-demo-2025' }
const PRIYA = { email: 'priya.conveyancer@homeward.example', password: 'homeward-demo-2025' }
const ALLOWED_CONSOLE = [/status of 40[0-9]/, /status of 500/]

// The buyer of each new move here (buyerWithMove), named on the withdrawn invitation.
const WES = { name: 'Wes Workspace', password: PASSWORD, address: '3 Station Road' }

function stage(page: Page, name: string) {
  return page.getByTestId('stage-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

test.describe('the demo move, read only', () => {
  // One test per width: each walks the five tabs with an axe scan on each, so they run in parallel.
  for (const width of [1280, 390]) {
    test(`header, the tabs and their content, at ${width} px`, async ({ page }) => {
      test.setTimeout(120_000)
      const console = watchConsole(page)
      await signInByRequest(page.request, AMELIA)
      {
        await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
        await page.goto(DEMO_TX)
        await expect(page.getByRole('heading', { level: 1, name: '12 Clarence Road' })).toBeVisible()
        await expect(page.getByTestId('status-badge').first()).toHaveText('Active')
        await expect(page.getByTestId('header-participants')).toHaveText('6 participants')
        await expect(page.getByTestId('header-documents')).toHaveText('12 documents') // 13 files, the TA6 in two versions; the signed TA6 and TA10 PDFs
        await expect(page.getByTestId('header-overall-progress')).toHaveText(/^\d+% complete$/)
        await expect(page.getByTestId('header-agreed-price')).toHaveText('£525,000')
        // The spec's five tabs; Enquiries and Activity are views of Documents, the Chain of Timeline (decision 063).
        await expect(page.getByRole('tab')).toHaveText(['Overview', 'Timeline', 'Documents', 'People', 'Chat'])
        // No horizontal scrolling of the page at this width, on any tab.
        const fits = async () =>
          expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
        await fits()

        // Overview
        await expect(page.getByTestId('overview-stages-completed')).toHaveText('2')
        await expect(page.getByTestId('overview-participants')).toHaveText('6')
        await expect(page.getByTestId('overview-documents')).toHaveText('12')
        const key = page.getByRole('region', { name: 'Key Participants' })
        await expect(key.getByRole('listitem')).toHaveCount(4) // spec: Key Participants shows 4
        await expect(key).toContainText("Priya ShahBuyer's Conveyancer · Shah Mercer Property Lawyers")
        await expect(key.getByRole('link', { name: 'Invite Professional' })).toHaveAttribute('href', '/marketplace')
        await expect(page.getByTestId('recent-activity').getByRole('listitem')).toHaveCount(5)
        await expectNoAxeViolations(page)
        await page.screenshot({ path: `${SHOTS}/workspace-overview-${width}.png`, fullPage: true })

        // Timeline
        await page.getByRole('tab', { name: 'Timeline' }).click()
        await expect(page).toHaveURL(/\?tab=timeline$/)
        await expect(page.getByTestId('stage-card')).toHaveCount(9)
        await expect(page.getByTestId('stage-card').getByRole('heading')).toHaveText([
          'Offer accepted',
          'Instruction & ID checks',
          'Property information',
          'Searches',
          'Mortgage & survey',
          'Enquiries & report on title',
          'Exchange of contracts',
          'Completion',
          'Post-completion',
        ])
        const searches = stage(page, 'Searches')
        await expect(searches.getByText('Blocked', { exact: true })).toBeVisible()
        await expect(searches.getByRole('note')).toContainText('Local authority search delayed')
        await expect(searches.getByText(/^\d of 5 tasks complete$/)).toBeVisible()
        await expect(searches.getByTestId('task-row')).toHaveCount(3)
        const seeAll = searches.getByRole('button', { name: 'See all 5 tasks in Searches' })
        await expect(seeAll).toHaveAttribute('aria-expanded', 'false')
        await seeAll.click()
        await expect(searches.getByTestId('task-row')).toHaveCount(5)
        await expect(searches.getByRole('button', { name: 'Show fewer tasks in Searches' })).toHaveAttribute(
          'aria-expanded',
          'true',
        )
        // The buyer ticks only buyer's-side tasks, and cannot block stages.
        await expect(searches.getByRole('checkbox')).toHaveCount(1)
        await expect(searches.getByRole('checkbox', { name: /Search fees paid on account/ })).toBeChecked()
        await expect(page.getByRole('button', { name: /Mark blocked|Clear block/ })).toHaveCount(0)
        await fits()
        await expectNoAxeViolations(page)
        await page.screenshot({ path: `${SHOTS}/workspace-timeline-${width}.png`, fullPage: true })

        // Documents
        await page.getByRole('tab', { name: 'Documents' }).click()
        await expect(page.getByRole('heading', { name: 'Smart Contract Room' })).toBeVisible()
        await expect(page.getByTestId('document-folder').getByRole('heading')).toHaveText([
          /^Identity/,
          /^Property/,
          /^Searches/,
          /^Mortgage/,
          /^Contracts/,
          /^Fixtures/,
        ])
        const contracts = page.getByTestId('document-folder').filter({ hasText: 'client-care-letter' })
        await expect(contracts.getByText('Signed')).toBeVisible()
        await expect(contracts).toContainText('Version 1')
        // The demo data is dated relative to the moment it was seeded (36 days before), which may be the
        // day before this test runs: the date shown is read from what the server holds, not recomputed here.
        const listed = (await (
          await page.request.get(`/api${DEMO_TX.replace('/app', '')}/documents`)
        ).json()) as DocumentListResponse
        const letter = listed.documents.find((d) => d.filename === 'client-care-letter-amelia-clarke.pdf')
        expect(letter, 'the demo client care letter is listed').toBeDefined()
        const letterDay = new Date(letter!.created_at)
        expect(Date.now() - letterDay.getTime()).toBeGreaterThan(35 * 24 * 60 * 60 * 1000)
        await expect(contracts).toContainText(formatUkDate(letterDay))
        // The row shows the latest version; the earlier one is in its history.
        await expect(page.getByTitle('TA6-property-information-form.pdf')).toHaveCount(1)
        await expect(
          page.getByRole('button', { name: /Show 1 earlier version of TA6-property-information-form/ }),
        ).toBeVisible()
        await page.getByRole('button', { name: 'View client-care-letter-amelia-clarke.pdf' }).click()
        await expect(page.getByRole('dialog', { name: 'client-care-letter-amelia-clarke.pdf' })).toBeVisible()
        await page.keyboard.press('Escape')
        await expect(page.getByRole('dialog')).toHaveCount(0)
        await expect(page.getByRole('button', { name: 'Upload Document' })).toBeVisible()
        await fits()
        await expectNoAxeViolations(page)
        await page.screenshot({ path: `${SHOTS}/workspace-documents-${width}.png`, fullPage: true })

        // People
        await page.getByRole('tab', { name: 'People' }).click()
        const cards = page.getByTestId('participant-card')
        await expect(cards).toHaveCount(6)
        await expect(cards.nth(2)).toContainText('PS')
        await expect(cards.nth(2)).toContainText("Buyer's Conveyancer")
        await expect(cards.nth(2)).toContainText('Shah Mercer Property Lawyers')
        const priya = (
          (await (await page.request.get(`/api${DEMO_TX.replace('/app', '')}`)).json()) as {
            transaction_participants: Participant[]
          }
        ).transaction_participants.find((p) => p.profile.full_name === 'Priya Shah')
        expect(priya, 'Priya is a participant of the demo move').toBeDefined()
        await expect(cards.nth(2)).toContainText(`Invited ${formatUkDate(new Date(priya!.created_at))}`)
        await expect(page.getByRole('link', { name: 'Find a professional' })).toHaveAttribute('href', '/marketplace')
        await expect(page.getByRole('heading', { name: 'Pending invitations' })).toBeVisible()
        await fits()
        await expectNoAxeViolations(page)
        await page.screenshot({ path: `${SHOTS}/workspace-people-${width}.png`, fullPage: true })

        // Chat
        await page.getByRole('tab', { name: 'Chat' }).click()
        // The demo conversation, already read by its three people: no unread badge, General open with its history.
        const threadList = page.getByRole('navigation', { name: 'Chat threads' })
        await expect(threadList).toBeVisible()
        // On phones the thread list and the open thread take turns.
        if (width < 500) await threadList.getByText('General', { exact: true }).click()
        await expect(page.getByRole('heading', { name: 'General', level: 3 })).toBeVisible()
        await expect(page.getByRole('region', { name: 'Messages' })).toContainText('gifted deposit letter')
        await expect(page.getByLabel('Message General')).toBeVisible()
        await fits()
        await expectNoAxeViolations(page)
        await page.screenshot({ path: `${SHOTS}/workspace-chat-${width}.png`, fullPage: true })
      }
      console.check(ALLOWED_CONSOLE)
    })
  }

  test('the tabs work from the keyboard', async ({ page }) => {
    await signInByRequest(page.request, AMELIA)
    await page.goto(DEMO_TX)
    await page.getByRole('tab', { name: 'Overview' }).focus()
    await page.keyboard.press('ArrowRight')
    await expect(page.getByRole('tab', { name: 'Timeline' })).toBeFocused()
    await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByTestId('stage-card').first()).toBeVisible()
  })

  test('the conveyancer is offered the stage blocks and exchange', async ({ page }) => {
    await signInByRequest(page.request, PRIYA)
    await page.goto(`${DEMO_TX}?tab=timeline`)
    await expect(page.getByText("You are the Buyer's Conveyancer")).toBeVisible()
    await expect(page.getByRole('button', { name: 'Clear block on Searches' })).toBeVisible()
    await expect(stage(page, 'Searches').getByTestId('blocked-by')).toHaveText(
      /^Blocked by Priya Shah on \d{2} [A-Z][a-z]{2} \d{4}$/,
    )
    await expect(page.getByRole('button', { name: 'Mark blocked on Mortgage & survey' })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Record exchange' })).toBeVisible()
    // Nothing is changed here: the demo move is shared by every test of the run.
    await page.getByRole('button', { name: 'Record exchange' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Record exchange of contracts' })
    // Searches is blocked on the demo move: the dialog says so, and exchange cannot be confirmed.
    await expect(dialog.getByTestId('exchange-open-items')).toContainText('Searches is blocked')
    await expect(dialog.getByLabel('I confirm contracts have been exchanged')).toBeDisabled()
    await expect(dialog.getByRole('button', { name: 'Record exchange' })).toBeDisabled()
    await page.screenshot({ path: `${SHOTS}/workspace-exchange-blocked-1280.png` })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('status-badge').first()).toHaveText('Active')
  })
})

test.describe('working a move', () => {
  test('ticking shows at once, persists, and records who ticked it', async ({ page }) => {
    const { path } = await buyerWithMove(page, WES)
    await page.goto(`${path}?tab=timeline`)
    const offer = stage(page, 'Offer accepted')
    const dip = offer.getByRole('checkbox', { name: /Mortgage decision in principle/ })
    await expect(offer.getByText('0 of 3 tasks complete')).toBeVisible()
    await dip.check()
    await expect(dip).toBeChecked()
    await expect(offer.getByText('1 of 3 tasks complete')).toBeVisible()
    await expect(offer.getByText('33%')).toBeVisible()
    await expect(offer.getByText(/Ticked by Wes Workspace on \d{2} [A-Z][a-z]{2} \d{4}/)).toBeVisible()
    // Tasks of other parties have no checkbox.
    await expect(offer.getByRole('checkbox')).toHaveCount(1)

    await page.reload()
    await expect(stage(page, 'Offer accepted').getByText('1 of 3 tasks complete')).toBeVisible()
    // The tick is in the Activity view (Recent Activity lists messages only).
    await page.getByRole('tab', { name: 'Documents' }).click()
    await page.getByRole('group', { name: 'Documents views' }).getByRole('button', { name: 'Activity' }).click()
    await expect(page).toHaveURL(/\?tab=documents&view=activity$/)
    await expect(page.getByTestId('activity-trail')).toContainText(
      'Wes Workspace ticked “Mortgage decision in principle',
    )
    await page.getByRole('tab', { name: 'Overview' }).click()
    await expect(page.getByTestId('header-overall-progress')).not.toHaveText('0% complete')

    await page.getByRole('tab', { name: 'Timeline' }).click()
    await stage(page, 'Offer accepted')
      .getByRole('checkbox', { name: /Mortgage decision in principle/ })
      .uncheck()
    await expect(stage(page, 'Offer accepted').getByText('0 of 3 tasks complete')).toBeVisible()
  })

  test('a refused tick rolls back with a toast', async ({ page }) => {
    const { path } = await buyerWithMove(page, WES)
    await page.goto(`${path}?tab=timeline`)
    let release: () => void = () => {}
    const held = new Promise<void>((resolve) => (release = resolve))
    await page.route('**/api/transactions/*/tasks/*', async (route) => {
      await held
      await route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'internal', message: 'The database is restarting. Try again in a moment.' },
        }),
      })
    })
    const offer = stage(page, 'Offer accepted')
    const dip = offer.getByRole('checkbox', { name: /Mortgage decision in principle/ })
    await dip.click()
    // Optimistic: ticked before the server answers.
    await expect(dip).toBeChecked()
    await expect(offer.getByText('1 of 3 tasks complete')).toBeVisible()
    release()
    await expect(dip).not.toBeChecked()
    await expect(offer.getByText('0 of 3 tasks complete')).toBeVisible()
    await expect(toast(page)).toContainText('Could not update the task')
    await expect(toast(page)).toContainText('The database is restarting')
  })

  test('two people on one task: the second gets the 409 message and the latest state', async ({ browser, page }) => {
    const { path, email } = await buyerWithMove(page, WES)
    const other = await (browser as Browser).newContext()
    // The second screen has lost its live connection (a laptop lid closed, a train tunnel): without it,
    // live updates would refresh the task before the click and there would be no conflict to show.
    await other.route('**/api/transactions/*/events', (route) => route.abort())
    const second = await other.newPage()
    await signInByRequest(second.request, { email, password: PASSWORD })
    await page.goto(`${path}?tab=timeline`)
    await second.goto(`${path}?tab=timeline`)
    const first = stage(page, 'Offer accepted').getByRole('checkbox', { name: /Mortgage decision in principle/ })
    const stale = stage(second, 'Offer accepted').getByRole('checkbox', { name: /Mortgage decision in principle/ })
    await expect(stale).not.toBeChecked()
    await first.click()
    await expect(first).toBeChecked()
    await expect(stage(page, 'Offer accepted').getByText('1 of 3 tasks complete')).toBeVisible()
    // The second screen still shows it unticked, with the old version: ticking it is refused.
    await stale.click()
    await expect(toast(second)).toContainText('Someone else changed this task')
    await expect(toast(second)).toContainText('Someone else changed this task a moment ago')
    // After the refusal it shows the latest state: ticked (by the first screen).
    await expect(stale).toBeChecked()
    await expect(stage(second, 'Offer accepted').getByText('1 of 3 tasks complete')).toBeVisible()
    await second.screenshot({ path: `${SHOTS}/workspace-conflict-1280.png` })
    await other.close()
  })

  test('cancelling asks a reason, then the move is Cancelled with it and nothing more can change', async ({ page }) => {
    const { path } = await buyerWithMove(page, WES)
    await page.goto(path)
    await expect(page.getByTestId('status-badge').first()).toHaveText('Draft')
    await expect(page.getByRole('button', { name: 'Activate move' })).toHaveCount(0)
    // Destructive and rare: not a button beside the main actions, but in the 'More actions' menu.
    await expect(page.getByRole('button', { name: 'Cancel move' })).toHaveCount(0)
    await page.getByRole('button', { name: 'More actions' }).click()
    await page.getByRole('menuitem', { name: 'Cancel move' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Cancel this move?' })
    await expect(dialog.getByLabel('Reason for cancelling')).toBeFocused()
    await dialog.getByRole('button', { name: 'Cancel move' }).click()
    await expect(dialog.getByText('Give a reason for cancelling')).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/workspace-cancel-dialog-1280.png` })
    await dialog.getByLabel('Reason for cancelling').fill('Survey found subsidence; we are withdrawing.')
    await dialog.getByRole('button', { name: 'Cancel move' }).click()
    await expect(toast(page)).toContainText('Move cancelled')
    await expect(page.getByTestId('status-badge').first()).toHaveText('Cancelled')
    await expect(page.getByRole('note').filter({ hasText: 'Cancelled.' })).toContainText('Survey found subsidence')
    await expect(page.getByRole('button', { name: 'More actions' })).toHaveCount(0)
    await page.goto('/app/home')
    await expect(page.getByTestId('transaction-card').getByTestId('status-badge')).toHaveText('Cancelled')
    await expect(page.getByTestId('stat-active-moves')).toHaveText('0')
  })
})

test.describe('invitations on the People tab', () => {
  test('invite, invite again, re-send and revoke; the revoked link says so', async ({ page, browser }) => {
    const { path } = await buyerWithMove(page, { ...WES, address: '21 Ridge Way' })
    const invitee = uniqueEmail('invitee')
    await page.goto(`${path}?tab=people`)
    await page.getByRole('button', { name: 'Invite by email' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite someone to this move' })
    await expect(dialog.getByLabel('Email address')).toBeFocused()
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(dialog.getByText('Enter a valid email address')).toBeVisible()
    await expect(dialog.getByText('Choose a role for the person you invite')).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/workspace-invite-dialog-1280.png` })
    await dialog.getByLabel('Email address').fill(invitee)
    await dialog.getByLabel('Their role on this move').selectOption({ label: "Buyer's Conveyancer" })
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(toast(page)).toContainText('Invitation sent')
    const pending = page.getByTestId('pending-invitations').getByRole('listitem')
    await expect(pending).toHaveCount(1)
    await expect(pending).toContainText(invitee)
    await expect(pending).toContainText("Buyer's Conveyancer")
    await expect(pending).toContainText(/Expires \d{2} [A-Z][a-z]{2} \d{4}/)

    // The same email again re-sends; it never duplicates.
    await page.getByRole('button', { name: 'Invite by email' }).click()
    await dialog.getByLabel('Email address').fill(invitee.toUpperCase())
    await dialog.getByLabel('Their role on this move').selectOption('buyer_conveyancer')
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(toast(page)).toContainText('Invitation sent again')
    await expect(pending).toHaveCount(1)
    await expect(pending).toContainText('(2 times)')

    await page.getByRole('button', { name: `Resend to ${invitee}` }).click()
    await expect(toast(page)).toContainText('Invitation re-sent')
    await expect(pending).toContainText('(3 times)')
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${SHOTS}/workspace-pending-390.png`, fullPage: true })
    await page.setViewportSize({ width: 1280, height: 720 })

    const link = await inviteLink(page.request, invitee)

    // The re-sent toast sits bottom right, over this row at 720 px high: close it, as a person would.
    await toast(page).getByRole('button', { name: 'Close toast' }).click()
    await expect(toast(page)).toHaveCount(0)
    await page.getByRole('button', { name: `Revoke invitation to ${invitee}` }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Revoke this invitation?' })
    await expect(confirm).toContainText(invitee)
    await confirm.getByRole('button', { name: 'Keep it' }).click()
    await expect(pending).toHaveCount(1)
    await page.getByRole('button', { name: `Revoke invitation to ${invitee}` }).click()
    await confirm.getByRole('button', { name: 'Revoke invitation' }).click()
    await expect(toast(page)).toContainText('Invitation revoked')
    await expect(page.getByText('No invitations waiting for an answer.')).toBeVisible()

    const visitor = await browser.newContext({ locale: 'en-GB', timezoneId: 'Europe/London' })
    const v = await visitor.newPage()
    await v.goto(link)
    await expect(v.getByRole('alert').filter({ hasText: 'This invitation was withdrawn' })).toContainText(
      'Wes Workspace withdrew it',
    )
    await expect(v.getByRole('link', { name: 'Sign in to accept' })).toHaveCount(0)
    await v.screenshot({ path: `${SHOTS}/invite-withdrawn-1280.png`, fullPage: true })
    await visitor.close()
  })

  test('a link that is not valid, and an expired one, say so', async ({ page }) => {
    await page.goto('/invite/this-token-does-not-exist-at-all-0123456789')
    await expect(page.getByRole('alert').filter({ hasText: 'This invitation link is not valid' })).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/invite-not-valid-1280.png`, fullPage: true })

    // A link cannot be aged by seven days from a browser test, so the preview is answered here
    // exactly as the server answers for an expired link (status 'expired'); the server's own
    // expiry is covered by its integration tests.
    const token = 'expired-token-for-the-e2e-preview-0123456789'
    await page.route(`**/api/invitations/${token}`, (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          status: 'expired',
          email: 'g***@e2e.homeward.example',
          role: 'seller',
          invited_by_name: 'Hannah Okafor',
          property: { address_lines: ['47 Park Road', 'Harpenden'], postcode: 'AL3 5AF' },
          expires_at: '2026-01-08T10:00:00.000Z',
        }),
      }),
    )
    for (const width of [1280, 390]) {
      await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
      await page.goto(`/invite/${token}`)
      const alert = page.getByRole('alert').filter({ hasText: 'This invitation has expired' })
      await expect(alert).toContainText('08 Jan 2026')
      await expect(alert).toContainText('Ask Hannah Okafor to send you a new one')
      await expect(page.getByRole('button', { name: 'Accept invitation' })).toHaveCount(0)
      await expectNoAxeViolations(page)
      await page.screenshot({ path: `${SHOTS}/invite-expired-${width}.png`, fullPage: true })
    }
  })
})

test.describe('not found', () => {
  for (const id of ['00000000-0000-4000-8000-00000000dead', 'not-a-transaction-id']) {
    test(`${id}: the toast, then /app/home`, async ({ page }) => {
      await signInByRequest(page.request, AMELIA)
      await page.goto(`/app/transactions/${id}`)
      await expect(toast(page)).toContainText('Error loading transaction')
      await expect(toast(page)).toContainText('Could not find this transaction.')
      await expect(page).toHaveURL(/\/app\/home$/)
    })
  }

  test('a person not on the move gets the toast, and the API answers 404', async ({ page }) => {
    await buyerWithMove(page, WES)
    await page.goto(DEMO_TX)
    await expect(toast(page)).toContainText('Error loading transaction')
    await expect(page).toHaveURL(/\/app\/home$/)
    expect((await page.request.get(`/api${DEMO_TX.replace('/app', '')}`)).status()).toBe(404)
  })
})
