/**
 * Verified parties end to end, in the sandbox: a buyer verifies identity step by step from their move
 * (an unreadable photo, a failing check digit and an expired passport are refused with a message);
 * the buyer's conveyancer sees the badges on People, opens the CDD record, views the selfie and
 * approves, and the ID and AML task ticks itself; a sanctions hit demands enhanced due diligence
 * before approval; a failed face match tells the buyer what to do next; the seller sees none of the
 * buyer's data (API 404s, no badges); a failed selfie redoes only the selfie; the MRZ is read from a
 * photo of a specimen passport (e2e/fixtures/specimen-passport-mrz.png: the ICAO specimen's lower line
 * with a British nationality and an expiry of 2034, surname Manualreview, rendered in DejaVu Sans Mono
 * with sharp) or typed when a photo cannot be read, and the conveyancer resolves the manual review.
 * Screenshots at 1280 and 390 px; axe on each page.
 */
import { readFile } from 'node:fs/promises'
import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoAxeViolations, makePdf, move, person, toast } from './app-helpers'

const SHOTS = 'test-results/screens'
// ICAO 9303 TD3 lower lines (check digits correct): passport 123456789, born 14 Mar 1985, expiring 30 Jun 2033 / 01 Jan 2020.
const MRZ = '1234567897GBR8503149F3306301<<<<<<<<<<<<<<02'
const MRZ_EXPIRED = '1234567897GBR8503149F2001012<<<<<<<<<<<<<<08'
const CDD_TASK = 'Buyer ID and AML checks (customer due diligence) completed'
// Bytes that start like a JPEG: the sandbox provider accepts any image.
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(300, 7)]).toString('base64')

/** The identity check through the API (the UI journey is the first test): ends once the sandbox has answered. */
async function verifyByApi(request: APIRequestContext, surname: string, givenNames: string) {
  const image = { content_type: 'image/jpeg', data_base64: JPEG }
  const start = await request.post('/api/me/identity-check')
  const { id } = (await start.json()) as { id: string }
  for (const [step, data] of [
    ['document', { document_type: 'passport', surname, given_names: givenNames, mrz_line: MRZ, image }],
    ['selfie', { image }],
    ['address', { line1: '3 Station Road', town: 'Harpenden', postcode: 'AL5 4SE' }],
  ] as const) {
    const res = await request.put(`/api/me/identity-check/${id}/${step}`, { data: data })
    expect(res.status(), await res.text()).toBe(200)
  }
  expect((await request.post(`/api/me/identity-check/${id}/submit`)).status()).toBe(200)
  await expect
    .poll(
      async () =>
        ((await (await request.get('/api/me/identity-check')).json()) as { check: { status: string } }).check.status,
    )
    .not.toBe('processing')
}

