/**
 * /app/home: the four stat cards, transaction cards, the
 * empty state with both create buttons, the create-transaction form with its validation, and the
 * marketplace's Invite finishing here (signed in, and signed out via /auth and back).
 */
import { expect, test, type Page } from '@playwright/test'
import { watchConsole } from './public-helpers'
import { createMove, expectNoAxeViolations, signInByRequest, signUpByRequest, toast, uniqueEmail } from './app-helpers'

const PASSWORD = 'dashboard-spec-2025!'
const SHOTS = 'test-results/screens'
const ALLOWED_CONSOLE = [/status of 401/]
const DEMO_BUYER = { email: 'amelia.buyer@homeward.example', password: 'homeward-demo-2025' }

/** Signs a new person up through the API (the UI is covered by auth.spec.ts); the page shares its cookies. */
const signUpNewPerson = (page: Page, role: 'buyer' | 'seller' = 'buyer') =>
  signUpByRequest(page.request, { name: 'Dana Dashboard', email: uniqueEmail(role), password: PASSWORD, role })

test('a new person: stat cards at zero, the empty state, and both buttons open the create form', async ({ page }) => {
  const console = watchConsole(page)
  await signUpNewPerson(page)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await page.goto('/app/home')
    await expect(page.getByRole('heading', { level: 1, name: 'Your Transactions' })).toBeVisible()
    await expect(page.getByText('No transactions yet')).toBeVisible()
    for (const [stat, value] of [
      ['active-moves', '0'],
      ['avg-progress', '0%'],
      ['team-members', '0'],
      ['total-moves', '0'],
    ]) {
      await expect(page.getByTestId(`stat-${stat}`)).toHaveText(value!)
    }
    await expect(page.getByRole('link', { name: 'Marketplace' })).toHaveAttribute('href', '/marketplace')
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/dashboard-empty-${width}.png`, fullPage: true })
  }

  await page.getByRole('button', { name: 'Create Transaction' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a transaction' })
  await expect(dialog).toBeVisible()
  // The form starts at Find address (decision 067): the postcode to search is focused first.
  await expect(dialog.getByLabel('Postcode to search')).toBeFocused()
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await page.getByRole('button', { name: /Start a new transaction/ }).click()
  await expect(dialog).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/dashboard-create-390.png` })
  console.check(ALLOWED_CONSOLE)
})

