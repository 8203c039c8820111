/**
 * Joint buyers and sellers (issue 39 item 2, decision 070). A buyer invites a co-buyer from People
 * ("Joint buyer"); the co-buyer opens the emailed link, accepts with their own account and lands on
 * the move as a second buyer; they verify their own identity in the sandbox, give their own land tax
 * answers on Source of funds (the tax follows both buyers), and sign the document the buyers'
 * conveyancer asks both buyers to sign; the conveyancer sees both buyers on People. Joint sellers:
 * each seller signs the TA10; it is signed (and its PDF filed) only with the second signature.
 * Screenshots at 1280 and 390 px; axe on the pages this work changed.
 */
import { mkdirSync } from 'node:fs'
import { expect, test, type Page } from '@playwright/test'
import type { PropertyFormResponse } from '../src/shared/contracts/property-forms'
import { exampleAnswers } from '../src/shared/domain/property-forms'
import { expectNoAxeViolations, makePdf, move, person, toast } from './app-helpers'
import { inviteLink, inviteToken } from './mail-helpers'

const SHOTS = 'test-results/screens'
mkdirSync(SHOTS, { recursive: true })
const slow = expect.configure({ timeout: 30_000 })
// ICAO 9303 TD3 lower line with correct check digits (passport 123456789, expiring 30 Jun 2033).
const MRZ = '1234567897GBR8503149F3306301<<<<<<<<<<<<<<02'

async function shots(page: Page, name: string) {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(page)
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
}

test('a buyer invites a co-buyer, who joins from the email, verifies their identity and signs', async ({ browser }) => {
  test.setTimeout(240_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const seller = await person(browser, 'Sam Seller', 'seller')
  const coBuyer = await person(browser, 'Cai Cobuyer', 'buyer', { verified: false })
  const { txId, path } = await move(
    buyer,
    [
      { who: conveyancer, role: 'buyer_conveyancer' },
      { who: seller, role: 'seller' },
    ],
    { address: '12 Joint Way', postcode: 'AL5 2JQ', agreed_price: 400000 },
  )

  // The buyer invites the co-buyer from People.
  const page = buyer.page
  await page.goto(`${path}?tab=people`)
  await page.getByRole('button', { name: 'Invite by email' }).click()
  const dialog = page.getByRole('dialog', { name: 'Invite someone to this move' })
  await dialog.getByLabel('Email address').fill(coBuyer.email)
  await dialog.getByLabel('Their role on this move').selectOption({ label: 'Joint buyer' })
  await dialog.getByRole('button', { name: /Send invitation/ }).click()
  await expect(toast(page)).toContainText('Invitation sent')

  // The co-buyer opens the emailed link and accepts with their own account.
  const cp = coBuyer.page
  await cp.goto(await inviteLink(coBuyer.request, coBuyer.email))
  await slow(cp.getByText('Joint buyer').first()).toBeVisible()
  await cp.getByRole('button', { name: 'Accept invitation' }).click()
  await slow(cp).toHaveURL(new RegExp(`/app/transactions/${txId}$`))
  await expect(toast(cp)).toContainText("You've joined the move")

  // Their own identity check, from their own list of what is left.
  const checklist = cp.getByRole('region', { name: 'What is left for you' })
  await slow(checklist).toContainText('Verify your identity')
  await checklist.getByRole('link', { name: 'Verify my identity' }).click()
  await expect(cp.getByRole('heading', { level: 1, name: 'Verify my identity' })).toBeVisible()
  await cp.getByRole('button', { name: 'Start' }).click()
  await expect(cp.getByText('Step 1 of 4: Your passport or driving licence')).toBeVisible()
  const photo = await cp.screenshot()
  await cp.getByLabel('Surname, as on the document').fill('Cobuyer')
  await cp.getByLabel('Given names, as on the document').fill('Cai')
  await cp
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: photo })
  await expect(cp.getByText('Preparing the photo…')).toBeHidden()
  await cp.getByLabel('The lower line of the machine readable zone').fill(MRZ)
  await cp.getByRole('button', { name: 'Save and continue' }).click()
  await expect(cp.getByText('Step 2 of 4: A selfie')).toBeVisible()
  await cp.getByLabel('Selfie').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo })
  await expect(cp.getByText('Preparing the photo…')).toBeHidden()
  await cp.getByRole('button', { name: 'Save and continue' }).click()
  await expect(cp.getByText('Step 3 of 4: Your current address')).toBeVisible()
  await cp.getByLabel('Address line 1').fill('9 Other Street')
  await cp.getByLabel('Town or city').fill('St Albans')
  await cp.getByLabel('Postcode', { exact: true }).fill('AL1 1AA')
  await cp.getByRole('button', { name: 'Save and continue' }).click()
  await cp.getByRole('button', { name: 'Send for checking' }).click()
  await slow(cp.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible()

  // Their own land tax answers: the lead said first-time buyer, the co-buyer is not, so no relief.
  const lead = await buyer.request.put(`/api/transactions/${txId}/funds/plan`, {
    data: {
      first_time_buyer: true,
      additional_property: false,
      non_resident: false,
      mortgage_stated_pence: 30_000_000,
      sale_proceeds_pence: null,
      fees_pence: 0,
    },
  })
  expect(lead.ok(), await lead.text()).toBe(true)
  await cp.goto(`/app/transactions/${txId}/funds`)
  await slow(cp.getByRole('heading', { level: 1, name: 'Source of funds' })).toBeVisible()
  await expect(cp.getByText('You are buying with Bea Buyer')).toBeVisible()
  await cp.getByRole('checkbox', { name: 'You are a first-time buyer and this will be your main home' }).uncheck()
  await cp.getByRole('button', { name: 'Save answers' }).click()
  const answers = cp.getByRole('list', { name: "Each buyer's answers" })
  await expect(answers).toContainText('Bea Buyer: first-time buyer')
  await expect(answers).toContainText('Cai Cobuyer (you): not a first-time buyer')
  await expect(cp.getByText('First-time buyer relief needs every buyer to be a first-time buyer')).toBeVisible()
  await shots(cp, 'co-buyer-funds')

  // The buyers' conveyancer asks both buyers to sign; the co-buyer signs.
  const uploaded = await conveyancer.request.post(
    `/api/transactions/${txId}/documents?folder=Mortgage&filename=Mortgage%20deed.pdf`,
    { data: await makePdf('Mortgage deed: both borrowers sign'), headers: { 'content-type': 'application/pdf' } },
  )
  expect(uploaded.status(), await uploaded.text()).toBe(201)
  const doc = (await uploaded.json()) as { id: string; sha256: string }
  const asked = await conveyancer.request.post(`/api/transactions/${txId}/documents/${doc.id}/signature-requests`, {
    data: { signer_ids: [buyer.id, coBuyer.id], document_sha256: doc.sha256 },
  })
  expect(asked.status(), await asked.text()).toBe(201)
  await cp.goto(`/app/transactions/${txId}?tab=documents`)
  await cp.getByTestId('awaiting-signature').getByRole('button', { name: 'Review and sign Mortgage deed.pdf' }).click()
  const viewer = cp.getByRole('dialog', { name: 'Mortgage deed.pdf' })
  const form = viewer.getByRole('form', { name: 'Sign this document' })
  await form.getByLabel(/agree to sign it electronically/).check()
  await expect(form.getByLabel('Your full name')).toHaveValue('Cai Cobuyer')
  await form.getByRole('button', { name: 'Sign' }).click()
  await slow(viewer.getByTestId('signature-status')).toContainText('Waiting for 1 of 2 signatures')

  // The conveyancer sees both buyers on People, each with their own identity badge.
  await conveyancer.page.goto(`${path}?tab=people`)
  const card = (name: string) => conveyancer.page.getByTestId('participant-card').filter({ hasText: name })
  await slow(card('Cai Cobuyer').getByTestId('badge-identity')).toHaveText('Identity: Verified')
  await expect(card('Bea Buyer')).toBeVisible()
  await shots(conveyancer.page, 'co-buyer-people')

  for (const p of [buyer, conveyancer, seller, coBuyer]) await p.close()
})