async function shots(page: import('@playwright/test').Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('a buyer verifies identity; the conveyancer approves CDD, the task ticks itself; the seller sees nothing', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const seller = await person(browser, 'Sam Seller', 'seller')
  const { txId, path } = await move(buyer, [
    { who: conveyancer, role: 'buyer_conveyancer' },
    { who: seller, role: 'seller' },
  ])

  // Overview tells the buyer what is left, and leads to the steps.
  const page = buyer.page
  await page.goto(path)
  const checklist = page.getByRole('region', { name: 'What is left for you' })
  await expect(checklist).toContainText('Verify your identity')
  await expect(checklist).toContainText('Sandbox')
  await shots(page, 'overview-checklist')
  await checklist.getByRole('link', { name: 'Verify my identity' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Verify my identity' })).toBeVisible()
  await page.getByRole('button', { name: 'Start' }).click()
  await expect(page.getByText('Step 1 of 4: Your passport or driving licence')).toBeVisible()
  const photo = await page.screenshot()

  // Bad input: an unreadable photo, a failing check digit, an expired passport.
  await page.getByLabel('Surname, as on the document').fill('Buyer')
  await page.getByLabel('Given names, as on the document').fill('Bea')
  await page
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'passport.jpg', mimeType: 'image/jpeg', buffer: Buffer.from('not a photo') })
  await expect(page.getByText('We could not read that file as a photo')).toBeVisible()
  await page
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: photo })
  await expect(page.getByText('Preparing the photo…')).toBeHidden()
  await page.getByLabel('The lower line of the machine readable zone').fill(MRZ.replace('12345', '12346'))
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText('The check digit of the passport number does not match')).toBeVisible()
  await shots(page, 'identity-document')
  await page.getByLabel('The lower line of the machine readable zone').fill(MRZ_EXPIRED)
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'This passport expired on 01 Jan 2020' })).toBeVisible()
  await page.getByLabel('The lower line of the machine readable zone').fill(MRZ)
  await page.getByRole('button', { name: 'Save and continue' }).click()

  // Selfie, address (resumable: a reload lands on the next open step), send.
  await expect(page.getByText('Step 2 of 4: A selfie')).toBeVisible()
  await page.reload()
  await expect(page.getByText('Step 2 of 4: A selfie')).toBeVisible()
  await expect(page.getByLabel('Selfie')).toHaveAttribute('capture', 'user')
  await page.getByLabel('Selfie').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: photo })
  await expect(page.getByText('Preparing the photo…')).toBeHidden()
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText('Step 3 of 4: Your current address')).toBeVisible()
  await page.getByLabel('Address line 1').fill('3 Station Road')
  await page.getByLabel('Town or city').fill('Harpenden')
  await page.getByLabel('Postcode', { exact: true }).fill('XX1')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText('Enter a valid UK postcode, like SW1A 1AA')).toBeVisible()
  await page.getByLabel('Postcode', { exact: true }).fill('al5 4se')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText('Step 4 of 4: Check and send')).toBeVisible()
  await shots(page, 'identity-review')
  await page.getByRole('button', { name: 'Send for checking' }).click()
  await expect(page.getByRole('heading', { name: 'Your identity is verified' })).toBeVisible({ timeout: 20_000 })
  await shots(page, 'identity-verified')

  // The conveyancer: badges on People, the CDD record, the selfie, approval; the task ticks itself.
  const cp = conveyancer.page
  await cp.goto(`${path}?tab=people`)
  const buyerCard = cp.getByTestId('participant-card').filter({ hasText: 'Bea Buyer' })
  await expect(buyerCard.getByTestId('badge-identity')).toHaveText('Identity: Verified')
  await expect(buyerCard.getByTestId('badge-cdd')).toHaveText('CDD: In progress')
  await shots(cp, 'people-badges')
  await buyerCard.getByRole('link', { name: 'Client due diligence for Bea Buyer' }).click()
  await expect(cp.getByRole('heading', { level: 1, name: 'Client due diligence' })).toBeVisible()
  await expect(cp.getByText('No match on the UK sanctions list or the PEP lists.')).toBeVisible({ timeout: 20_000 })
  await expect(cp.getByTestId('risk-level')).toHaveText('Low risk')
  await expect(cp.getByText('Passport 123456789')).toBeVisible()
  await cp.getByRole('button', { name: 'Show the selfie' }).click()
  await expect(cp.getByRole('img', { name: "Bea Buyer's selfie" })).toBeVisible()
  await shots(cp, 'cdd-low-risk')
  await cp.getByLabel('Note for the file').fill('Passport and address verified by the identity provider.')
  await cp.getByRole('button', { name: 'Record the decision' }).click()
  await expect(toast(cp)).toContainText('Client due diligence approved')
  await expect(cp.getByTestId('cdd-decision')).toContainText('Approved by Cora Conveyancer')
  await cp.goto(`${path}?tab=timeline`)
  const task = cp.getByTestId('task-row').filter({ hasText: CDD_TASK })
  await expect(task).toHaveAttribute('data-done', 'true')
  await expect(task).toContainText('Ticks itself when the conveyancer approves the client due diligence')
  await expect(task.getByRole('checkbox')).toHaveCount(0)

  // The seller: nothing of the buyer's, through the UI or the API.
  const sp = seller.page
  await sp.goto(`${path}?tab=people`)
  await expect(
    sp.getByTestId('participant-card').filter({ hasText: 'Sam Seller' }).getByTestId('badge-identity'),
  ).toBeVisible()
  await expect(
    sp.getByTestId('participant-card').filter({ hasText: 'Bea Buyer' }).getByTestId('badge-identity'),
  ).toHaveCount(0)
  for (const url of [
    `/api/transactions/${txId}/cdd/${buyer.id}`,
    `/api/transactions/${txId}/identity/${buyer.id}/images/document`,
    `/api/transactions/${txId}/identity/${buyer.id}/images/selfie`,
  ]) {
    expect((await seller.request.get(url)).status(), url).toBe(404)
  }
  const summary = (await (await seller.request.get(`/api/transactions/${txId}/verification`)).json()) as {
    parties: Array<{ profile_id: string }>
  }
  expect(summary.parties.map((p) => p.profile_id)).not.toContain(buyer.id)
  await sp.goto(`/app/transactions/${txId}/cdd/${buyer.id}`)
  await expect(sp.getByText('No record yet')).toBeVisible()
  await sp.getByRole('button', { name: 'Open the CDD record' }).click()
  await expect(sp.getByRole('alert')).toContainText('Could not find this client due diligence record')

  // The refused steps (check digit 400, expired 422, postcode 400) are logged by the browser as failed loads.
  buyer.console.check([/status of (400|422)/])
  conveyancer.console.check()
  seller.console.check([/404/])
  for (const p of [buyer, conveyancer, seller]) await p.close()
})

