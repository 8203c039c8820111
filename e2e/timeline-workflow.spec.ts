/**
 * Working the timeline with real people on a move: tasks whose owner is not on the
 * move go to one named stand-in of that side, shown on the task; unticking someone else's task asks
 * first and tells them; a blocked stage names who and when, notifies the move and shows on the
 * dashboard card; recording exchange lists what is still open and needs an explicit confirmation.
 * Every test makes its own people and move; the seeded demo move is never touched.
 */
import { expect, test, type Page } from '@playwright/test'
import { move, person, toast, type Person } from './app-helpers'

const SHOTS = 'test-results/screens'

/** The buyer's new move in Timeline Road with each of `others` joined (see `move`). */
const timelineMove = (buyer: Person, others: Parameters<typeof move>[1]) =>
  move(buyer, others, {
    address: `${Math.floor(Math.random() * 200) + 1} Timeline Road`,
    town: 'St Albans',
    postcode: 'AL1 3HD',
    agreed_price: 415000,
  })

function stage(page: Page, name: string) {
  return page.getByTestId('stage-card').filter({ has: page.getByRole('heading', { name, exact: true }) })
}

function taskRow(page: Page, title: RegExp) {
  return page.getByTestId('task-row').filter({ hasText: title })
}

test.describe('tasks whose owner is not on the move', () => {
  test('with no estate agent, the seller ticks the agent’s tasks and everyone sees who may', async ({ browser }) => {
    const buyer = await person(browser, 'Bea Buyer', 'buyer')
    const seller = await person(browser, 'Sid Seller', 'seller')
    const { path } = await timelineMove(buyer, [{ who: seller, role: 'seller' }])

    await seller.page.goto(`${path}?tab=timeline`)
    const sstc = taskRow(seller.page, /marked sold subject to contract/)
    await expect(sstc.getByTestId('stand-in-note')).toHaveText(
      'Estate agent not on this move: the seller can complete this',
    )
    await sstc.getByRole('checkbox').check()
    await expect(sstc.getByText(/Ticked by Sid Seller on/)).toBeVisible()
    await expect(stage(seller.page, 'Offer accepted').getByText('1 of 3 tasks complete')).toBeVisible()
    await seller.page.screenshot({ path: `${SHOTS}/timeline-stand-in-1280.png` })

    // The buyer sees the same note, but no checkbox: the task is on the seller's side.
    await buyer.page.goto(`${path}?tab=timeline`)
    const memo = taskRow(buyer.page, /Memorandum of sale sent/)
    await expect(memo.getByTestId('stand-in-note')).toHaveText(
      'Estate agent not on this move: the seller can complete this',
    )
    await expect(memo.getByRole('checkbox')).toHaveCount(0)
    // No broker on the move: the buyer (no conveyancer either) completes the broker's tasks.
    const mortgage = stage(buyer.page, 'Mortgage & survey')
    await mortgage.getByRole('button', { name: /See all/ }).click()
    const application = taskRow(buyer.page, /Mortgage application submitted/)
    await expect(application.getByTestId('stand-in-note')).toHaveText(
      'Mortgage broker not on this move: the buyer can complete this',
    )
    await application.getByRole('checkbox').check()
    await expect(application.getByText(/Ticked by Bea Buyer on/)).toBeVisible()
    await expect(toast(buyer.page)).toHaveCount(0)
  })
})