test('the create form validates at the fields, then opens the new workspace', async ({ page }) => {
  await signUpNewPerson(page, 'seller')
  await page.goto('/app/home')
  await page.getByRole('button', { name: 'Create Transaction' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a transaction' })
  // The seller's own role is chosen for them.
  await expect(dialog.getByLabel('Seller', { exact: true })).toBeChecked()

  await dialog.getByRole('button', { name: 'Create Transaction' }).click()
  await expect(dialog.getByText('Enter the first line of the address')).toBeVisible()
  await expect(dialog.getByText('Enter the town or city')).toBeVisible()
  await expect(dialog.getByText('Enter a valid UK postcode')).toBeVisible()
  await expect(dialog.getByText('Enter the agreed price in pounds')).toBeVisible()
  await expect(dialog.getByText('Choose freehold or leasehold')).toBeVisible()
  await expect(dialog.getByLabel('Address line 1')).toBeFocused()
  await page.screenshot({ path: `${SHOTS}/dashboard-create-errors-1280.png` })

  await dialog.getByLabel('Address line 1').fill('Flat 3, 18 Quay Street')
  await dialog.getByLabel('Address line 2').fill('Canton')
  await dialog.getByLabel('Town or city').fill('Cardiff')
  await dialog.getByLabel('Postcode', { exact: true }).fill('ZZ99 9ZZZ')
  await dialog.getByLabel('UPRN (optional)').fill('12ab')
  await dialog.getByLabel('Agreed price (£)').fill('-5')
  await dialog.getByLabel('Leasehold').check()
  await dialog.getByRole('button', { name: 'Create Transaction' }).click()
  await expect(dialog.getByText('Enter a valid UK postcode')).toBeVisible()
  await expect(dialog.getByText('UPRN must be 1 to 12 digits')).toBeVisible()
  await expect(dialog.getByText('Enter the agreed price in pounds')).toBeVisible()
  expect(
    ((await (await page.request.get('/api/transactions')).json()) as { transactions: unknown[] }).transactions,
  ).toEqual([])

  await dialog.getByLabel('Postcode', { exact: true }).fill('cf11 9lj')
  await dialog.getByLabel('UPRN (optional)').fill('10023456789')
  await dialog.getByLabel('Agreed price (£)').fill('249950.50')
  await dialog.getByRole('button', { name: 'Create Transaction' }).click()
  await expect(page).toHaveURL(/\/app\/transactions\/[0-9a-f-]{36}$/)
  await expect(toast(page)).toContainText('Transaction created')
  await expect(page.getByRole('heading', { level: 1, name: 'Flat 3, 18 Quay Street' })).toBeVisible()
  await expect(page.getByText('Canton, Cardiff, CF11 9LJ')).toBeVisible()
  await expect(page.getByText('Leasehold')).toBeVisible()
  await expect(page.getByTestId('header-agreed-price')).toHaveText('£249,950.50')
  // Leasehold adds the TA7 and LPE1 tasks.
  await page.getByRole('tab', { name: 'Timeline' }).click()
  await page.getByRole('button', { name: /See all \d+ tasks in Property information/ }).click()
  await expect(page.getByText('TA7 Leasehold Information Form completed')).toBeVisible()

  await page.getByRole('link', { name: 'Your transactions' }).click()
  const card = page.getByTestId('transaction-card')
  await expect(card).toHaveCount(1)
  await expect(card.getByRole('heading')).toHaveText('Flat 3, 18 Quay Street')
  await expect(card).toContainText('Canton, Cardiff, CF11 9LJ')
  await expect(card.getByTestId('status-badge')).toHaveText('Draft')
  await expect(card).toContainText('0 days active')
  await expect(card).toContainText('1 participant')
  await expect(card.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '0')
  await expect(page.getByTestId('stat-active-moves')).toHaveText('1')
  await expect(page.getByTestId('stat-total-moves')).toHaveText('1')
  await expect(page.getByTestId('stat-team-members')).toHaveText('1')
  await expect(page.getByText('No transactions yet')).toHaveCount(0)
  // The dashed card is still there to start another.
  await expect(page.getByRole('button', { name: /Start a new transaction/ })).toBeVisible()
})

test('the demo buyer sees 12 Clarence Road with its stats, and View opens it', async ({ page }) => {
  await signInByRequest(page.request, DEMO_BUYER)
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await page.goto('/app/home')
    const card = page.getByTestId('transaction-card').filter({ hasText: '12 Clarence Road' })
    await expect(card.getByTestId('status-badge')).toHaveText('Active')
    await expect(card).toContainText('St Albans, AL1 4NG')
    await expect(card).toContainText('6 participants')
    await expect(card).toContainText(/\d+ days active/)
    await expect(page.getByRole('img', { name: 'Signed in as amelia.buyer@homeward.example' })).toHaveText('A')
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/dashboard-demo-${width}.png`, fullPage: true })
  }
  await page.getByRole('link', { name: /^View 12 Clarence Road/ }).click()
  await expect(page).toHaveURL(/\/app\/transactions\/5eed0000-0000-4000-8000-000000000002$/)
})

test.describe('the marketplace Invite ends here', () => {
  async function pickFirm(page: Page, index: number) {
    const { organizations } = (await (await page.request.get('/api/organizations')).json()) as {
      organizations: { id: string; name: string; type: string; contact_email: string | null }[]
    }
    return organizations.filter((o) => o.type === 'survey' && o.contact_email)[index]!
  }

  test('signed in: pick the move, the firm is invited, its People tab shows it', async ({ page }) => {
    await signUpNewPerson(page)
    const { txId: id } = await createMove(page.request, {
      address: '9 Mill Lane',
      town: 'Hitchin',
      postcode: 'SG4 9AA',
      agreed_price: 410000,
    })
    const firm = await pickFirm(page, 1)
    await page.goto(`/marketplace/${firm.id}`)
    await page
      .getByRole('link', { name: `Invite ${firm.name}` })
      .first()
      .click()
    const dialog = page.getByRole('dialog', { name: `Invite ${firm.name}` })
    await expect(dialog.getByLabel('9 Mill Lane, Hitchin, SG4 9AA')).toBeChecked()
    await dialog.getByRole('button', { name: 'Send invitation' }).click()
    await expect(page).toHaveURL(new RegExp(`/app/transactions/${id}\\?tab=people$`))
    await expect(toast(page)).toContainText('Invitation sent')
    const pending = page.getByTestId('pending-invitations')
    await expect(pending).toContainText(firm.name)
    await expect(pending).toContainText('Surveyor')
  })

  test('signed out: sign in first, then the dialog; with no open move it offers to create one', async ({ page }) => {
    const email = uniqueEmail('nomove')
    await signUpByRequest(page.request, { name: 'Nia Nomove', email, password: PASSWORD, verified: false })
    await page.context().clearCookies()
    const firm = await pickFirm(page, 2)
    await page.goto(`/marketplace/${firm.id}`)
    await page
      .getByRole('link', { name: `Invite ${firm.name}` })
      .first()
      .click()
    await expect(page).toHaveURL(/\/auth\?next=/)
    await page.getByLabel('Email', { exact: true }).fill(email)
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign In', exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/app/home\\?invite=${firm.id}$`))
    const dialog = page.getByRole('dialog', { name: `Invite ${firm.name}` })
    await expect(dialog).toContainText('You have no open moves yet')
    await page.screenshot({ path: `${SHOTS}/dashboard-invite-no-move-1280.png` })
    await dialog.getByRole('button', { name: 'Create Transaction' }).click()
    await expect(page.getByRole('dialog', { name: 'Create a transaction' })).toBeVisible()
    await expect(page).toHaveURL(/\/app\/home$/)
  })

  test('an unknown firm says so', async ({ page }) => {
    await signUpNewPerson(page)
    await page.goto('/app/home?invite=00000000-0000-4000-8000-000000000000')
    await expect(page.getByRole('dialog', { name: 'Professional not found' })).toBeVisible()
  })
})