test('a sanctions hit demands enhanced due diligence before approval', async ({ browser }) => {
  test.setTimeout(120_000)
  const ivan = await person(browser, 'Ivan Sanctionov', 'buyer')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const { txId, path } = await move(ivan, [{ who: conveyancer, role: 'buyer_conveyancer' }])
  await verifyByApi(ivan.request, 'Sanctionov', 'Ivan')
  const pdf = await makePdf('Payslips and savings statements')
  const up = await conveyancer.request.post(
    `/api/transactions/${txId}/documents?folder=Identity&filename=Source-of-wealth.pdf`,
    {
      data: pdf,
      headers: { 'content-type': 'application/octet-stream' },
    },
  )
  expect(up.status(), await up.text()).toBe(201)

  const cp = conveyancer.page
  await cp.goto(`/app/transactions/${txId}/cdd/${ivan.id}`)
  await expect(cp.getByText('Possible match: confirm or rule it out before acting.')).toBeVisible({ timeout: 20_000 })
  await expect(cp.getByTestId('risk-level')).toHaveText('High risk')
  await expect(cp.getByText('Enhanced due diligence is required before you can approve (reg 33).')).toBeVisible()
  await cp.getByLabel('Note for the file').fill('Approving')
  await cp.getByRole('button', { name: 'Record the decision' }).click()
  await expect(cp.getByRole('alert').filter({ hasText: 'Not ready to approve' })).toBeVisible()
  await shots(cp, 'cdd-sanctions-hit')

  await cp.getByLabel('How did the client come by their wealth?').fill('Salary as a hospital consultant since 2005.')
  await cp.getByLabel('Purpose of the transaction').fill('A family home')
  await cp
    .getByLabel('The screening match or PEP position, and how you resolved it')
    .fill('Different date of birth and nationality from the listed person: a false positive.')
  await cp.getByLabel('Senior manager who approved acting').fill('Pat Partner')
  await cp.getByLabel('Source-of-wealth evidence').selectOption({ label: 'Source-of-wealth.pdf' })
  await cp.getByRole('button', { name: 'Save enhanced due diligence' }).click()
  await expect(toast(cp)).toContainText('Enhanced due diligence saved')
  await expect(cp.getByText('Before you can approve:')).toBeHidden()
  await cp.getByRole('button', { name: 'Record the decision' }).click()
  await expect(cp.getByTestId('cdd-decision')).toContainText('Approved')
  await cp.goto(`${path}?tab=timeline`)
  await expect(cp.getByTestId('task-row').filter({ hasText: CDD_TASK })).toHaveAttribute('data-done', 'true')
  ivan.console.check()
  // The refused approval (422) is logged by the browser as a failed load.
  conveyancer.console.check([/status of 422/])
  for (const p of [ivan, conveyancer]) await p.close()
})

test('a failed face match tells the buyer what to do next', async ({ browser }) => {
  const fay = await person(browser, 'Fay Facemismatch', 'buyer', { width: 390 })
  const { path } = await move(fay, [])
  await verifyByApi(fay.request, 'Facemismatch', 'Fay')
  await fay.page.goto(`${path.replace(/\/$/, '')}/identity`)
  await expect(fay.page.getByRole('heading', { name: 'We could not verify your identity' })).toBeVisible()
  await expect(fay.page.getByText('The selfie does not match the photo on the document.')).toBeVisible()
  await expect(fay.page.getByText(/What to do next:.*retake your selfie/)).toBeVisible()
  await shots(fay.page, 'identity-failed')
  // Only the failed step is redone: the document and the address are kept.
  await expect(fay.page.getByText('We keep your document and your address from this check')).toBeVisible()
  await fay.page.getByRole('button', { name: 'Retake the selfie' }).click()
  await expect(fay.page.getByText('Step 2 of 4: A selfie')).toBeVisible()
  await expect(fay.page.getByRole('button', { name: '✓ Your passport or driving licence' })).toBeVisible()
  await expect(fay.page.getByRole('button', { name: '✓ Your current address' })).toBeVisible()
  fay.console.check()
  await fay.close()
})

