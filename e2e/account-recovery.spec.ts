/**
 * Getting back into an account. Forgot password on the Sign In tab -> the emailed link (from
 * the local outbox) -> a new password -> signed in with it; and signing in with an emailed code instead
 * of a password.
 */
import { expect, test, type Page } from '@playwright/test'
import { mailMatch, mailedLink } from './mail-helpers'
import { watchConsole } from './public-helpers'
import { signUpByRequest, uniqueEmail } from './app-helpers'

const PASSWORD = 'recovery-spec-2025!'
const NEW_PASSWORD = 'a new and longer passphrase'

/** Signs someone up through the API (the form is covered by auth.spec.ts), then forgets the session. */
async function existingPerson(page: Page, name: string) {
  const email = uniqueEmail(name.toLowerCase().split(' ')[0]!)
  await signUpByRequest(page.request, { name, email, password: PASSWORD, verified: false })
  await page.context().clearCookies()
  return email
}

test('forgot password: the emailed link sets a new password, then the person signs in with it', async ({ page }) => {
  const console = watchConsole(page)
  const email = await existingPerson(page, 'Rosa Reset')

  await page.goto('/auth')
  await page.getByRole('button', { name: 'Forgot password?' }).click()
  const forgot = page.getByRole('form', { name: 'Reset your password' })
  await forgot.getByLabel('Email').fill(email)
  await forgot.getByRole('button', { name: 'Email me a reset link' }).click()
  await expect(page.getByRole('status').filter({ hasText: `If an account exists for ${email}` })).toBeVisible()

  await page.goto(await mailedLink(page.request, email, '/reset-password'))
  await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible()
  await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByLabel('Type it again', { exact: true }).fill('something else entirely')
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('The two passwords do not match')).toBeVisible()
  await page.getByLabel('Type it again', { exact: true }).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Set new password' }).click()
  await expect(page.getByText('Your password has been changed')).toBeVisible()

  await page.getByRole('link', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/auth$/)
  await page.getByLabel('Email', { exact: true }).fill(email)
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page.getByText('Invalid email or password.').first()).toBeVisible()
  await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/home$/)
  console.check([/401/])
})

test('sign in with an emailed code instead of a password', async ({ page }) => {
  const console = watchConsole(page)
  const email = await existingPerson(page, 'Otto Code')

  await page.goto('/auth')
  await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
  const ask = page.getByRole('form', { name: 'Email me a sign-in code' })
  await ask.getByLabel('Email').fill(email)
  await ask.getByRole('button', { name: 'Email me a code' }).click()
  await expect(page.getByRole('status').filter({ hasText: 'a 6-digit code' })).toBeVisible()

  const code = (await mailMatch(page.request, email, /code is: \d{6}/)).slice(-6)
  await page.getByLabel('Sign-in code', { exact: true }).fill(code)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
  await expect(page).toHaveURL(/\/app\/home$/)
  // The code proved the address, so the email counts as confirmed: no banner.
  await expect(page.getByText('No transactions yet')).toBeVisible()
  await expect(page.getByRole('region', { name: 'Confirm your email' })).toHaveCount(0)
  console.check([/401/])
})
