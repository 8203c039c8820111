/**
 * Two-factor authentication (TOTP), as a person does it: turn it on in /app/settings
 * (password, read the setup key shown beside the QR code as an authenticator app would, confirm with
 * a code, save the backup codes), sign out, sign in with the password and be asked for the code,
 * land on /app/home; then sign in with a backup code instead. Codes come from `otpauth`. Screenshots
 * at 1280 and 390 px and axe on the settings card and the sign-in step.
 */
import { expect, test, type Page } from '@playwright/test'
import * as OTPAuth from 'otpauth'
import { watchConsole } from './public-helpers'
import { expectNoAxeViolations, toast, signUpByRequest, uniqueEmail } from './app-helpers'

const PASSWORD = 'two-factor-spec-2025!'
const SHOTS = process.env.E2E_SHOTS ?? 'test-results/screens'
const ALLOWED_CONSOLE = [/status of 401/]

/**
 * A code the server accepts now and has not seen, without waiting for the clock: the current 30-second
 * step's, or the next step's when the current one is already used. The server (auth/two-factor.ts)
 * accepts a code one step either side of its own and refuses a step at or before the last one used,
 * so a later step than `used.last` and at most one ahead of now always passes, even when a step
 * boundary falls between making the code and checking it.
 */
function unusedCode(totp: OTPAuth.TOTP, used: { last: number }): string {
  const now = Math.floor(Date.now() / 30_000)
  const step = Math.max(now, used.last + 1)
  if (step > now + 1) throw new Error('unusedCode: a third code within one 30-second step is not accepted yet')
  used.last = step
  return totp.generate({ timestamp: step * 30_000 })
}

async function signInWithPassword(page: Page, email: string) {
  await page.goto('/auth')
  await page.getByLabel('Email').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Two-factor authentication' })).toBeVisible()
  await expect(page).toHaveURL(/\/auth/)
}

async function signOut(page: Page) {
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/auth|\/$/)
}

test('turn on two-factor in settings, then sign in with a code from the app and with a backup code', async ({
  page,
}) => {
  test.setTimeout(150_000)
  const console = watchConsole(page)
  const email = uniqueEmail('twofactor')
  await signUpByRequest(page.request, { name: 'Tess Twofactor', email, password: PASSWORD, verified: false })

  // Settings: turn it on with the password.
  await page.goto('/app/settings')
  const card = page.getByRole('region', { name: 'Two-factor authentication' })
  await expect(card).toContainText('Off.')
  await card.getByRole('button', { name: 'Turn on two-factor authentication' }).click()
  await card.getByLabel('Current password').fill(PASSWORD)
  await card.getByRole('button', { name: 'Continue' }).click()

  // Scan: the QR code and the setup key as text; the key is what an app would read.
  await expect(card.getByRole('img', { name: /QR code for your authenticator app/ })).toBeVisible()
  const key = (await card.getByLabel('Setup key').innerText()).replace(/\s+/g, '')
  expect(key).toMatch(/^[A-Z2-7]{16,}$/)
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(key), digits: 6, period: 30 })
  const used = { last: -1 }
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/two-factor-scan-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectNoAxeViolations(page)

  // A wrong code is refused with a message under the field; the right one turns it on.
  const codeField = card.getByLabel('Enter the 6-digit code the app shows')
  await codeField.fill('12')
  await card.getByRole('button', { name: 'Confirm and turn on' }).click()
  await expect(card).toContainText('Enter the 6-digit code from your authenticator app')
  await codeField.fill(unusedCode(totp, used))
  await card.getByRole('button', { name: 'Confirm and turn on' }).click()
  await expect(toast(page)).toContainText('Two-factor authentication is on')

  // The 10 backup codes, shown once.
  const codes = await card.getByRole('list', { name: 'Backup codes' }).getByRole('listitem').allInnerTexts()
  expect(codes).toHaveLength(10)
  // From an alphabet with no look-alike characters (no 0/O, 1/I/l).
  for (const c of codes) expect(c).toMatch(/^[2-9A-HJ-NP-Z]{5}-[2-9A-HJ-NP-Z]{5}$/)
  await expect(card.getByRole('link', { name: 'Download' })).toHaveAttribute('download', 'homeward-backup-codes.txt')
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/two-factor-backup-codes-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await card.getByRole('button', { name: 'I have saved my backup codes' }).click()
  await expect(card).toContainText('10 backup codes left.')
  await expect(page.getByRole('list', { name: 'Security activity, newest first' })).toContainText(
    'Two-factor authentication turned on',
  )

  // Sign out, sign in with the password: the code is asked, no session before it.
  await signOut(page)
  await signInWithPassword(page, email)
  expect((await page.request.get('/api/me')).status()).toBe(401)
  await expect(toast(page)).toHaveCount(0)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await page.screenshot({ path: `${SHOTS}/two-factor-sign-in-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectNoAxeViolations(page)
  await page.getByLabel('Authentication code').fill('000000')
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(page.getByText('That code is not right.').first()).toBeVisible()
  await page.getByLabel('Authentication code').fill(unusedCode(totp, used))
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(toast(page)).toContainText('Welcome back!')
  await expect(page).toHaveURL(/\/app\/home$/)

  // Again, with a backup code instead of the app.
  await signOut(page)
  await signInWithPassword(page, email)
  await page.getByRole('button', { name: 'Use a backup code instead' }).click()
  // Typed in lower case, as people do: accepted.
  await page.getByLabel('Backup code').fill(codes[0].toLowerCase())
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(toast(page)).toContainText('Welcome back!')
  await expect(page).toHaveURL(/\/app\/home$/)

  // The used backup code does not work twice.
  await page.goto('/app/settings')
  await expect(page.getByRole('region', { name: 'Two-factor authentication' })).toContainText('9 backup codes left.')
  await signOut(page)
  await signInWithPassword(page, email)
  await page.getByRole('button', { name: 'Use a backup code instead' }).click()
  await page.getByLabel('Backup code').fill(codes[0])
  await page.getByRole('button', { name: 'Verify and sign in' }).click()
  await expect(page.getByText('That backup code is not right, or it has already been used.').first()).toBeVisible()
  await expect(page).toHaveURL(/\/auth/)

  console.check(ALLOWED_CONSOLE)
})