test.describe('unticking someone else’s task', () => {
  test('asks first, naming who ticked it, and tells them', async ({ browser }) => {
    const buyer = await person(browser, 'Bea Buyer', 'buyer')
    const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
    const { path } = await timelineMove(buyer, [{ who: conveyancer, role: 'buyer_conveyancer' }])

    await buyer.page.goto(`${path}?tab=timeline`)
    const dip = stage(buyer.page, 'Offer accepted').getByRole('checkbox', { name: /Mortgage decision in principle/ })
    // click, then wait: a refetch landing just after the click may re-render the row once (check() would fail at once).
    await dip.click()
    await expect(dip).toBeChecked()
    await expect(stage(buyer.page, 'Offer accepted').getByText(/Ticked by Bea Buyer on/)).toBeVisible()

    await conveyancer.page.goto(`${path}?tab=timeline`)
    const theirs = stage(conveyancer.page, 'Offer accepted').getByRole('checkbox', {
      name: /Mortgage decision in principle/,
    })
    await expect(theirs).toBeChecked()
    await theirs.click()
    const dialog = conveyancer.page.getByRole('alertdialog', { name: 'Untick Bea Buyer’s task?' })
    await expect(dialog).toContainText('Bea Buyer ticked “Mortgage decision in principle')
    await expect(dialog).toContainText('we will tell Bea Buyer')
    await conveyancer.page.screenshot({ path: `${SHOTS}/timeline-untick-confirm-1280.png` })
    // Keeping it changes nothing.
    await dialog.getByRole('button', { name: 'Keep it ticked' }).click()
    await expect(dialog).toBeHidden()
    await expect(theirs).toBeChecked()
    // Unticking after confirming.
    await theirs.click()
    await dialog.getByRole('button', { name: 'Untick' }).click()
    await expect(theirs).not.toBeChecked()
    await expect(stage(conveyancer.page, 'Offer accepted').getByText('0 of 3 tasks complete')).toBeVisible()

    // The buyer is told, live, in the bell.
    const bell = buyer.page.getByTestId('notification-bell')
    await expect(bell).toHaveAttribute('aria-label', /Notifications, [1-9]\d* unread/, { timeout: 15_000 })
    await bell.click()
    await expect(buyer.page.getByRole('dialog', { name: 'Notifications' })).toContainText(
      'Cora Conveyancer unticked a task you completed',
    )
    // The buyer's timeline shows the untick live too. Clicking before it lands would act on the box
    // as it was (ticked): an untick the server refuses as someone else's change (409), rolled back.
    await buyer.page.keyboard.press('Escape')
    await expect(dip).not.toBeChecked({ timeout: 15_000 })
    // Unticking one's own task asks nothing.
    await dip.click()
    await expect(dip).toBeChecked()
    await dip.click()
    await expect(buyer.page.getByRole('alertdialog')).toHaveCount(0)
    await expect(dip).not.toBeChecked()
  })
})

test.describe('ticking twice in quick succession', () => {
  test('a box ticked and unticked before the first change is saved ends unticked, with no conflict', async ({
    browser,
  }) => {
    const buyer = await person(browser, 'Bea Buyer', 'buyer')
    const { path } = await timelineMove(buyer, [])
    await buyer.page.goto(`${path}?tab=timeline`)
    const dip = stage(buyer.page, 'Offer accepted').getByRole('checkbox', { name: /Mortgage decision in principle/ })
    await expect(dip).not.toBeChecked()
    // The first task change is held on its way to the server until the second click has landed (a
    // double click on a slow connection); the page sends the second once the first has its answer.
    const sent: string[] = []
    const answers: number[] = []
    let secondClickLanded!: () => void
    const held = new Promise<void>((resolve) => (secondClickLanded = resolve))
    await buyer.page.route('**/api/transactions/*/tasks/*', async (route) => {
      sent.push((route.request().postDataJSON() as { status: string }).status)
      if (sent.length === 1) await held
      await route.continue()
    })
    buyer.page.on('response', (r) => {
      if (r.request().method() === 'PATCH' && r.url().includes('/tasks/')) answers.push(r.status())
    })
    await dip.click()
    await expect(dip).toBeChecked()
    await expect.poll(() => sent).toEqual(['completed'])
    await dip.click()
    await expect(dip).not.toBeChecked()
    secondClickLanded()
    // Both changes reach the server, one after the other, and the second is not refused as stale.
    await expect.poll(() => answers).toEqual([200, 200])
    expect(sent).toEqual(['completed', 'not_completed'])
    await expect(dip).not.toBeChecked()
    await expect(toast(buyer.page)).toHaveCount(0)
    await buyer.page.reload()
    await expect(dip).not.toBeChecked()
  })
})

