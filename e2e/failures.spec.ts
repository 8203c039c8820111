/**
 * No silent failures. Each main form - sign up, sign in, create transaction, invite, upload, send
 * message, sign - is made to fail with page.route: the server refuses (403 and 409 with its own
 * message, 422 with an HTML page, 429 with Retry-After and no body, 500 as plain text) or the
 * network is down (route.abort). Each time the person sees what happened and what to do, and what
 * they typed is still there. Then offline for real (context.setOffline): a ticked task says it is
 * not saved yet, the Live indicator says Offline, and the tick is sent on reconnecting. A
 * screenshot of each message goes to test-results/screens/failures-*.png.
 */
import { expect, test, type Page, type Route } from '@playwright/test'
import { buyerWithMove as newBuyerWithMove, makePdf, toast, uniqueEmail } from './app-helpers'

const SHOTS = 'test-results/screens'
const PASSWORD = 'failures-spec-2025!'
const buyerWithMove = (page: Page) =>
  newBuyerWithMove(page, { name: 'Fay Failure', prefix: 'failures', password: PASSWORD })
const NETWORK = /We could not reach Homeward\. Check your connection and try again\./

interface Failure {
  name: string
  /** What the person must see. */
  message: string | RegExp
  answer: (route: Route) => Promise<void>
}

const jsonError = (status: number, code: string, message: string) => (route: Route) =>
  route.fulfill({ status, contentType: 'application/json', body: JSON.stringify({ error: { code, message } }) })

const FAILURES: Failure[] = [
  {
    name: '403',
    message: 'This request came from another site and was refused.',
    answer: jsonError(403, 'forbidden', 'This request came from another site and was refused.'),
  },
  {
    name: '409',
    message: 'Someone else changed this first. Reload the page to see the latest.',
    answer: jsonError(409, 'conflict', 'Someone else changed this first. Reload the page to see the latest.'),
  },
  {
    name: '422',
    message: 'Some of what you entered could not be accepted. Check it and try again.',
    answer: (route) => route.fulfill({ status: 422, contentType: 'text/html', body: '<html><h1>422</h1></html>' }),
  },
  {
    name: '429',
    message: 'Too many attempts. Try again in 2 minutes.',
    answer: (route) => route.fulfill({ status: 429, headers: { 'retry-after': '120' }, body: '' }),
  },
  {
    name: '500',
    message: 'Something went wrong on our side. Please try again in a moment.',
    answer: (route) => route.fulfill({ status: 500, contentType: 'text/plain', body: 'Internal Server Error' }),
  },
  { name: 'network', message: NETWORK, answer: (route) => route.abort('internetdisconnected') },
]

/** Answers requests to `url` (only `method`) with `failure` until the returned function is called. */
async function refuse(
  page: Page,
  url: string | RegExp,
  method: string,
  failure: Failure,
): Promise<() => Promise<void>> {
  const handler = (route: Route) => (route.request().method() === method ? failure.answer(route) : route.fallback())
  await page.route(url, handler)
  return () => page.unroute(url, handler)
}

const shot = (page: Page, form: string, failure: Failure) =>
  page.screenshot({ path: `${SHOTS}/failures-${form}-${failure.name}.png` })

