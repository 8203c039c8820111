/**
 * The giftor end to end (decisions 037 and 069): the buyer records a gift on their source of funds;
 * the giftor opens the emailed invitation (the local outbox), creates an account from it with no
 * trade picker, confirms their email and lands on their gift page, the only thing of the move they
 * can see (the move's page and API answer them 404). They sign out, come back from the same email
 * link (it opens the gift, not "already used") and find "Your gifts" on their home page; they connect
 * the bank the gift comes from in the sandbox, verify their identity (which screens them for
 * sanctions and PEPs), answer the declaration's questions and sign. The buyer's conveyancer then sees
 * the gift evidenced, the signed declaration in Documents and the giftor's due diligence (identity,
 * screening, bank, each with its date and a Sandbox label); the buyer is refused that page and the
 * seller does not see the declaration. Screenshots of the giftor's pages at 1280 and 390 px; axe on each.
 */
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, move, newBrowser, person, uniqueEmail } from './app-helpers'
import { inviteLink, mailMatch, verifyEmailByLink } from './mail-helpers'

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
  test.setTimeout(240_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const seller = await person(browser, 'Sam Seller', 'seller')
  // The giftor has no account yet: they make one from the invitation.
  const g = await newBrowser(browser)
  const giftor = {
    email: uniqueEmail('gina'),
    page: g.page,
    request: g.context.request,
    close: () => g.context.close(),
  }
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

  // The giftor opens the emailed link signed out and creates an account from it: no trade picker.
  const gp = giftor.page
  const link = await inviteLink(giftor.request, giftor.email)
  const mail = await mailMatch(giftor.request, giftor.email, /https?:\/\/\S+\/app\/gifts\/[0-9a-f-]{36}/)
  await gp.goto(link)
  await expect(gp.getByRole('heading', { level: 1, name: 'Confirm your gift towards a deposit' })).toBeVisible()
  await gp.getByRole('link', { name: 'Create an account' }).click()
  await gp.getByLabel('Full name').fill('Gina Giftor')
  await gp.getByLabel('Email', { exact: true }).fill(giftor.email)
  await gp.getByLabel('Password', { exact: true }).fill('gina-gives-2026!')
  await expect(gp.getByText('I am a')).toHaveCount(0)
  await expect(gp.getByRole('button', { name: 'Conveyancer', exact: true })).toHaveCount(0)
  await expect(gp.getByText('confirm a gift towards someone')).toBeVisible()
  await shots(gp, 'giftor-sign-up')
  await gp.getByRole('button', { name: 'Create Account' }).click()
  await expect(gp.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await verifyEmailByLink(gp, giftor.email)
  await expect(gp.getByText('invite people to your move')).toHaveCount(0)
  await gp.getByRole('link', { name: 'Continue' }).click()
  // Back on the invitation, it accepts at once and goes on to the gift page.
  await expect(gp.getByRole('heading', { level: 1, name: 'Your gift to Bea Buyer' })).toBeVisible()
  await expect(gp).toHaveURL(/\/app\/gifts\/[0-9a-f-]{36}$/)
  const giftUrl = new URL(gp.url()).pathname
  // The email's persistent link is this page.
  expect(new URL(mail).pathname).toBe(giftUrl)

  // The giftor leaves (signs out) and comes back from the same email link: it opens their gift.
  await gp.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click()
  await expect(gp).toHaveURL(/\/auth/)
  await gp.goto(link)
  await expect(gp.getByText('this link always opens your gift')).toBeVisible()
  await expect(gp.getByText('already been used')).toHaveCount(0)
  await shots(gp, 'giftor-return-link')
  await gp.getByRole('link', { name: 'Sign in to open your gift' }).click()
  await gp.getByLabel('Email', { exact: true }).fill(giftor.email)
  await gp.getByLabel('Password', { exact: true }).fill('gina-gives-2026!')
  await gp.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(gp.getByRole('heading', { level: 1, name: 'Your gift to Bea Buyer' })).toBeVisible()
  await expect(gp).toHaveURL(new RegExp(`${giftUrl}$`))
  // "Your gifts" on the home page and in the header lead back too.
  await gp.goto('/app/home')
  const yours = gp.getByRole('region', { name: 'Your gifts' })
  await expect(yours.getByText('To do: verify your identity')).toBeVisible()
  await expect(gp.getByText('Create your first transaction')).toHaveCount(0)
  await shots(gp, 'giftor-home')
  await gp.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Your gifts' }).click()
  await expect(gp).toHaveURL(/\/app\/gifts$/)
  await gp.getByRole('link', { name: /Continue with your gift/ }).click()
  await expect(gp).toHaveURL(new RegExp(`${giftUrl}$`))
  await expect(gp.getByText('£25,000.00')).toBeVisible()
  await expect(gp.getByText('7 Giftwood Close', { exact: false })).toBeVisible()
  await shots(gp, 'giftor-gift')
  expect((await giftor.request.get(`/api/transactions/${txId}`)).status()).toBe(404)
  expect((await giftor.request.get(`/api/transactions/${txId}/documents`)).status()).toBe(404)
  expect((await giftor.request.get(`/api/transactions/${txId}/funds`)).status()).toBe(404)
  await buyer.page.reload()
  await expect(buyer.page.getByRole('region', { name: 'Gifts' }).getByText('Invitation accepted').first()).toBeVisible()

  // Step 2 first, as a giftor may: connect the bank the gift comes from (the sandbox bank).
  const bankStep = gp.getByRole('listitem').filter({ has: gp.getByRole('heading', { name: /2\. Check the bank/ }) })
  await expect(bankStep.getByTestId('sandbox-badge')).toBeVisible()
  await bankStep.getByLabel('Your bank').selectOption({ label: 'Windfall Bank' })
  await bankStep.getByRole('button', { name: 'Connect my bank' }).click()
  await gp.getByRole('button', { name: 'Allow access' }).click()
  await expect(gp).toHaveURL(new RegExp(`${giftUrl}$`))
  await expect(gp.getByRole('heading', { name: /2\. Check the bank the money comes from \(done\)/ })).toBeVisible({
    timeout: 20_000,
  })
  await expect(gp.getByText(/Windfall Bank connected on/)).toBeVisible()

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

  // The giftor's due diligence: identity, sanctions and PEP screening, bank; each dated and labelled Sandbox.
  await cp.goto(`/app/transactions/${txId}/funds`)
  await cp.getByRole('link', { name: /Due diligence on the giftor/ }).click()
  await expect(cp.getByRole('heading', { level: 1, name: 'Giftor due diligence: Gina Giftor' })).toBeVisible()
  const idCard = cp.getByRole('region', { name: 'Identity' })
  await expect(idCard.getByText('Verified')).toBeVisible()
  await expect(idCard.getByTestId('sandbox-badge')).toBeVisible()
  const screening = cp.getByRole('region', { name: 'Sanctions and PEP screening' })
  await expect(screening.getByText('Clear: no sanctions or PEP match')).toBeVisible({ timeout: 20_000 })
  await expect(screening.getByText(/Screened on/)).toBeVisible()
  const bankCard = cp.getByRole('region', { name: 'Bank check' })
  await expect(bankCard.getByText('Connected')).toBeVisible()
  await expect(bankCard.getByText(/The balances \(£77,450\.00\) cover the gift/)).toBeVisible()
  await expect(bankCard.getByText('Credits in the last 12 months to ask about')).toBeVisible()
  const checksUrl = cp.url()
  await cp.setViewportSize({ width: 1280, height: 900 })
  await expectNoAxeViolations(cp)
  await cp.screenshot({ path: `${SHOTS}/giftor-checks-1280.png`, fullPage: true })
  // The buyer is refused the giftor's checks.
  await buyer.page.goto(checksUrl)
  await expect(buyer.page.getByText("Only the buyer's conveyancer sees a giftor's identity")).toBeVisible()

  // The seller's side never sees the declaration.
  const docs = (await (await seller.request.get(`/api/transactions/${txId}/documents`)).json()) as {
    documents: { filename: string }[]
  }
  expect(docs.documents.map((d) => d.filename)).not.toContain(FILE)

  for (const p of [buyer, conveyancer, seller, giftor]) await p.close()
})
