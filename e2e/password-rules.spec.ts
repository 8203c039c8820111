/**
 * Password rules in the browser (ASVS 6.2.4): one of the 1,000 most common passwords is refused with
 * a message under the field on the Sign Up tab and on the reset page, whose link keeps working.
 */
import { expect, test } from '@playwright/test'
import { mailedLink } from './mail-helpers'
import { watchConsole } from './public-helpers'
import { uniqueEmail } from './app-helpers'

const COMMON_MESSAGE = 'This password is one of the 1,000 most common passwords'
// 400: the refused common passwords; 401: the signed-out /auth page asking who is there.
const ALLOWED_CONSOLE = [/status of 400/, /status of 401/]

test('a top-1000 common password is refused under the field at sign-up and on the reset page', async ({ page }) => {
  test.setTimeout(90_000)
  const console = watchConsole(page)
  const email = uniqueEmail('common')

  await page.goto('/auth')
  await page.getByRole('tab', { name: 'Sign Up' }).click()
  await page.getByRole('group', { name: 'I am a...' }).getByRole('button', { name: 'Buyer', exact: true }).click()
  await page.getByLabel('Full name').fill('Casey Common')
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill('iloveyou')
  await page.getByRole('button', { name: 'Create Account', exact: true }).click()
  await expect(page.getByRole('form', { name: 'Sign up' }).getByText(COMMON_MESSAGE)).toBeVisible()
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true')
  await page.screenshot({ path: 'test-results/screens/sign-up-common-password-1280.png' })

  await page.getByLabel('Password', { exact: true }).fill('a long and unusual passphrase')
  await page.getByRole('button', { name: 'Create Account', exact: true }).click()
  // Sign-up signs nobody in, so it answers known and unknown emails alike: it says to check the email.
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()

  // Reset: the common password is refused on the field; the same link then sets a good one.
  // Sent with the page's cookies, so Better Auth wants the Origin a browser would send.
  const asked = await page.request.post('/api/auth/request-password-reset', {
    data: { email },
    headers: { origin: new URL(page.url()).origin },
  })
  expect(asked.ok()).toBe(true)
  await page.goto(await mailedLink(page.request, email, '/reset-password'))
  await page.getByLabel('New password', { exact: true }).fill('football')
  await page.getByLabel('Type it again', { exact: true }).fill('football')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByRole('form', { name: 'Choose a new password' }).getByText(COMMON_MESSAGE)).toBeVisible()
  await expect(page.getByText('Ask for a new link')).toHaveCount(0)
  await page.getByLabel('New password', { exact: true }).fill('another unusual passphrase')
  await page.getByLabel('Type it again', { exact: true }).fill('another unusual passphrase')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Your password has been changed')).toBeVisible()
  console.check(ALLOWED_CONSOLE)
})