test('the MRZ is read from a passport photo (typing when it cannot be); the conveyancer resolves a manual review', async ({
  browser,
}) => {
  test.setTimeout(240_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const { txId, path } = await move(buyer, [{ who: conveyancer, role: 'buyer_conveyancer' }])
  const page = buyer.page
  await page.goto(`${path.replace(/\/$/, '')}/identity`)
  await page.getByRole('button', { name: 'Start' }).click()

  // A photo without an MRZ: the OCR finds none, and typing is offered.
  const blank = await page.screenshot()
  await page
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'page.png', mimeType: 'image/png', buffer: blank })
  await expect(page.getByTestId('mrz-read')).toContainText('We could not read the machine readable zone', {
    timeout: 90_000,
  })
  await expect(page.getByLabel('The lower line of the machine readable zone')).toHaveValue('')

  // The specimen passport: both lines read on this device, every check digit right, names filled in.
  const specimen = await readFile('e2e/fixtures/specimen-passport-mrz.png')
  await page
    .getByLabel('Photo of the document')
    .setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: specimen })
  await expect(page.getByTestId('mrz-read')).toContainText('Read from the photo, with every check digit right', {
    timeout: 90_000,
  })
  await expect(page.getByLabel('The lower line of the machine readable zone')).toHaveValue(
    'L898902C36GBR7408122F3404159ZE184226B<<<<<16',
  )
  await expect(page.getByLabel('Surname, as on the document')).toHaveValue('Manualreview')
  await expect(page.getByLabel('Given names, as on the document')).toHaveValue('Anna Maria')
  await shots(page, 'identity-mrz-read')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await expect(page.getByText('Step 2 of 4: A selfie')).toBeVisible()
  await page.getByLabel('Selfie').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: blank })
  await expect(page.getByText('Preparing the photo…')).toBeHidden()
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await page.getByLabel('Address line 1').fill('3 Station Road')
  await page.getByLabel('Town or city').fill('Harpenden')
  await page.getByLabel('Postcode', { exact: true }).fill('AL5 4SE')
  await page.getByRole('button', { name: 'Save and continue' }).click()
  await page.getByRole('button', { name: 'Send for checking' }).click()
  await expect(page.getByRole('heading', { name: 'Your check is being reviewed' })).toBeVisible({ timeout: 20_000 })

  // The conveyancer: the review is flagged with the name that differs; screening has not started; no PG81 claim.
  const cp = conveyancer.page
  await cp.goto(`/app/transactions/${txId}/cdd/${buyer.id}`)
  await expect(cp.getByRole('heading', { level: 1, name: 'Client due diligence' })).toBeVisible()
  await expect(cp.getByText('Needs review')).toBeVisible()
  await expect(cp.getByTestId('name-differs')).toContainText('Differs from the account name, Bea Buyer')
  await expect(cp.getByTestId('screening-state')).toContainText('Not screened: the identity check is in manual review')
  await expect(cp.getByTestId('pg81')).toContainText(
    "Does not meet HM Land Registry's digital identity standard (PG81)",
  )
  await expect(cp.getByText("Document's chip read and verified (NFC): no")).toBeVisible()
  await expect(cp.getByText('Resolve the manual review of the identity check first')).toBeVisible()
  await shots(cp, 'cdd-manual-review')

  // Accept with a note: audited, screening starts, and the record can be approved.
  await cp.getByRole('radio', { name: /Accept the check/ }).check()
  await cp.getByLabel('Note for the file (what you checked)').fill('Compared the photo page and selfie by video call.')
  await cp.getByRole('button', { name: 'Record the review' }).click()
  await expect(toast(cp)).toContainText('Identity check: accepted')
  await expect(cp.getByTestId('identity-review')).toContainText('Accepted by Cora Conveyancer')
  await expect(cp.getByText('No match on the UK sanctions list or the PEP lists.')).toBeVisible({ timeout: 20_000 })
  await expect(cp.getByText('Resolve the manual review of the identity check first')).toHaveCount(0)
  await cp
    .getByLabel('Note for the file', { exact: true })
    .fill('Identity accepted after manual review; screening clear.')
  await cp.getByRole('button', { name: 'Record the decision' }).click()
  await expect(cp.getByTestId('cdd-decision')).toContainText('Approved by Cora Conveyancer')
  await shots(cp, 'cdd-review-accepted')
  const audit = (await (await conveyancer.request.get(`/api/transactions/${txId}/activity`)).json()) as unknown
  expect(JSON.stringify(audit)).toContain('accepted the identity check of a buyer after its manual review')

  // The buyer is told.
  await page.reload()
  await expect(page.getByRole('heading', { name: 'Your conveyancer accepted your check' })).toBeVisible()
  buyer.console.check()
  conveyancer.console.check()
  for (const p of [buyer, conveyancer]) await p.close()
})
