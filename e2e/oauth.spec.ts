/**
 * OpenID Connect sign-in in Chromium against the local provider that
 * playwright.config.ts starts (scripts/e2e-oidc-provider.mjs, 'Test IdP'): sign up with it from the
 * Sign Up tab after choosing a role, land on /app/home, sign in with it again; its only identity
 * cannot be unlinked; a provider sign-in without an account is told to sign up first; a password
 * account links the provider from /app/settings and unlinks it. Screenshots at 1280 and 390 px, axe.
 */
import { expect, test, type Page } from '@playwright/test'
import { watchConsole } from './public-helpers'
import { expectNoAxeViolations, toast, signUpByRequest, uniqueEmail } from './app-helpers'
import { mailedLink } from './mail-helpers'

const PROVIDER = 'Test IdP'
// Refused requests the page handles itself (the unlink refusal, the signed-out session check).
const ALLOWED_CONSOLE = [/status of 401/, /status of 409/]

const card = (page: Page) => page.getByRole('region', { name: 'Linked sign-in methods' })

/** At the provider's login page: sign in as `email`. */
async function loginAtProvider(page: Page, email: string) {
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/interaction\//)
  await expect(page.getByRole('heading', { name: 'Test identity provider' })).toBeVisible()
  await page.getByLabel('Email').fill(email)
  await page.getByRole('button', { name: 'Continue' }).click()
}

async function shots(page: Page, name: string) {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    // Under the test's output directory, so that parallel runs (`--output`) keep their own.
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
}

test('sign up with the provider after choosing a role, land on /app/home, sign in with it again', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000)
  const console = watchConsole(page)
  const email = uniqueEmail('oauth')

  await page.goto('/auth?tab=sign-up')
  const signUpWith = page.getByRole('button', { name: `Sign up with ${PROVIDER}` })
  await expect(signUpWith).toBeVisible()
  await shots(page, 'oauth-sign-up')
  await expectNoAxeViolations(page)
  // No role yet: the provider is not visited.
  await signUpWith.click()
  await expect(toast(page)).toContainText('Role required')
  await expect(page).toHaveURL(/\/auth\?tab=sign-up$/)

  await page.getByRole('group', { name: 'I am a...' }).getByRole('button', { name: 'Seller' }).click()
  await signUpWith.click()
  await loginAtProvider(page, email)
  await expect(page).toHaveURL(/\/app\/home$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your Transactions' })).toBeVisible()

  // Its only way to sign in: Unlink is refused, with the reason.
  await page.goto('/app/settings')
  await expect(card(page)).toContainText(email)
  await expect(card(page)).toContainText('This is your only way to sign in')
  await card(page)
    .getByRole('button', { name: `Unlink ${PROVIDER}` })
    .click()
  await page.getByRole('alertdialog').getByRole('button', { name: 'Unlink' }).click()
  await expect(toast(page)).toContainText("You can't unlink this: it is your only way to sign in")
  await page.keyboard.press('Escape')
  await expect(card(page)).toContainText(email)
  await expect(page.getByRole('list', { name: 'Security activity, newest first' })).toContainText(
    `Account created with ${PROVIDER}`,
  )
  // No password yet: two-factor offers to set one first, by an emailed link.
  const twoFactor = page.getByRole('region', { name: 'Two-factor authentication' })
  await expect(twoFactor).toContainText('Set a password first')
  await twoFactor.getByRole('button', { name: 'Email me a link to set a password' }).click()
  await expect(twoFactor.getByRole('status')).toContainText(`We sent a link to ${email}`)
  await twoFactor.screenshot({ path: 'test-results/screens/two-factor-set-password-first-1280.png' })
  expect(await mailedLink(page.request, email, '/reset-password')).toMatch(/^\/reset-password\?token=/)

  // A new visit: sign in with the provider from the Sign In tab.
  await context.clearCookies()
  await page.goto('/auth')
  await page.getByRole('button', { name: `Sign in with ${PROVIDER}` }).click()
  await loginAtProvider(page, email)
  await expect(page).toHaveURL(/\/app\/home$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Your Transactions' })).toBeVisible()
  console.check(ALLOWED_CONSOLE)
})

test('a provider sign-in without an account says to sign up first', async ({ page }) => {
  const console = watchConsole(page)
  await page.goto('/auth')
  await page.getByRole('button', { name: `Sign in with ${PROVIDER}` }).click()
  await loginAtProvider(page, uniqueEmail('stranger'))
  await expect(page).toHaveURL(/\/auth\?.*error=signup_disabled/)
  await expect(page.getByRole('alert')).toContainText(`There is no Homeward account for this ${PROVIDER} sign-in yet`)
  await shots(page, 'oauth-no-account')
  console.check(ALLOWED_CONSOLE)
})

test('a password account links the provider in settings, then unlinks it', async ({ page }) => {
  test.setTimeout(120_000)
  const console = watchConsole(page)
  const email = uniqueEmail('linker')
  await signUpByRequest(page.request, { name: 'Lin Linker', email, password: 'linking-spec-2025!', verified: false })

  await page.goto('/app/settings')
  await expect(card(page)).toContainText('Password')
  await card(page)
    .getByRole('button', { name: `Link ${PROVIDER}`, exact: true })
    .click()
  await loginAtProvider(page, email)
  await expect(page).toHaveURL(/\/app\/settings/)
  await expect(toast(page)).toContainText(`${PROVIDER} linked`)
  await expect(card(page).getByRole('listitem').filter({ hasText: PROVIDER })).toContainText(email)
  await expect(card(page)).toContainText(/Linked \d{2} \w{3} \d{4}/)
  await expect(card(page).getByRole('button', { name: `Link ${PROVIDER}`, exact: true })).toHaveCount(0)
  await shots(page, 'oauth-settings-linked')
  await expectNoAxeViolations(page)

  await card(page)
    .getByRole('button', { name: `Unlink ${PROVIDER}` })
    .click()
  const dialog = page.getByRole('alertdialog')
  await expect(dialog).toContainText(`You will no longer be able to sign in with ${PROVIDER}`)
  await dialog.getByRole('button', { name: 'Unlink' }).click()
  await expect(toast(page)).toContainText(`${PROVIDER} unlinked`)
  await expect(card(page).getByRole('button', { name: `Link ${PROVIDER}`, exact: true })).toBeVisible()
  const activity = page.getByRole('list', { name: 'Security activity, newest first' })
  await expect(activity).toContainText(`Linked sign-in with ${PROVIDER}`)
  await expect(activity).toContainText(`Unlinked sign-in with ${PROVIDER}`)
  console.check(ALLOWED_CONSOLE)
})
