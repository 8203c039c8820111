/**
 * Joining through an emailed invitation: the older link of a re-sent invitation says
 * a newer one was sent; Create an account arrives with the invited email and role filled in; after
 * sign-up the invitation is accepted without a second press; accepting proves the email, so the
 * invited seller signs a document at once, with no "verify your email" step. Screenshots at 390 px.
 */
import { expect, test } from '@playwright/test'
import { createMove, makePdf, newBrowser, person, toast, uniqueEmail } from './app-helpers'
import { mailedLink, mailMatch } from './mail-helpers'

const PASSWORD = 'invitation-join-2025!'
const SHOTS = 'test-results/screens'

test('an invited seller joins through the link without pressing Accept again and signs at once', async ({
  browser,
  request,
}) => {
  const sellerEmail = uniqueEmail('join-seller')

  // --- The buyer (through the API) creates the move and invites the seller, then re-sends ----------
  const b = await person(browser, 'Bo Buyer', 'buyer', { email: uniqueEmail('join-buyer') })
  const { txId } = await createMove(b.request, {
    address: '3 Orchard Close',
    town: 'Hitchin',
    postcode: 'SG5 1AA',
    agreed_price: 390000,
  })
  const invited = await b.page.request.post(`/api/transactions/${txId}/invitations`, {
    data: { email: sellerEmail, role: 'seller' },
  })
  expect(invited.status()).toBe(201)
  const { id: invitationId } = (await invited.json()) as { id: string }
  const linkPattern = /\/invite\/[\w-]+/
  const oldLink = await mailMatch(request, sellerEmail, linkPattern)
  const resent = await b.page.request.post(`/api/transactions/${txId}/invitations/${invitationId}/resend`, { data: {} })
  expect(resent.ok()).toBe(true)
  let newLink = oldLink
  await expect.poll(async () => (newLink = await mailMatch(request, sellerEmail, linkPattern))).not.toBe(oldLink)

  // --- The older link says a newer invitation was sent -----------------------------------------
  const s = await newBrowser(browser, { width: 390 })
  await s.page.goto(oldLink)
  const superseded = s.page.getByRole('alert').filter({ hasText: 'A newer invitation was sent' })
  await expect(superseded).toContainText('Bo Buyer sent this invitation again on')
  await expect(superseded).toContainText('Open the link in the most recent invitation email.')
  await expect(s.page.getByText('Check that you copied the whole link')).toHaveCount(0)
  await s.page.screenshot({ path: `${SHOTS}/invite-superseded-390.png`, fullPage: true })

  // --- The newest link: Create an account is prefilled with the role (the address is shown masked) --
  await s.page.goto(newLink)
  await expect(s.page.getByText(sellerEmail)).toHaveCount(0)
  await s.page.getByRole('link', { name: 'Create an account' }).click()
  await expect(s.page).toHaveURL(/\/auth\?.*tab=sign-up/)
  await expect(s.page.getByLabel('Email', { exact: true })).toHaveValue('')
  await s.page.getByLabel('Email', { exact: true }).fill(sellerEmail)
  await expect(s.page.getByRole('button', { name: 'Seller', exact: true })).toHaveAttribute('aria-pressed', 'true')
  await s.page.screenshot({ path: `${SHOTS}/invite-sign-up-prefilled-390.png`, fullPage: true })
  await s.page.getByLabel('Full name').fill('Sal Seller')
  await s.page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await s.page.getByRole('button', { name: 'Create Account' }).click()
  // Sign-up signs nobody in (it answers known and unknown emails alike): the emailed link confirms,
  // signs in and goes on to the invitation.
  await expect(s.page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  await s.page.goto(await mailedLink(s.page.request, sellerEmail, '/verify-email'))
  await expect(s.page.getByRole('heading', { level: 1 })).toHaveText('Email confirmed')
  await s.page.getByRole('link', { name: 'Continue' }).click()

  // Accepted without a second press: straight onto the move, already active with both sides.
  await expect(s.page).toHaveURL(new RegExp(`/app/transactions/${txId}$`))
  await expect(toast(s.page)).toContainText("You've joined the move")
  await expect(s.page.getByTestId('status-badge').first()).toHaveText('Active')
  // Accepting proved the address: no "confirm your email" banner.
  await expect(s.page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0)

  // --- The buyer asks the seller to sign; the seller signs with no verify step ---------------------
  const uploaded = await b.page.request.post(
    `/api/transactions/${txId}/documents?folder=Property&filename=Memorandum.pdf`,
    { data: await makePdf('Memorandum of sale'), headers: { 'content-type': 'application/pdf' } },
  )
  expect(uploaded.status()).toBe(201)
  const doc = (await uploaded.json()) as { id: string; sha256: string }
  const me = (await (await s.page.request.get('/api/me')).json()) as { profile: { id: string } }
  const asked = await b.page.request.post(`/api/transactions/${txId}/documents/${doc.id}/signature-requests`, {
    data: { signer_ids: [me.profile.id], document_sha256: doc.sha256 },
  })
  expect(asked.status()).toBe(201)

  await s.page.goto(`/app/transactions/${txId}?tab=documents`)
  await s.page.getByTestId('awaiting-signature').getByRole('button', { name: 'Review and sign Memorandum.pdf' }).click()
  const viewer = s.page.getByRole('dialog', { name: 'Memorandum.pdf' })
  const form = viewer.getByRole('form', { name: 'Sign this document' })
  await expect(form).toBeVisible()
  await expect(viewer.getByText('Confirm your email before you sign')).toHaveCount(0)
  await form.getByLabel(/agree to sign it electronically/).check()
  await expect(form.getByLabel('Your full name')).toHaveValue('Sal Seller')
  await form.getByRole('button', { name: 'Sign' }).click()
  await expect(viewer.getByTestId('signature-status')).toContainText('Signed by everyone')
  await s.page.screenshot({ path: `${SHOTS}/invite-joined-signed-390.png` })

  await b.context.close()
  await s.context.close()
})