test.describe('every main form says what went wrong and keeps what was typed', () => {
  test('sign up', async ({ page }) => {
    await page.goto('/auth?tab=sign-up')
    const form = page.getByRole('form', { name: 'Sign up' })
    const email = uniqueEmail('refused')
    await form.getByLabel('Full name').fill('Rita Refused')
    await form.getByLabel('Email').fill(email)
    await form.getByLabel('Password').fill(PASSWORD)
    await form.getByRole('button', { name: 'Buyer' }).click()
    for (const failure of FAILURES) {
      const restore = await refuse(page, '**/api/auth/sign-up/email', 'POST', failure)
      await form.getByRole('button', { name: 'Create Account' }).click()
      await expect(toast(page)).toContainText('Error signing up')
      await expect(toast(page)).toContainText(failure.message)
      await expect(form.getByLabel('Full name')).toHaveValue('Rita Refused')
      await expect(form.getByLabel('Email')).toHaveValue(email)
      await expect(form.getByLabel('Password')).toHaveValue(PASSWORD)
      await expect(form.getByRole('button', { name: 'Buyer' })).toHaveAttribute('aria-pressed', 'true')
      await shot(page, 'sign-up', failure)
      await restore()
    }
  })

  test('sign in', async ({ page }) => {
    await page.goto('/auth')
    const form = page.getByRole('form', { name: 'Sign in' })
    await form.getByLabel('Email').fill('amelia.buyer@homeward.example')
    await form.getByLabel('Password').fill('not-the-password')
    for (const failure of FAILURES) {
      const restore = await refuse(page, '**/api/auth/sign-in/email', 'POST', failure)
      await form.getByRole('button', { name: 'Sign In' }).click()
      await expect(toast(page)).toContainText('Error signing in')
      await expect(toast(page)).toContainText(failure.message)
      await expect(form.getByLabel('Email')).toHaveValue('amelia.buyer@homeward.example')
      await expect(form.getByLabel('Password')).toHaveValue('not-the-password')
      await shot(page, 'sign-in', failure)
      await restore()
    }
  })

  test('create transaction', async ({ page }) => {
    await buyerWithMove(page)
    await page.goto('/app/home')
    await page.getByRole('button', { name: 'New Transaction', exact: true }).click()
    const dialog = page.getByRole('dialog', { name: 'Create a transaction' })
    await dialog.getByLabel('Address line 1').fill('14 Orchard Close')
    await dialog.getByLabel('Town or city').fill('Letchworth')
    await dialog.getByLabel('Postcode', { exact: true }).fill('SG6 3AB')
    await dialog.getByLabel('Buyer').check()
    await dialog.getByLabel('Agreed price (£)').fill('289000')
    await dialog.getByLabel('Freehold').check()
    for (const failure of FAILURES) {
      const restore = await refuse(page, '**/api/transactions', 'POST', failure)
      await dialog.getByRole('button', { name: 'Create Transaction' }).click()
      await expect(toast(page)).toContainText('Could not create the transaction')
      await expect(toast(page)).toContainText(failure.message)
      await expect(dialog.getByLabel('Address line 1')).toHaveValue('14 Orchard Close')
      await expect(dialog.getByLabel('Postcode', { exact: true })).toHaveValue('SG6 3AB')
      await expect(dialog.getByLabel('Agreed price (£)')).toHaveValue('289000')
      await expect(dialog.getByLabel('Freehold')).toBeChecked()
      await shot(page, 'create-transaction', failure)
      await restore()
    }
  })

  test('invite', async ({ page }) => {
    const { path } = await buyerWithMove(page)
    const invitee = uniqueEmail('invitee')
    await page.goto(`${path}?tab=people`)
    await page.getByRole('button', { name: 'Invite by email' }).click()
    const dialog = page.getByRole('dialog', { name: 'Invite someone to this move' })
    await dialog.getByLabel('Email address').fill(invitee)
    await dialog.getByLabel('Their role on this move').selectOption({ label: 'Seller' })
    for (const failure of FAILURES) {
      const restore = await refuse(page, '**/api/transactions/*/invitations', 'POST', failure)
      await dialog.getByRole('button', { name: 'Send invitation' }).click()
      await expect(toast(page)).toContainText('Could not send the invitation')
      await expect(toast(page)).toContainText(failure.message)
      await expect(dialog.getByLabel('Email address')).toHaveValue(invitee)
      await expect(dialog.getByLabel('Their role on this move')).toHaveValue('seller')
      await shot(page, 'invite', failure)
      await restore()
    }
  })

  test('upload: the failed upload stays with its message and can be tried again', async ({ page }) => {
    const { path } = await buyerWithMove(page)
    await page.goto(`${path}?tab=documents`)
    await page.getByRole('button', { name: 'Upload Document' }).click()
    const dialog = page.getByRole('dialog', { name: 'Upload a document' })
    await dialog.getByLabel('Folder').selectOption('Property')
    await dialog
      .getByLabel('Files')
      .setInputFiles({ name: 'TA10.pdf', mimeType: 'application/pdf', buffer: await makePdf('TA10 Fittings') })
    const failed = page.getByTestId('upload-item')
    for (const [i, failure] of FAILURES.entries()) {
      const restore = await refuse(page, /\/api\/transactions\/[^/]+\/documents\?/, 'POST', failure)
      if (i === 0) await dialog.getByRole('button', { name: 'Upload' }).click()
      else await failed.getByRole('button', { name: 'Try again uploading TA10.pdf' }).click()
      await expect(toast(page)).toContainText('Could not upload the file')
      await expect(toast(page)).toContainText(failure.name === 'network' ? /could not reach Homeward/ : failure.message)
      await expect(failed).toContainText('Failed: TA10.pdf to Property')
      await expect(failed).toContainText(failure.name === 'network' ? /could not reach Homeward/ : failure.message)
      await shot(page, 'upload', failure)
      await restore()
    }
    await failed.getByRole('button', { name: 'Try again uploading TA10.pdf' }).click()
    await expect(toast(page)).toContainText('Document uploaded')
    await expect(failed).toHaveCount(0)
  })

  test('send message: the error shows under the box and the text stays', async ({ page }) => {
    const { path } = await buyerWithMove(page)
    await page.goto(`${path}?tab=chat`)
    const box = page.getByLabel('Message General')
    await box.fill('Has the survey been booked yet?')
    const form = page.getByRole('form', { name: 'Send a message' })
    for (const failure of FAILURES) {
      const restore = await refuse(page, '**/api/transactions/*/threads/*/messages', 'POST', failure)
      await form.getByRole('button', { name: 'Send' }).click()
      await expect(form.getByRole('alert')).toContainText(failure.message)
      await expect(box).toHaveValue('Has the survey been booked yet?')
      await shot(page, 'send-message', failure)
      await restore()
    }
  })

  test('sign', async ({ page }) => {
    const { path, txId } = await buyerWithMove(page)
    const upload = await page.request.post(`/api/transactions/${txId}/documents?folder=Property&filename=TA6.pdf`, {
      headers: { 'content-type': 'application/octet-stream', 'idempotency-key': crypto.randomUUID() },
      data: await makePdf('TA6 Property Information Form'),
    })
    expect(upload.status()).toBe(201)
    const doc = (await upload.json()) as { id: string; sha256: string }
    const detail = (await (await page.request.get(`/api/transactions/${txId}`)).json()) as { buyer_user_id: string }
    const asked = await page.request.post(`/api/transactions/${txId}/documents/${doc.id}/signature-requests`, {
      data: { signer_ids: [detail.buyer_user_id], document_sha256: doc.sha256 },
    })
    expect(asked.status()).toBe(201)

    await page.goto(`${path}?tab=documents`)
    await page.getByRole('button', { name: 'Review and sign TA6.pdf' }).click()
    const form = page.getByRole('dialog', { name: 'TA6.pdf' }).getByRole('form', { name: 'Sign this document' })
    await form.getByLabel(/agree to sign it electronically/).check()
    await form.getByLabel('Your full name').fill('Fay A. Failure')
    for (const failure of FAILURES) {
      const restore = await refuse(page, '**/api/transactions/*/signature-requests/*/sign', 'POST', failure)
      await form.getByRole('button', { name: 'Sign' }).click()
      await expect(toast(page)).toContainText('Could not sign')
      await expect(toast(page)).toContainText(failure.message)
      await expect(form.getByLabel(/agree to sign it electronically/)).toBeChecked()
      await expect(form.getByLabel('Your full name')).toHaveValue('Fay A. Failure')
      await shot(page, 'sign', failure)
      await restore()
    }
  })
})

