/**
 * Change email as a person does it: Settings -> Email address -> new address -> the
 * link arrives at the NEW address (the old one gets a notice) -> opening it says the change is done ->
 * Settings and sign-in use the new address; the activity list says 'Email address changed'. A stale
 * session (older than a day) is asked to sign in again. Screenshots at 1280 and 390 px, axe.
 */
import { expect, test } from '@playwright/test'
import { mailedLink, mailMatch } from './mail-helpers'
import { watchConsole } from './public-helpers'
import { expectNoAxeViolations, signUpByRequest, uniqueEmail } from './app-helpers'

const PASSWORD = 'change-email-spec-2025!'
const SHOTS = 'test-results/screens'
// 400: the deliberate 'same address' mistake.
const ALLOWED_CONSOLE = [/status of 400/, /status of 401/]

test('change email: link to the new address, notice to the old, then sign in with the new one', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000)
  const console = watchConsole(page)
  const email = uniqueEmail('before')
  const next = uniqueEmail('after')
  await signUpByRequest(page.request, { name: 'Erin Email', email, password: PASSWORD, verified: false })

  await page.goto('/app/settings')
  const card = page.locator('[aria-labelledby="email-title"]')
  await expect(card).toContainText(email)

  // A mistake is named under the field.
  const field = page.getByLabel('New email address')
  await field.fill(email)
  await page.getByRole('button', { name: 'Send confirmation link' }).click()
  await expect(card).toContainText('This is already the email address of your account.')
  await expect(field).toHaveAttribute('aria-invalid', 'true')

  await field.fill(next)
  await page.getByRole('button', { name: 'Send confirmation link' }).click()
  await expect(page.getByRole('status').filter({ hasText: `We sent a link to ${next}` })).toBeVisible()

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await card.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/settings-change-email-${width}.png`, fullPage: width < 500 })
  }
  await page.setViewportSize({ width: 1280, height: 900 })
  await expectNoAxeViolations(page)

  // The old address is told; the link went to the new one.
  await mailMatch(page.request, email, /asked to change its email address/)
  const link = await mailedLink(page.request, next, '/verify-email')
  await page.goto(link)
  await expect(page.getByText(`your account’s email address is now ${next}`)).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/verify-email-changed-1280.png` })
  await mailMatch(page.request, email, /was changed to/)

  // Settings shows the new address and the event.
  await page.goto('/app/settings')
  await expect(page.locator('[aria-labelledby="email-title"]')).toContainText(next)
  await expect(page.getByRole('list', { name: 'Security activity, newest first' })).toContainText(
    'Email address changed',
  )

  // A new browser signs in with the new address; the old one no longer works.
  const other = await browser.newContext()
  const otherPage = await other.newPage()
  await otherPage.goto('/auth')
  await otherPage.getByLabel('Email', { exact: true }).fill(email)
  await otherPage.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await otherPage.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(otherPage.getByText('Invalid email or password.')).toBeVisible()
  await otherPage.getByLabel('Email', { exact: true }).fill(next)
  await otherPage.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(otherPage).toHaveURL(/\/app\/home$/)
  await other.close()
  console.check(ALLOWED_CONSOLE)
})
