/**
 * Account settings: change the name, see two sessions from two browsers,
 * sign the other one out (its next navigation lands on /auth), change the password and sign in with
 * the new one, read the security activity, and sign out everywhere. Screenshots at 1280 and 390 px
 * and axe on /app/settings.
 */
import { expect, test, type Page } from '@playwright/test'
import { watchConsole } from './public-helpers'
import { expectNoAxeViolations, toast, signUpByRequest, uniqueEmail } from './app-helpers'

const PASSWORD = 'settings-spec-2025!'
const NEW_PASSWORD = 'a new and longer passphrase'
const SHOTS = 'test-results/screens'
const ALLOWED_CONSOLE = [/status of 401/]

const sessionRows = (page: Page) => page.getByRole('list', { name: 'Active sessions' }).getByRole('listitem')

test('signed out, /app/settings goes to sign-in and comes back', async ({ page }) => {
  await page.goto('/app/settings')
  await expect(page).toHaveURL(/\/auth\?next=%2Fapp%2Fsettings$/)
})

test('name, two sessions, sign out the other, password, security activity, sign out everywhere', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const console = watchConsole(page)
  const email = uniqueEmail('settings')
  await signUpByRequest(page.request, { name: 'Sam Settings', email, password: PASSWORD, verified: false })

  // Reached from the top bar.
  await page.goto('/app/home')
  await page.getByRole('link', { name: 'Settings' }).click()
  await expect(page).toHaveURL(/\/app\/settings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  await expect(page.getByText(email, { exact: true }).first()).toBeVisible()

  // Profile: change the name.
  const name = page.getByLabel('Full name')
  await expect(name).toHaveValue('Sam Settings')
  await name.fill('Samira Settings-Jones')
  await page.getByRole('button', { name: 'Save name' }).click()
  await expect(toast(page)).toContainText('Name saved')
  await page.reload()
  await expect(page.getByLabel('Full name')).toHaveValue('Samira Settings-Jones')

  // A second browser signs in as the same person.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  expect((await otherPage.request.post('/api/auth/sign-in/email', { data: { email, password: PASSWORD } })).ok()).toBe(
    true,
  )
  await otherPage.goto('/app/home')
  await expect(otherPage.getByRole('heading', { level: 1, name: 'Your Transactions' })).toBeVisible()

  await page.reload()
  await expect(sessionRows(page)).toHaveCount(2)
  await expect(sessionRows(page).filter({ hasText: 'This device' })).toHaveCount(1)
  await expect(sessionRows(page).first()).toContainText('approximate location unavailable')
  await expect(page.getByRole('list', { name: 'Security activity, newest first' })).toContainText('Signed in')

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/account-settings-${width}.png`, fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })

  // Sign the other browser out, after confirming.
  const otherRow = sessionRows(page).filter({ hasNotText: 'This device' })
  await otherRow.getByRole('button', { name: /^Sign out/ }).click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText('will need to sign in again on its next visit')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/account-settings-confirm-1280.png` })
  await dialog.getByRole('button', { name: 'Sign out' }).click()
  await expect(toast(page)).toContainText('Session signed out')
  await expect(sessionRows(page)).toHaveCount(1)
  await otherPage.goto('/app/home')
  await expect(otherPage).toHaveURL(/\/auth/)
  await other.close()

  // Change the password.
  await page.getByLabel('Current password').fill(PASSWORD)
  await page.getByLabel('New password').fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Change password' }).click()
  await expect(toast(page)).toContainText('Password changed')
  // Still signed in here (a new session replaced this one).
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()
  const activity = page.getByRole('list', { name: 'Security activity, newest first' })
  await expect(activity.getByRole('listitem').first()).toContainText('Password changed; other sessions signed out')
  await expect(activity).toContainText('Signed out another session')
  await expect(activity).toContainText('Account created')

  // Sign out, then sign in with the new password through the form.
  await page.getByRole('navigation', { name: 'Account' }).getByRole('button', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(/\/auth/)
  await page.goto('/auth?next=/app/settings')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/settings$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account settings' })).toBeVisible()

  // Sign out everywhere: confirm, then /auth with the 'Signed out' toast.
  await page.getByRole('button', { name: 'Sign out everywhere' }).click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Sign out everywhere' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await expect(toast(page)).toContainText('Signed out')
  expect((await page.request.get('/api/me')).status()).toBe(401)
  console.check(ALLOWED_CONSOLE)
})