test('joint sellers: the TA10 is signed only when both sellers have signed', async ({ browser }) => {
  test.setTimeout(240_000)
  const buyer = await person(browser, 'Tia Buyer', 'buyer')
  const seller = await person(browser, 'Tom Seller', 'seller')
  const coSeller = await person(browser, 'Cass Coseller', 'seller')
  const { txId, path } = await move(buyer, [{ who: seller, role: 'seller' }], {
    address: '5 Pair Walk',
    postcode: 'AL5 3BB',
  })
  const invited = await seller.request.post(`/api/transactions/${txId}/invitations`, {
    data: { email: coSeller.email, role: 'co_seller' },
  })
  expect(invited.status(), await invited.text()).toBe(201)
  const accepted = await coSeller.request.post(
    `/api/invitations/${await inviteToken(seller.request, coSeller.email)}/accept`,
    {
      data: {},
    },
  )
  expect(accepted.ok(), await accepted.text()).toBe(true)

  const { model } = (await (
    await seller.request.get(`/api/transactions/${txId}/forms/ta10`)
  ).json()) as PropertyFormResponse
  const answers = exampleAnswers(model)
  for (const section of model.sections) {
    const res = await seller.request.put(`/api/transactions/${txId}/forms/ta10/sections/${section.key}`, {
      data: { answers },
    })
    expect(res.ok(), await res.text()).toBe(true)
  }

  async function signAs(page: Page, name: string) {
    await page.goto(`${path}/forms/ta10`)
    await slow(page.getByRole('heading', { level: 1, name: 'TA10 Fittings and Contents Form' })).toBeVisible()
    await page.getByRole('button', { name: 'Review and sign' }).first().click()
    await slow(page.getByRole('heading', { level: 2, name: 'Review and sign' })).toBeVisible()
    const signForm = page.getByRole('form', { name: 'Sign the form' })
    await signForm.getByLabel('Type your full name to sign').fill(name)
    await signForm.getByRole('checkbox').check()
    await signForm.getByRole('button', { name: 'Sign the form' }).click()
  }

  await signAs(seller.page, 'Tom Seller')
  await slow(toast(seller.page)).toContainText('Your signature is recorded')
  const box = seller.page.getByRole('group', { name: 'Signatures of the sellers' })
  await expect(box).toContainText('Still to sign: Cass Coseller.')
  await expect(box).toContainText('Tom Seller on')
  await shots(seller.page, 'joint-sellers-one-signed')
  let form = (await (await buyer.request.get(`/api/transactions/${txId}/forms/ta10`)).json()) as PropertyFormResponse
  expect(form.status).toBe('draft')

  await signAs(coSeller.page, 'Cass Coseller')
  await slow(toast(coSeller.page)).toContainText('Form signed')
  await slow(coSeller.page.getByText(/Signed by Tom Seller and Cass Coseller on/)).toBeVisible()
  form = (await (await buyer.request.get(`/api/transactions/${txId}/forms/ta10`)).json()) as PropertyFormResponse
  expect(form.status).toBe('signed')
  expect(form.signed?.name).toBe('Tom Seller and Cass Coseller')

  for (const p of [buyer, seller, coSeller]) await p.close()
})
