/**
 * The giftor end to end (decision 037): the buyer records a gift on their source of funds; the giftor
 * opens the emailed invitation (the local outbox), accepts, and lands on their gift page, the only
 * thing of the move they can see (the move's page and API answer them 404); they verify their identity
 * in the sandbox, answer the declaration's questions and sign the gifted-deposit declaration; the
 * buyer's conveyancer then sees the gift evidenced and the signed declaration in Documents, and the
 * seller does not see it. Screenshots of the giftor's pages at 1280 and 390 px; axe on each.
 */
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, move, person } from './app-helpers'
import { inviteLink } from './mail-helpers'

const SHOTS = 'test-results/screens'
// ICAO 9303 TD3 lower line with correct check digits (passport 123456789, expiring 30 Jun 2033).
const MRZ = '1234567897GBR8503149F3306301<<<<<<<<<<<<<<02'
const FILE = 'Gifted deposit declaration - Gina Giftor.pdf'

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
}

test('a giftor accepts, verifies identity, signs; the conveyancer sees the gift evidenced', async ({ browser }) => {
  test.setTimeout(180_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const seller = await person(browser, 'Sam Seller', 'seller')
  const giftor = await person(browser, 'Gina Giftor', 'buyer', { verified: false })
  const { txId } = await move(
    buyer,
    [
      { who: conveyancer, role: 'buyer_conveyancer' },
      { who: seller, role: 'seller' },
    ],
    { address: '7 Giftwood Close', postcode: 'AL5 2JQ', agreed_price: 350000 },
  )

  // The buyer records the gift on their source of funds; the giftor is invited.
  const page = buyer.page
  await page.goto(`/app/transactions/${txId}/funds`)
  await expect(page.getByRole('heading', { level: 1, name: 'Source of funds' })).toBeVisible()
  await page.getByLabel("Giftor's name").fill('Gina Giftor')
  await page.getByLabel("Giftor's email").fill(giftor.email)
  await page.getByLabel('Relationship to you').fill('Mother')
  await page.getByLabel('Amount (£)').fill('25,000')
  await page.getByRole('button', { name: 'Add gift and invite the giftor' }).click()
  const gifts = page.getByRole('region', { name: 'Gifts' })
  await expect(gifts.getByText('Invitation sent')).toBeVisible()
  await expect(gifts.getByText(`${giftor.email} has until`)).toBeVisible()

  // The giftor opens the emailed link and accepts: their gift page, nothing else.
  const gp = giftor.page
  await gp.goto(await inviteLink(giftor.request, giftor.email))
  await expect(gp.getByRole('heading', { level: 1, name: 'Confirm your gift towards a deposit' })).toBeVisible()
  await gp.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(gp.getByRole('heading', { level: 1, name: 'Your gift to Bea Buyer' })).toBeVisible()
  await expect(gp).toHaveURL(/\/app\/gifts\/[0-9a-f-]{36}$/)
  const giftUrl = new URL(gp.url()).pathname
  await expect(gp.getByText('£25,000.00')).toBeVisible()
  await expect(gp.getByText('7 Giftwood Close', { exact: false })).toBeVisible()
  await shots(gp, 'giftor-gift')
  expect((await giftor.request.get(`/api/transactions/${txId}`)).status()).toBe(404)
  expect((await giftor.request.get(`/api/transactions/${txId}/documents`)).status()).toBe(404)
  expect((await giftor.request.get(`/api/transactions/${txId}/funds`)).status()).toBe(404)
  await buyer.page.reload()
  await expect(buyer.page.getByRole('region', { name: 'Gifts' }).getByText('Invitation accepted').first()).toBeVisible()

  // Step 1: verify their identity in the sandbox, then back to the gift.
  await gp.getByRole('link', { name: 'Verify my identity' }).click()
  await expect(gp.getByRole('heading', { level: 1, name: 'Verify my identity' })).toBeVisible()
  await expect(gp.getByRole('link', { name: 'Back to your gift' })).toBeVisible()
  await gp.getByRole('button', { name: 'Start' }).click()
  await expect(gp.getByText('Step 1 of 4: Your passport or driving licence')).toBeVisible()
  const photo = await gp.screenshot()
  await gp.getByLabel('Surname, as on the document').fill('Giftor')
  await gp.getByLabel('Given names, as on the document').fill('Gina')
  await gp
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: photo })
  await expect(gp.getByText('Preparing the photo…')).toBeHidden()
  await gp.getByLabel('The lower line of the machine readable zone').fill(MRZ)
  await gp.getByRole('button', { name: 'Save and continue' }).click()
  await expect(gp.getByText('Step 2 of 4: A selfie')).toBeVisible()
  await gp.getByLabel('Selfie').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo })
  await expect(gp.getByText('Preparing the photo…')).toBeHidden()
  await gp.getByRole('button', { name: 'Save and continue' }).click()
  await expect(gp.getByText('Step 3 of 4: Your current address')).toBeVisible()
  await gp.getByLabel('Address line 1').fill('3 Station Road')
  await gp.getByLabel('Town or city').fill('Harpenden')
  await gp.getByLabel('Postcode', { exact: true }).fill('AL5 4SE')
  await gp.getByRole('button', { name: 'Save and continue' }).click()
  await gp.getByRole('button', { name: 'Send for checking' }).click()
  await expect(gp.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible({ timeout: 20_000 })
  await gp.getByRole('link', { name: 'Back to your gift' }).first().click()
  await expect(gp).toHaveURL(new RegExp(`${giftUrl}$`))
  await expect(gp.getByRole('heading', { name: /1\. Verify your identity \(done\)/ })).toBeVisible()

  // Step 2 and 3: the questions, then read and sign the declaration.
  await gp.getByLabel('Where does the gifted money come from?').fill('Savings in my Nationwide account, from my salary')
  await gp.getByRole('radio', { name: 'No', exact: true }).check()
  await gp.getByRole('button', { name: 'Prepare the declaration' }).click()
  await expect(gp.getByRole('link', { name: /Read the declaration \(PDF\)/ })).toBeVisible()
  const pdf = await giftor.request.get(`/api${giftUrl.replace('/app', '')}/declaration.pdf`)
  expect(pdf.headers()['content-type']).toBe('application/pdf')
  await shots(gp, 'giftor-declaration')
  await gp.getByRole('button', { name: 'Sign the declaration' }).click()
  await expect(gp.getByText('Agree to sign electronically to continue')).toBeVisible()
  await gp.getByLabel('Type your full name to sign').fill('Gina Giftor')
  await gp.getByLabel(/I agree to sign it electronically/).check()
  await gp.getByRole('button', { name: 'Sign the declaration' }).click()
  await expect(gp.getByText('All done. Thank you.')).toBeVisible()
  await shots(gp, 'giftor-signed')

  // The buyer's conveyancer sees the gift evidenced, with the signed declaration in Documents.
  const cp = conveyancer.page
  await cp.goto(`/app/transactions/${txId}/funds`)
  const cgifts = cp.getByRole('region', { name: 'Gifts' })
  await expect(cgifts.getByText('Evidenced')).toBeVisible()
  await expect(cgifts.getByText('Source of the gifted money: Savings in my Nationwide account')).toBeVisible()
  await expect(cp.getByText('no signed gifted-deposit declaration yet')).toHaveCount(0)
  await cgifts.getByRole('link', { name: 'The signed declaration is in Documents' }).click()
  await expect(cp.getByText(FILE).first()).toBeVisible()

  // The seller's side never sees the declaration.
  const docs = (await (await seller.request.get(`/api/transactions/${txId}/documents`)).json()) as {
    documents: { filename: string }[]
  }
  expect(docs.documents.map((d) => d.filename)).not.toContain(FILE)

  for (const p of [buyer, conveyancer, seller, giftor]) await p.close()
})
