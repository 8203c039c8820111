/**
 * The app works at whatever address it is opened: without PUBLIC_URL, the origin a request was made
 * to is same-origin. The e2e server has no PUBLIC_URL, as on a newcomer's machine; at
 * http://127.0.0.1:PORT and at http://localhost:PORT a person signs up, creates a transaction and
 * invites someone, and a cross-site POST is still refused with 403.
 */
import { expect, test } from '@playwright/test'
import { toast, uniqueEmail } from './app-helpers'
import { verifyEmailByLink } from './mail-helpers'
import { watchConsole } from './public-helpers'

const PASSWORD = 'any-address-2025!'
const SHOTS = 'test-results/screens'
const PORT = Number(process.env.E2E_PORT ?? 3100)

for (const host of ['127.0.0.1', 'localhost']) {
  test(`at http://${host}:PORT: sign up, create a transaction and invite; a cross-site POST is 403`, async ({
    browser,
  }) => {
    test.setTimeout(90_000)
    const base = `http://${host}:${PORT}`
    const context = await browser.newContext({ baseURL: base, locale: 'en-GB', timezoneId: 'Europe/London' })
    const page = await context.newPage()
    const console = watchConsole(page)
    const email = uniqueEmail(`any-${host.replace(/\W/g, '')}`)

    await page.goto('/auth?tab=sign-up')
    await expect(page).toHaveURL(new RegExp(`^${base.replace(/\./g, '\\.')}/auth`))
    await page.getByLabel('Full name').fill('Ada Anywhere')
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Buyer', exact: true }).click()
    await page.getByRole('button', { name: 'Create Account' }).click()
    // Sign-up signs nobody in (it answers known and unknown emails alike): the emailed link confirms
    // the address and signs in.
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
    await verifyEmailByLink(page, email)
    await page.goto('/app/home')

    await page.getByRole('button', { name: 'Create Transaction' }).click()
    const form = page.getByRole('dialog', { name: 'Create a transaction' })
    await form.getByLabel('Address line 1').fill(`9 ${host} Lane`)
    await form.getByLabel('Town or city').fill('St Albans')
    await form.getByLabel('Postcode', { exact: true }).fill('AL1 4NG')
    await form.getByLabel('Agreed price (£)').fill('410000')
    await form.getByLabel('Freehold').check()
    await form.getByRole('button', { name: 'Create Transaction' }).click()
    await expect(page).toHaveURL(/\/app\/transactions\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: `9 ${host} Lane` })).toBeVisible()

    await page.getByRole('tab', { name: 'People' }).click()
    await page.getByRole('button', { name: 'Invite by email' }).click()
    const invite = page.getByRole('dialog', { name: 'Invite someone to this move' })
    const invitee = uniqueEmail('any-invitee')
    await invite.getByLabel('Email address').fill(invitee)
    await invite.getByLabel('Their role on this move').selectOption('seller')
    await invite.getByRole('button', { name: 'Send invitation' }).click()
    await expect(toast(page)).toContainText('Invitation sent')
    await expect(page.getByTestId('pending-invitations')).toContainText(invitee)
    await page.screenshot({ path: `${SHOTS}/any-address-${host.replace(/\W/g, '-')}-1280.png`, fullPage: true })

    // The same session, driven by another site: refused, and nothing is created.
    const before = ((await (await page.request.get('/api/transactions')).json()) as { transactions: unknown[] })
      .transactions.length
    const forged = await page.request.post('/api/transactions', {
      headers: { origin: 'https://evil.example' },
      data: {
        address_line_1: '1 Evil Street',
        town: 'Evil',
        postcode: 'AL1 4NG',
        role: 'buyer',
        agreed_price: 1,
        tenure: 'freehold',
      },
    })
    expect(forged.status()).toBe(403)
    expect(((await forged.json()) as { error: { code: string } }).error.code).toBe('forbidden')
    const after = ((await (await page.request.get('/api/transactions')).json()) as { transactions: unknown[] })
      .transactions.length
    expect(after).toBe(before)
    // A signed-out page asks /api/me first (401), which the browser logs.
    console.check([/status of 401/])
    await context.close()
  })
}