test.describe('a blocked stage', () => {
  test('names who and when, tells the move, and shows on the dashboard card', async ({ browser }) => {
    const buyer = await person(browser, 'Bea Buyer', 'buyer')
    const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
    const { path } = await timelineMove(buyer, [{ who: conveyancer, role: 'buyer_conveyancer' }])

    await conveyancer.page.goto(`${path}?tab=timeline`)
    await conveyancer.page.getByRole('button', { name: 'Mark blocked on Searches' }).click()
    const dialog = conveyancer.page.getByRole('alertdialog', { name: 'Mark Searches as blocked' })
    await dialog.getByLabel('Reason').fill('Council backlog: local search about 15 working days late')
    await dialog.getByRole('button', { name: 'Mark blocked' }).click()
    const searches = stage(conveyancer.page, 'Searches')
    await expect(searches.getByRole('note')).toContainText('Council backlog')
    await expect(searches.getByTestId('blocked-by')).toHaveText(
      /^Blocked by Cora Conveyancer on \d{2} [A-Z][a-z]{2} \d{4}$/,
    )
    await searches.scrollIntoViewIfNeeded()
    await conveyancer.page.screenshot({ path: `${SHOTS}/timeline-blocked-by-1280.png` })

    // The buyer: told in the bell, and the card on the dashboard says which stage is blocked.
    await buyer.page.goto('/app/home')
    const card = buyer.page.getByTestId('transaction-card')
    await expect(card.getByTestId('blocked-stage-badge')).toHaveText('Blocked: Searches')
    await buyer.page.screenshot({ path: `${SHOTS}/dashboard-blocked-badge-1280.png` })
    await buyer.page.getByTestId('notification-bell').click()
    await expect(buyer.page.getByRole('dialog', { name: 'Notifications' })).toContainText('Searches is blocked')
  })
})

test.describe('recording exchange', () => {
  test('shows what is still open, refuses while a stage is blocked, and needs an explicit confirmation', async ({
    browser,
  }) => {
    const buyer = await person(browser, 'Bea Buyer', 'buyer')
    const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
    const { txId: id, path } = await timelineMove(buyer, [{ who: conveyancer, role: 'buyer_conveyancer' }])
    const c = conveyancer.page
    let detail = (await (await c.request.get(`/api/transactions/${id}`)).json()) as {
      version: number
      timeline_stages: { id: string; stage_name: string; version: number }[]
    }
    expect(
      (
        await c.request.post(`/api/transactions/${id}/status`, {
          data: { action: 'activate', version: detail.version },
        })
      ).status(),
    ).toBe(200)
    detail = await (await c.request.get(`/api/transactions/${id}`)).json()
    const searches = detail.timeline_stages.find((s) => s.stage_name === 'Searches')!
    const blocked = await c.request.patch(`/api/transactions/${id}/stages/${searches.id}`, {
      data: { blocked_reason: 'Council backlog', version: searches.version },
    })
    expect(blocked.status()).toBe(200)

    await c.goto(path)
    await c.getByRole('button', { name: 'Record exchange' }).click()
    let dialog = c.getByRole('alertdialog', { name: 'Record exchange of contracts' })
    const open = dialog.getByTestId('exchange-open-items')
    await expect(open).toContainText('Searches is blocked: Council backlog')
    await expect(open).toContainText('No signed contract in the Contracts folder yet.')
    await expect(open).toContainText(/\d+ tasks due before exchange not done/)
    await expect(open).toContainText('Search fees paid on account (Searches)')
    await expect(dialog.getByRole('button', { name: 'Record exchange' })).toBeDisabled()
    await c.screenshot({ path: `${SHOTS}/exchange-blocked-1280.png` })
    await dialog.getByRole('button', { name: 'Cancel' }).click()

    // Cleared: exchange can be recorded, but only once confirmed.
    await c.getByRole('tab', { name: 'Timeline' }).click()
    await c.getByRole('button', { name: 'Clear block on Searches' }).click()
    await c
      .getByRole('alertdialog', { name: 'Clear the block on Searches?' })
      .getByRole('button', { name: 'Clear block' })
      .click()
    await expect(stage(c, 'Searches').getByRole('note')).toHaveCount(0)
    await c.getByRole('button', { name: 'Record exchange' }).click()
    dialog = c.getByRole('alertdialog', { name: 'Record exchange of contracts' })
    await expect(dialog.getByTestId('exchange-open-items')).not.toContainText('blocked')
    await dialog.getByLabel('Completion date').fill('2026-12-18')
    await dialog.getByRole('button', { name: 'Record exchange' }).click()
    await expect(dialog.getByText('Confirm that contracts have been exchanged')).toBeVisible()
    await c.screenshot({ path: `${SHOTS}/exchange-confirm-1280.png` })
    await expect(c.getByTestId('status-badge').first()).toHaveText('Active')
    await dialog.getByLabel('I confirm contracts have been exchanged').check()
    await dialog.getByRole('button', { name: 'Record exchange' }).click()
    await expect(toast(c)).toContainText('Exchange recorded')
    await expect(c.getByTestId('status-badge').first()).toHaveText('Exchanged')
  })
})
