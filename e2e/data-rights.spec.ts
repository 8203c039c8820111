/**
 * Data rights (UK GDPR access, portability and erasure) as a person does them: the seller of a move
 * downloads their data from /app/settings (the ZIP is opened here and its README, JSON and uploaded
 * PDF checked byte for byte), then deletes the account after typing the email and the password (a
 * wrong password first: refused, nothing deleted), lands on /auth with a toast saying what stays
 * and why, the old cookie replays as 401, and the buyer still sees the move's history with 'Former
 * participant' on People, Overview and Chat. Screenshots at 1280 and 390 px; axe on the settings
 * page and the open dialog.
 */
import { readFileSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import { unzip } from '../src/server/test/unzip'
import { expectNoAxeViolations, makePdf, move, person, toast } from './app-helpers'

const PASSWORD = 'data-rights-spec-2025!'
const SHOTS = 'test-results/screens'
const ALLOWED_CONSOLE = [/status of 40[13]/]

test('download my data, then delete my account; the buyer sees Former participant', async ({ browser, request }) => {
  test.setTimeout(180_000)
  const downloads = { password: PASSWORD, acceptDownloads: true }
  const s = await person(browser, 'Dara Seller', 'seller', downloads)
  const b = await person(browser, 'Bea Buyer', 'buyer', { ...downloads, width: 390 })
  const sellerEmail = s.email

  // The seller's move with the buyer joined, a document and a message (through the API: other specs show the UI).
  const { txId } = await move(s, [{ who: b, role: 'buyer' }], {
    address: '3 Orchard Way',
    town: 'Harpenden',
    postcode: 'AL5 2BT',
    role: 'seller',
    agreed_price: 510000,
  })
  const pdf = await makePdf('TA6 Property Information Form: Dara Seller')
  const up = await s.page.request.post(`/api/transactions/${txId}/documents?folder=Property&filename=TA6.pdf`, {
    data: pdf,
    headers: { 'content-type': 'application/octet-stream' },
  })
  expect(up.status()).toBe(201)
  const threads = (await (await s.page.request.get(`/api/transactions/${txId}/threads`)).json()) as {
    threads: { id: string; topic: string }[]
  }
  const general = threads.threads.find((th) => th.topic === 'general')!.id
  expect(
    (
      await s.page.request.post(`/api/transactions/${txId}/threads/${general}/messages`, {
        data: { body_md: 'The keys are with the agent.' },
      })
    ).status(),
  ).toBe(201)

  // --- Download my data -------------------------------------------------------------------------
  const { page } = s
  await page.goto('/app/settings')
  const yourData = page.locator('[aria-labelledby="your-data-title"]')
  await expect(yourData).toContainText('every version of every document you uploaded')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download my data' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^homeward-data-\d{4}-\d{2}-\d{2}\.zip$/)
  await expect(toast(page)).toContainText('Your data is downloading')
  await expect(page.getByRole('button', { name: 'Download my data' })).toBeEnabled()
  const entries = await unzip(readFileSync((await download.path())!))
  expect([...entries.keys()]).toEqual(expect.arrayContaining(['README.txt', 'account.json', 'documents.json']))
  expect(JSON.parse(entries.get('account.json')!.toString()).user.email).toBe(sellerEmail)
  const docs = JSON.parse(entries.get('documents.json')!.toString()) as { filename: string; path_in_zip: string }[]
  expect(docs.map((d) => d.filename)).toEqual(['TA6.pdf'])
  expect(entries.get(docs[0].path_in_zip)!.equals(pdf)).toBe(true)
  expect(JSON.parse(entries.get('messages.json')!.toString())[0].body_md).toBe('The keys are with the agent.')
  // Still signed in after the download.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()

  // --- Screenshots of the two cards, desktop and phone --------------------------------------------
  const danger = page.locator('[aria-labelledby="delete-account-title"]')
  await expect(danger).toContainText('Money Laundering Regulations 2017, regulation 40')
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await danger.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/data-rights-settings-${width}.png`, fullPage: true })
  }
  await expectNoAxeViolations(page)

  // --- Delete my account: the dialog asks for the email and the password ------------------------------
  await page.getByRole('button', { name: 'Delete my account…' }).click()
  const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
  const confirm = dialog.getByRole('button', { name: 'Delete my account permanently' })
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel(/Type your email address/).fill('someone-else@example.com')
  await expect(confirm).toBeDisabled()
  await dialog.getByLabel(/Type your email address/).fill(sellerEmail)
  await dialog.getByLabel('Current password').fill('not the password')
  await expect(confirm).toBeEnabled()
  await page.screenshot({ path: `${SHOTS}/data-rights-delete-dialog-390.png` })
  await expectNoAxeViolations(page)
  await confirm.click()
  await expect(dialog.getByText('Your current password is not right. Nothing was deleted.')).toBeVisible()
  await expect(dialog.getByLabel('Current password')).toBeFocused()
  const cookie = (await s.context.cookies()).find((c) => c.name.endsWith('session_token'))!
  expect((await s.page.request.get('/api/me')).status()).toBe(200)

  await dialog.getByLabel('Current password').fill(PASSWORD)
  await confirm.click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(toast(page)).toContainText('Your account has been deleted')
  await expect(toast(page)).toContainText('regulation 40')
  await page.screenshot({ path: `${SHOTS}/data-rights-deleted-390.png` })

  // The old cookie replays as 401; signing in with the old email fails.
  const replay = await request.get('/api/me', { headers: { cookie: `${cookie.name}=${cookie.value}` } })
  expect(replay.status()).toBe(401)
  const signIn = await request.post('/api/auth/sign-in/email', { data: { email: sellerEmail, password: PASSWORD } })
  expect(signIn.status()).toBe(401)

  // --- The buyer still sees the move, with 'Former participant' ---------------------------------------------
  await b.page.goto(`/app/transactions/${txId}?tab=people`)
  await expect(b.page.getByText('Former participant').first()).toBeVisible()
  await expect(b.page.getByText('Dara Seller')).toHaveCount(0)
  await b.page.screenshot({ path: `${SHOTS}/data-rights-buyer-people-390.png`, fullPage: true })
  await b.page.goto(`/app/transactions/${txId}?tab=chat`)
  // On a phone the thread list comes first: open General.
  await b.page.getByText('General', { exact: true }).first().click()
  const message = b.page.getByRole('article').filter({ hasText: 'The keys are with the agent.' })
  await expect(message).toContainText('Former participant')
  await b.page.screenshot({ path: `${SHOTS}/data-rights-buyer-chat-390.png` })
  await b.page.goto(`/app/transactions/${txId}?tab=documents`)
  await expect(b.page.getByTitle('TA6.pdf', { exact: true }).first()).toBeVisible()

  s.console.check(ALLOWED_CONSOLE)
  b.console.check(ALLOWED_CONSOLE)
  await s.context.close()
  await b.context.close()
})
