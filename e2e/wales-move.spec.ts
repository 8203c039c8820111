/**
 * Issue 41 item 1 (decision 067): a buyer creates a move with "Find address" (the sandbox address
 * lookup) at CH7 1AB, Mold, in Wales under an English-named postcode area, and gets the Land
 * Transaction Tax return task; a straddling district typed by hand (CH4, Saltney) asks the nation.
 */
import { expect, test } from '@playwright/test'
import { watchConsole } from './public-helpers'
import { expectNoAxeViolations, signUpByRequest, toast, uniqueEmail } from './app-helpers'

const SHOTS = 'test-results/screens'
const ALLOWED_CONSOLE = [/status of 401/]

test('Find address makes a Mold move Welsh, with the LTT return; a typed CH4 postcode asks the nation', async ({
  page,
}) => {
  const console = watchConsole(page)
  await signUpByRequest(page.request, {
    name: 'Wyn Buyer',
    email: uniqueEmail('wales'),
    password: 'wales-move-2025!',
    role: 'buyer',
  })
  await page.goto('/app/home')
  await page.getByRole('button', { name: 'Create Transaction' }).click()
  const dialog = page.getByRole('dialog', { name: 'Create a transaction' })
  await expect(dialog).toBeVisible()

  await dialog.getByLabel('Postcode to search').fill('ch7 1ab')
  await dialog.getByRole('button', { name: 'Find address' }).click()
  const list = dialog.getByLabel('3 addresses at CH7 1AB')
  await expect(list).toBeVisible()
  await expect(list.locator('option', { hasText: '5 High Street' })).toContainText('(Wales)')
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await page.screenshot({ path: `${SHOTS}/wales-find-address-${width}.png` })
  }
  await expectNoAxeViolations(page)
  await list.selectOption((await list.locator('option', { hasText: '5 High Street' }).getAttribute('value'))!)
  await expect(dialog.getByLabel('Address line 1')).toHaveValue('5 High Street')
  await expect(dialog.getByLabel('Postcode', { exact: true })).toHaveValue('CH7 1AB')

  // A straddling district typed by hand asks which nation; a Welsh-only one does not.
  await dialog.getByLabel('Postcode', { exact: true }).fill('CH4 8ZZ')
  await expect(dialog.getByRole('group', { name: 'Nation' })).toBeVisible()
  await dialog.getByLabel('Postcode', { exact: true }).fill('CH7 1AB')
  await expect(dialog.getByRole('group', { name: 'Nation' })).toBeHidden()

  await dialog.getByLabel('Agreed price (£)').fill('300000')
  await dialog.getByLabel('Freehold').check()
  await dialog.getByRole('button', { name: 'Create Transaction' }).click()
  await expect(page).toHaveURL(/\/app\/transactions\/[0-9a-f-]{36}$/)
  await expect(toast(page)).toContainText('Transaction created')
  const txId = page.url().split('/').at(-1)!
  const detail = (await (await page.request.get(`/api/transactions/${txId}`)).json()) as {
    property: { nation: string; uprn: string | null }
  }
  expect(detail.property.nation).toBe('wales')

  await page.getByRole('tab', { name: 'Timeline' }).click()
  const more = page.getByRole('button', { name: /See all \d+ tasks in Post-completion/ })
  if ((await more.count()) > 0) await more.click()
  await expect(
    page.getByText('Land Transaction Tax return filed with the Welsh Revenue Authority', { exact: false }).first(),
  ).toBeVisible()
  await expect(page.getByText(/SDLT return \(SDLT1\)/)).toHaveCount(0)
  console.check(ALLOWED_CONSOLE)
})
