/**
 * A property chain of three moves with real people: Amelia (a first-time buyer) buys Ben's house in
 * Harpenden, Ben buys Cara's in St Albans, Cara buys Dev's in Hitchin (the top of the chain). Ben
 * links his sale to his purchase on the chain page and Cara confirms it; Cara's onward link is set up
 * through the API and confirmed by Dev. Every move shows the one chain, the first buyer sees the other
 * moves as town and district only; Dev's conveyancer blocks a stage at the top, and the other two
 * moves show it (slowest link) and are told in the bell. Axe on the chain page and the Chain tab;
 * screenshots at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, move, person, type Person } from './app-helpers'
import { inviteToken } from './mail-helpers'

const SHOTS = process.env.CHAINS_SHOTS ?? 'test-results/screens'

const PLACES = ['Harpenden, AL5', 'St Albans, AL1', 'Hitchin, SG5']

async function invite(inviter: Person, txId: string, who: Person, role: string) {
  const res = await inviter.request.post(`/api/transactions/${txId}/invitations`, { data: { email: who.email, role } })
  expect(res.ok(), await res.text()).toBe(true)
  const token = await inviteToken(inviter.request, who.email)
  const accepted = await who.request.post(`/api/invitations/${token}/accept`, { data: {} })
  expect(accepted.ok(), await accepted.text()).toBe(true)
}

const chainMoves = (page: Page) =>
  page.getByRole('list', { name: 'The chain, first buyer to top' }).getByTestId('chain-move')

async function expectOneChain(page: Page) {
  const moves = chainMoves(page)
  await expect(moves).toHaveCount(3)
  for (const [i, place] of PLACES.entries()) {
    await expect(moves.nth(i).getByRole('heading', { level: 3 })).toHaveText(place)
  }
}

test('three linked moves show one chain; a block at the top shows and is told down the chain', async ({ browser }) => {
  test.setTimeout(180_000)
  const amelia = await person(browser, 'Amelia First', 'buyer')
  const ben = await person(browser, 'Ben Middle', 'buyer')
  const cara = await person(browser, 'Cara Upper', 'buyer')
  const dev = await person(browser, 'Dev Top', 'seller')
  const dan = await person(browser, 'Dan Conveyancer', 'conveyancer')

  const t1 = await move(amelia, [{ who: ben, role: 'seller' }], {
    address: '4 Elm Grove',
    town: 'Harpenden',
    postcode: 'AL5 2JX',
  })
  const t2 = await move(ben, [{ who: cara, role: 'seller' }], {
    address: '22 Oak Road',
    town: 'St Albans',
    postcode: 'AL1 3RR',
  })
  const t3 = await move(cara, [{ who: dev, role: 'seller' }], {
    address: '9 Ash Lane',
    town: 'Hitchin',
    postcode: 'SG5 1AA',
  })
  await invite(dev, t3.txId, dan, 'seller_conveyancer')

  // Ben, the seller on t1 and the buyer on t2, links them on t1's chain page.
  await ben.page.goto(`${t1.path}/chain`)
  await expect(ben.page.getByRole('heading', { name: 'Property chain', level: 1 })).toBeVisible()
  await expect(ben.page.getByRole('heading', { name: 'Not linked to a chain yet' })).toBeVisible()
  await ben.page.getByLabel('The onward purchase').selectOption({ label: '22 Oak Road, St Albans, AL1 3RR' })
  await ben.page.getByRole('button', { name: 'Ask to link' }).click()
  await expect(ben.page.getByRole('region', { name: 'Waiting for confirmation' })).toContainText(
    'The seller here is buying at St Albans, AL1.',
  )

  // Cara, the seller on t2, confirms it from t2's Chain tab.
  await cara.page.goto(`${t2.path}?tab=chain`)
  await cara.page.getByRole('button', { name: 'Confirm link' }).click()
  await expect(chainMoves(cara.page)).toHaveCount(2)

  // Set-up: Cara links t2 onward to t3 (she buys there) and Dev confirms.
  const asked = await cara.request.post(`/api/transactions/${t2.txId}/chain/links`, {
    data: { other_transaction_id: t3.txId, direction: 'onward' },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  const { id: linkId } = (await asked.json()) as { id: string }
  const confirmed = await dev.request.post(`/api/transactions/${t3.txId}/chain/links/${linkId}/confirm`)
  expect(confirmed.status(), await confirmed.text()).toBe(200)

  // One chain on every move; Amelia sees the other moves by town and district only.
  await amelia.page.goto(`${t1.path}/chain`)
  await expectOneChain(amelia.page)
  const ameliaChain = amelia.page.getByRole('list', { name: 'The chain, first buyer to top' })
  await expect(ameliaChain).toContainText('4 Elm Grove')
  await expect(ameliaChain).not.toContainText('22 Oak Road')
  await expect(ameliaChain).not.toContainText('9 Ash Lane')
  await expect(chainMoves(amelia.page).nth(0)).toContainText('First buyer')
  await expect(chainMoves(amelia.page).nth(2)).toContainText('Top of the chain')
  await ben.page.goto(`${t2.path}/chain`)
  await expectOneChain(ben.page)
  await dev.page.goto(`${t3.path}/chain`)
  await expectOneChain(dev.page)

  // Dan, Dev's conveyancer, blocks a stage at the top of the chain.
  await dan.page.goto(`${t3.path}?tab=timeline`)
  await dan.page.getByRole('button', { name: 'Mark blocked on Searches' }).click()
  const dialog = dan.page.getByRole('alertdialog', { name: 'Mark Searches as blocked' })
  await dialog.getByLabel('Reason').fill('Council backlog on the local search')
  await dialog.getByRole('button', { name: 'Mark blocked' }).click()
  await expect(dan.page.getByTestId('blocked-by')).toBeVisible()

  // The first buyer and the middle see it, marked slowest, without the reason; both are told.
  for (const [who, path] of [
    [amelia, t1.path],
    [ben, t2.path],
  ] as const) {
    await who.page.goto(`${path}/chain`)
    const top = chainMoves(who.page).nth(2)
    await expect(top).toContainText('Blocked at Searches since')
    await expect(top).toContainText('Slowest link')
    await expect(who.page.getByText('Slowest link: Hitchin, SG5.')).toBeVisible()
    await expect(top).not.toContainText('Council backlog')
    await who.page.getByTestId('notification-bell').click()
    await expect(who.page.getByRole('dialog', { name: 'Notifications' })).toContainText(
      'A move in your chain is blocked: Hitchin, SG5',
    )
    await who.page.keyboard.press('Escape')
  }

  await amelia.page.goto(`${t1.path}/chain`)
  await expect(chainMoves(amelia.page)).toHaveCount(3)
  await expectNoAxeViolations(amelia.page)
  await amelia.page.screenshot({ path: `${SHOTS}/chain-page-1280.png`, fullPage: true })
  await amelia.page.goto(`${t1.path}?tab=chain`)
  await expect(chainMoves(amelia.page)).toHaveCount(3)
  await expectNoAxeViolations(amelia.page)
  await amelia.page.screenshot({ path: `${SHOTS}/chain-tab-1280.png`, fullPage: true })

  // At 390 px: Ben's view of the same chain (he is on two moves of it), signed in on a narrow page.
  const benNarrow = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    storageState: await ben.context.storageState(),
  })
  const page = await benNarrow.newPage()
  await page.goto(`${t2.path}/chain`)
  await expectOneChain(page)
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/chain-page-390.png`, fullPage: true })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await benNarrow.close()

  for (const p of [amelia, ben, cara, dev, dan]) {
    p.console.check()
    await p.close()
  }
})
