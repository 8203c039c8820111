/**
 * Enquiries by email, both ways (issue 37 item 2, decision 054): a buyer's conveyancer on a move
 * whose seller's firm is off Homeward records that firm, raises three enquiries (the dialog says they
 * are sent by email), the firm replies through the emailed link (read from the local outbox) with an
 * attachment and no account, and the buyer's conveyancer marks them satisfied; on another move the
 * seller's conveyancer logs an enquiry that arrived by email, with the original attached.
 */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, makePdf, move, newBrowser, person, toast, uniqueEmail } from './app-helpers'
import { inviteToken, mailMatch } from './mail-helpers'

const SHOTS = '.tmp'

test('a firm off Homeward gets three enquiries by email, replies through the link with a file, and they are satisfied', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const buyerConveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const { txId, path } = await move(buyer, [{ who: buyerConveyancer, role: 'buyer_conveyancer' }], {
    address: `${Math.floor(Math.random() * 200) + 1} Clarence Road`,
    town: 'St Albans',
    postcode: 'AL1 4NG',
  })
  const bc = buyerConveyancer.page
  await bc.goto(`${path}?tab=enquiries`)
  // The first page of a fresh build can take a while on a busy machine.
  await expect(bc.getByTestId('enquiries-who-is-told')).toHaveText(/^Nobody is told yet/, { timeout: 45_000 })

  // The buyer's conveyancer records the seller's firm, which is not on Homeward.
  const firmEmail = uniqueEmail('jane.smith')
  const recorded = await buyerConveyancer.request.post(`/api/transactions/${txId}/off-platform-parties`, {
    data: {
      role: 'seller_conveyancer',
      firm_name: 'Smith & Co Solicitors',
      person_name: 'Jane Smith',
      email: firmEmail,
    },
  })
  expect(recorded.ok(), await recorded.text()).toBe(true)

  await bc.reload()
  await expect(bc.getByTestId('enquiries-who-is-told')).toContainText(
    'Sent by email to Smith & Co Solicitors (not on Homeward)',
  )
  await bc.getByRole('button', { name: 'Raise enquiries' }).click()
  const dialog = bc.getByRole('dialog', { name: 'Raise enquiries' })
  await expect(dialog.getByTestId('enquiry-recipient')).toContainText(
    'Sent by email to Smith & Co Solicitors (not on Homeward)',
  )
  const boxes = dialog.getByRole('group', { name: 'Title' }).getByRole('checkbox')
  for (const i of [0, 1, 2]) await boxes.nth(i).check()
  await bc.screenshot({ path: `${SHOTS}/enquiries-email-raise-dialog.png` })
  await dialog.getByRole('button', { name: 'Raise 3 enquiries' }).click()
  await expect(toast(bc)).toContainText('3 enquiries raised')
  await expect(bc.getByRole('article')).toHaveCount(3)
  await expect(bc.getByText(/Last emailed .* to /)).toBeVisible()

  // The firm opens the emailed link in a browser with no Homeward account.
  const link = new URL(await mailMatch(buyerConveyancer.request, firmEmail, /https?:\/\/\S+\/enquiries\/reply\/[\w-]+/))
  const firm = await newBrowser(browser, { width: 1280 })
  const fp = firm.page
  await fp.goto(link.pathname)
  await expect(fp.getByRole('heading', { level: 1 })).toContainText('Clarence Road')
  await expect(fp.getByText('3 enquiries wait for your reply')).toBeVisible()
  await expect(fp.getByRole('article')).toHaveCount(3)
  await expectNoAxeViolations(fp)
  await fp.screenshot({ path: `${SHOTS}/enquiries-email-reply-page-1280.png`, fullPage: true })

  const first = fp.getByRole('article', { name: 'Enquiry 1' })
  await first.getByLabel('Your reply to enquiry 1').fill('Official copies dated this week are attached.')
  await first.getByLabel('Attach files').setInputFiles({
    name: 'Official copies.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf('Official copy of the register'),
  })
  await expect(first.getByText('Uploaded')).toBeVisible()
  await first.getByRole('button', { name: 'Send reply' }).click()
  await expect(first).toContainText('Answered')
  await expect(first).toContainText('Attached: Official copies.pdf')
  for (const n of [2, 3]) {
    const card = fp.getByRole('article', { name: `Enquiry ${n}` })
    await card.getByLabel(`Your reply to enquiry ${n}`).fill(`Reply ${n}: nothing to report.`)
    await card.getByRole('button', { name: 'Send reply' }).click()
    await expect(card).toContainText('Answered')
  }
  await fp.reload()
  await expect(fp.getByText('Every enquiry here is answered: thank you.', { exact: false })).toBeVisible()
  await expect(fp.getByRole('textbox')).toHaveCount(0)
  await fp.setViewportSize({ width: 390, height: 844 })
  expect(await fp.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await fp.screenshot({ path: `${SHOTS}/enquiries-email-answered-390.png`, fullPage: true })

  // The buyer's conveyancer sees the replies by the firm, "not on Homeward", with the file, and is satisfied.
  await bc.reload()
  const card1 = bc.getByRole('article', { name: 'Enquiry 1' })
  await expect(card1).toContainText('Reply from Jane Smith, Smith & Co Solicitors (not on Homeward, by email link)')
  await expect(card1.getByRole('button', { name: /Official copies\.pdf/ })).toBeVisible()
  for (const n of [1, 2, 3]) {
    const card = bc.getByRole('article', { name: `Enquiry ${n}` })
    await card.getByRole('button', { name: 'Mark satisfied' }).click()
    await expect(card).toContainText('Satisfied')
  }
  await bc.screenshot({ path: `${SHOTS}/enquiries-email-satisfied-1280.png`, fullPage: true })
  await bc.setViewportSize({ width: 390, height: 844 })
  expect(await bc.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await bc.screenshot({ path: `${SHOTS}/enquiries-email-satisfied-390.png`, fullPage: true })

  for (const p of [buyer, buyerConveyancer]) await p.close()
  await firm.context.close()
})

test('the seller’s conveyancer logs an enquiry received by email, with the original attached', async ({ browser }) => {
  test.setTimeout(120_000)
  const seller = await person(browser, 'Sid Seller', 'seller')
  const sellerConveyancer = await person(browser, 'Sol Solicitor', 'conveyancer')
  const { txId, path } = await move(seller, [], {
    role: 'seller',
    address: `${Math.floor(Math.random() * 200) + 1} Letter Lane`,
    town: 'St Albans',
    postcode: 'AL1 3HD',
  })
  const invited = await seller.request.post(`/api/transactions/${txId}/invitations`, {
    data: { email: sellerConveyancer.email, role: 'seller_conveyancer' },
  })
  expect(invited.ok(), await invited.text()).toBe(true)
  const accepted = await sellerConveyancer.request.post(
    `/api/invitations/${await inviteToken(seller.request, sellerConveyancer.email)}/accept`,
    { data: {} },
  )
  expect(accepted.ok(), await accepted.text()).toBe(true)

  const sc = sellerConveyancer.page
  await sc.goto(`${path}?tab=enquiries`)
  await sc.getByRole('button', { name: 'Log enquiries received' }).click()
  const dialog = sc.getByRole('dialog', { name: 'Log enquiries received' })
  await dialog.getByLabel('From (optional)').fill('Tom Brown, Brown Legal')
  await dialog.getByLabel('Text of enquiry 1').fill('Who maintains the shared driveway?')
  await dialog.getByLabel('Attach the original').setInputFiles({
    name: 'Enquiries email.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf('Enquiries by email'),
  })
  await expect(dialog.getByText('Uploaded')).toBeVisible()
  await sc.screenshot({ path: `${SHOTS}/enquiries-log-dialog.png` })
  await dialog.getByRole('button', { name: 'Log enquiries' }).click()
  await expect(toast(sc)).toContainText('Enquiry logged')
  const card = sc.getByRole('article', { name: 'Enquiry 1' })
  await expect(card).toContainText('Who maintains the shared driveway?')
  await expect(card).toContainText(
    /Received by email on \d{2} [A-Z][a-z]{2} \d{4} from Tom Brown, Brown Legal, logged by Sol Solicitor/,
  )
  await expect(card.getByRole('button', { name: /Enquiries email\.pdf/ })).toBeVisible()
  // It lives in the thread as usual: the seller's conveyancer answers it.
  await card.getByLabel('Your reply to enquiry 1').fill('The driveway is maintained jointly; see the deed.')
  await card.getByRole('button', { name: 'Send reply' }).click()
  await expect(card).toContainText('Answered')
  await expectNoAxeViolations(sc)
  await sc.screenshot({ path: `${SHOTS}/enquiries-logged-1280.png`, fullPage: true })
  for (const p of [seller, sellerConveyancer]) await p.close()
})