test.describe('offline for real', () => {
  test('signing in offline toasts the network message, though the toaster was never downloaded online', async ({
    page,
    context,
  }) => {
    await page.goto('/auth')
    const form = page.getByRole('form', { name: 'Sign in' })
    await form.getByLabel('Email').fill('amelia.buyer@homeward.example')
    await form.getByLabel('Password').fill('homeward-demo-2025')
    await context.setOffline(true)
    await form.getByRole('button', { name: 'Sign In' }).click()
    await expect(toast(page)).toContainText('Error signing in')
    await expect(toast(page)).toContainText(NETWORK)
    await expect(form.getByLabel('Password')).toHaveValue('homeward-demo-2025')
    await page.screenshot({ path: `${SHOTS}/failures-sign-in-offline.png` })
    await context.setOffline(false)
  })

  test('a task ticked offline says it is not saved yet, the Live indicator says Offline, and the tick is sent on reconnecting', async ({
    page,
    context,
  }) => {
    const { path } = await buyerWithMove(page)
    await page.goto(`${path}?tab=timeline`)
    const live = page.getByTestId('live-indicator')
    await expect(live).toHaveAttribute('data-status', 'live', { timeout: 20_000 })
    await expect(live).toHaveText('Live')

    await context.setOffline(true)
    await expect(live).toHaveAttribute('data-status', 'offline')
    await expect(live).toHaveText('Offline')
    await expect(page.getByText('You are offline.')).toBeVisible()
    const row = page.getByTestId('task-row').filter({ hasText: 'Mortgage decision in principle' })
    const box = row.getByRole('checkbox')
    await box.click()
    await expect(box).toBeChecked()
    await expect(row.getByTestId('task-save-state')).toHaveText(/Not saved yet: you are offline/)
    await page.screenshot({ path: `${SHOTS}/failures-task-offline.png` })

    await context.setOffline(false)
    await expect(row.getByTestId('task-save-state')).toHaveCount(0, { timeout: 15_000 })
    await expect(page.getByText('You are offline.')).toHaveCount(0)
    await expect(live).not.toHaveAttribute('data-status', 'offline')
    await page.reload()
    await expect(
      page.getByTestId('task-row').filter({ hasText: 'Mortgage decision in principle' }).getByRole('checkbox'),
    ).toBeChecked()
  })

  test('a tick whose request fails rolls back with the reason', async ({ page }) => {
    const { path } = await buyerWithMove(page)
    await page.goto(`${path}?tab=timeline`)
    const box = page.getByTestId('task-row').filter({ hasText: 'Mortgage decision in principle' }).getByRole('checkbox')
    await page.route('**/api/transactions/*/tasks/*', (route) => route.abort('internetdisconnected'))
    // click, not check: the box is ticked and rolled back before check() could see it change.
    await box.click()
    await expect(toast(page)).toContainText('Could not update the task')
    await expect(toast(page)).toContainText(NETWORK)
    await expect(box).not.toBeChecked()
    await page.screenshot({ path: `${SHOTS}/failures-task-rollback.png` })
  })
})
