/**
 * Joining a firm by invitation and finding your way home (issue 37 items 5 and 6): a firm's admin
 * invites someone; the emailed link opens a page naming the firm and the inviter, on Sign Up with the
 * invited email filled in and the trade chosen; after signing up and confirming the email the only
 * offer is "Join <firm>" (no "Create your firm"), and joining lands on the cases board. The Cases
 * link and the logo lead home. No professional's top bar overflows at 1280 px (each trade), nor at
 * 390 px. Screenshots in .tmp/.
 */
import { expect, test, type Page } from '@playwright/test'
import { E2E_PASSWORD, newBrowser, person, toast, uniqueEmail, type SignUpRole } from './app-helpers'
import { mailedLink, mailMatch } from './mail-helpers'

const SHOTS = '.tmp'

/** The signed-in top bar fits its width: nothing scrolls sideways inside it, the avatar is in view. */
async function expectBarFits(page: Page, width: number) {
  const bar = page.getByRole('banner').locator('> div').first()
  await expect(bar).toBeVisible()
  const sizes = await bar.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }))
  expect(sizes.scroll, `top bar ${sizes.scroll} px wide in ${sizes.client} px`).toBeLessThanOrEqual(sizes.client)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width)
  const avatar = page.getByTestId('avatar')
  await expect(avatar).toBeInViewport({ ratio: 1 })
}

test('an invitation names the firm and the inviter on Sign Up; after sign-up only "Join <firm>"; home links', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const firm = `Joiners Law ${Date.now().toString(36)}`
  const admin = await person(browser, 'Fiona Firmley', 'conveyancer')
  const created = await admin.request.post('/api/firm', {
    data: { name: firm, town: 'St Albans', postcode_district: 'AL1', contact_email: admin.email },
  })
  expect(created.ok(), await created.text()).toBe(true)
  const invited = uniqueEmail('newcomer')
  const sent = await admin.request.post('/api/firm/invitations', { data: { email: invited, role: 'fee_earner' } })
  expect(sent.ok(), await sent.text()).toBe(true)
  const link = new URL(await mailMatch(admin.request, invited, /https?:\/\/\S+\/join\/[\w-]+\?email=\S+/))

  // Signed out, the link opens the joining page: the firm and the inviter named, Sign Up, email filled in.
  const { context, page, console } = await newBrowser(browser)
  await page.goto(link.pathname + link.search)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Join ${firm} on Homeward`)
  await expect(page.getByText(`Fiona Firmley invited you to join ${firm} as fee earner.`)).toBeVisible()
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByLabel('Email', { exact: true })).toHaveValue(invited)
  await expect(page.getByRole('button', { name: 'Conveyancer', exact: true })).toHaveAttribute('aria-pressed', 'true')
  // Those with an account sign in instead, on the same page.
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/firm-join-sign-up-1280.png`, fullPage: true })

  await page.getByLabel('Full name').fill('Nina Newcomer')
  await page.getByLabel('Password', { exact: true }).fill(E2E_PASSWORD)
  await page.getByRole('button', { name: 'Create Account' }).click()
  await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible()
  // The emailed confirmation link signs her in and continues to the invitation.
  await page.goto(await mailedLink(page.request, invited, '/verify-email'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Email confirmed')
  await page.goto(link.pathname)

  // Signed in: one offer, "Join <firm>", and nothing about creating a firm.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Join ${firm}`)
  await expect(page.getByText(`Fiona Firmley invited you to join ${firm} as fee earner.`)).toBeVisible()
  await expect(page.getByText(/Create your firm/i)).toHaveCount(0)
  await page.screenshot({ path: `${SHOTS}/firm-join-offer-1280.png`, fullPage: true })
  await page.getByRole('button', { name: `Join ${firm}` }).click()
  await expect(toast(page)).toContainText(`Welcome to ${firm}`)
  await expect(page).toHaveURL(/\/app\/cases$/)
  await expect(page.getByTestId('firm-figures')).toHaveText(/· you are fee earner$/)

  // Home: the Cases link and the logo lead to the cases board, not the public landing page.
  const bar = page.getByRole('banner')
  await page.goto('/app/academy')
  await bar.getByRole('link', { name: 'Cases' }).click()
  await expect(page).toHaveURL(/\/app\/cases$/)
  await page.goto('/app/accreditation')
  await expect(bar.getByRole('link', { name: 'Homeward' })).toHaveAttribute('href', '/app/cases')
  await bar.getByRole('link', { name: 'Homeward' }).click()
  await expect(page).toHaveURL(/\/app\/cases$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Cases' })).toBeVisible()
  await expectBarFits(page, 1280)
  await page.screenshot({ path: `${SHOTS}/bar-conveyancer-1280.png` })
  console.check([/status of 401/])
  await context.close()
  await admin.close()
})

const HOMES: Array<{ role: SignUpRole; path: RegExp; link: string }> = [
  { role: 'conveyancer', path: /\/app\/cases$/, link: 'Cases' },
  { role: 'surveyor', path: /\/app\/schedule$/, link: 'Schedule' },
  { role: 'broker', path: /\/app\/pipeline$/, link: 'Pipeline' },
  { role: 'agent', path: /\/app\/portfolio$/, link: 'Portfolio' },
]

for (const { role, path, link } of HOMES) {
  test(`the ${role}'s top bar has its home, the logo leads there, and it fits 1280 and 390 px`, async ({ browser }) => {
    const pro = await person(browser, `Pat ${role}`, role)
    const { page } = pro
    await page.goto('/app/academy')
    const bar = page.getByRole('banner')
    await bar.getByRole('link', { name: 'Homeward' }).click()
    await expect(page).toHaveURL(path)
    await page.goto('/app/accreditation')
    await bar.getByRole('link', { name: link }).click()
    await expect(page).toHaveURL(path)
    await expectBarFits(page, 1280)
    await page.screenshot({ path: `${SHOTS}/bar-${role}-1280.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await expectBarFits(page, 390)
    await page.screenshot({ path: `${SHOTS}/bar-${role}-390.png` })
    await pro.close()
  })
}
