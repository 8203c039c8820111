/**
 * Pre-contract enquiries as the people on a move use them: the buyer's conveyancer raises three from
 * the standard list, the seller's conveyancer answers one and turns another into a task for the
 * seller, the buyer sees each enquiry's status read-only (at 1280 and 390 px), and the demo
 * conveyancer's breached reply clock has emailed her (the local outbox at /dev/mail). Every test
 * makes its own people and move; the seeded demo data is only read.
 */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, move, person, toast } from './app-helpers'
import { inviteToken, outbox } from './mail-helpers'

const SHOTS = 'test-results/screens'

test('raise three from the standard list, answer one, ask the seller, the buyer sees the statuses', async ({
  browser,
}) => {
  test.setTimeout(120_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const seller = await person(browser, 'Sid Seller', 'seller')
  const buyerConveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const sellerConveyancer = await person(browser, 'Sol Solicitor', 'conveyancer')
  const { txId, path } = await move(
    buyer,
    [
      { who: seller, role: 'seller' },
      { who: buyerConveyancer, role: 'buyer_conveyancer' },
    ],
    { address: `${Math.floor(Math.random() * 200) + 1} Enquiry Lane`, town: 'St Albans', postcode: 'AL1 3HD' },
  )
  // Each side appoints its own people: the seller brings their conveyancer.
  const invited = await seller.request.post(`/api/transactions/${txId}/invitations`, {
    data: { email: sellerConveyancer.email, role: 'seller_conveyancer' },
  })
  expect(invited.ok(), await invited.text()).toBe(true)
  const accepted = await sellerConveyancer.request.post(
    `/api/invitations/${await inviteToken(seller.request, sellerConveyancer.email)}/accept`,
    { data: {} },
  )
  expect(accepted.ok(), await accepted.text()).toBe(true)

  // The buyer's conveyancer raises three title enquiries from the standard list.
  const bc = buyerConveyancer.page
  await bc.goto(`${path}?tab=enquiries`)
  await expect(bc.getByText('No enquiries yet')).toBeVisible()
  await bc.getByRole('button', { name: 'Raise enquiries' }).click()
  const dialog = bc.getByRole('dialog', { name: 'Raise enquiries' })
  const title = dialog.getByRole('group', { name: 'Title' })
  const boxes = title.getByRole('checkbox')
  for (const i of [0, 1, 2]) await boxes.nth(i).check()
  await dialog.getByRole('button', { name: 'Raise 3 enquiries' }).click()
  await expect(toast(bc)).toContainText('3 enquiries raised')
  const cards = bc.getByRole('article')
  await expect(cards).toHaveCount(3)
  await expect(cards.first()).toContainText('Enquiry 1')
  await expect(cards.first()).toContainText('Open')
  await expect(cards.first()).toContainText(/On track: reply due \d{2} [A-Z][a-z]{2} \d{4}/)
  await expectNoAxeViolations(bc)
  await bc.screenshot({ path: `${SHOTS}/enquiries-raiser-1280.png`, fullPage: true })

  // The seller's conveyancer answers enquiry 1 and asks the seller about enquiry 2.
  const sc = sellerConveyancer.page
  await sc.goto(`${path}?tab=enquiries`)
  const first = sc.getByRole('article', { name: 'Enquiry 1' })
  await first.getByLabel('Your reply to enquiry 1').fill('Official copies dated this week are in the Property folder.')
  await first.getByRole('button', { name: 'Send reply' }).click()
  await expect(first).toContainText('Answered')
  await expect(first).toContainText('Official copies dated this week')
  const second = sc.getByRole('article', { name: 'Enquiry 2' })
  await second.getByRole('button', { name: 'Ask the seller (make a task)' }).click()
  await expect(second).toContainText('Seller task on the timeline: waiting for the seller')
  await sc.screenshot({ path: `${SHOTS}/enquiries-replier-1280.png`, fullPage: true })

  // The seller finds the task on their timeline.
  await seller.page.goto(`${path}?tab=timeline`)
  const enquiriesStage = seller.page
    .getByTestId('stage-card')
    .filter({ has: seller.page.getByRole('heading', { name: 'Enquiries & report on title', exact: true }) })
  await enquiriesStage.getByRole('button', { name: /See all/ }).click()
  await expect(enquiriesStage.getByText(/Answer enquiry 2 for your conveyancer/)).toBeVisible()

  // The buyer sees the statuses, read-only, on a desktop and on a phone.
  for (const width of [1280, 390]) {
    await buyer.page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await buyer.page.goto(`${path}?tab=enquiries`)
    const list = buyer.page.getByRole('list', { name: 'Enquiry statuses' })
    await expect(list.getByRole('listitem')).toHaveCount(3)
    await expect(list.getByRole('listitem').nth(0)).toContainText('Answered')
    await expect(list.getByRole('listitem').nth(1)).toContainText('Open')
    await expect(buyer.page.getByRole('button', { name: 'Raise enquiries' })).toHaveCount(0)
    await expect(buyer.page.getByRole('textbox')).toHaveCount(0)
    expect(await buyer.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await expectNoAxeViolations(buyer.page)
    await buyer.page.screenshot({ path: `${SHOTS}/enquiries-buyer-${width}.png`, fullPage: true })
  }

  // The seller's conveyancer on a phone.
  await sc.setViewportSize({ width: 390, height: 844 })
  await sc.goto(`${path}?tab=enquiries`)
  await expect(sc.getByRole('article')).toHaveCount(3)
  expect(await sc.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await sc.screenshot({ path: `${SHOTS}/enquiries-replier-390.png`, fullPage: true })

  for (const p of [buyer, seller, buyerConveyancer, sellerConveyancer]) await p.close()
})

test('the demo conveyancer’s breached reply clock is in the local outbox', async ({ request }) => {
  await expect
    .poll(
      async () =>
        (await outbox(request, 'priya.conveyancer@homeward.example')).find(
          (m) =>
            m.to === 'priya.conveyancer@homeward.example' &&
            m.subject === 'SLA breached: Replies to enquiries (enquiry 2)',
        )?.text ?? null,
      { timeout: 20_000 },
    )
    .toContain('The deadline of 5 working days')
})
