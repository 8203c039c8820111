/**
 * The title check as a conveyancer meets it: from the move's Overview to its Title check page, the
 * sandbox register of the seller's title is obtained; a seller who is not the registered proprietor
 * raises the flag, and its suggested enquiry is raised with one click; the register summary PDF is in
 * Documents. The buyer sees the result but cannot obtain a register. Screenshots at 1280 and 390 px.
 */
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, move, person, toast } from './app-helpers'

const SHOTS = 'test-results/screens'

test('a conveyancer checks the title, the mismatched proprietor is flagged and the enquiry raised', async ({
  browser,
}) => {
  const seller = await person(browser, 'Sam Mismatch', 'seller')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const buyer = await person(browser, 'Bea Buyer', 'buyer', { width: 390 })
  const { path } = await move(
    buyer,
    [
      { who: seller, role: 'seller' },
      { who: conveyancer, role: 'buyer_conveyancer' },
    ],
    { address: '8 Mill Lane', town: 'Harpenden', postcode: 'AL5 1AA', role: 'buyer' },
  )

  const page = conveyancer.page
  await page.goto(path)
  await page.getByRole('link', { name: 'Title check' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Title check' })).toBeVisible()
  await expect(page.getByText('No title check yet.')).toBeVisible()
  const form = page.getByRole('form', { name: 'Obtain the register' })
  await expect(form.getByText('Sandbox', { exact: true })).toBeVisible()

  // A malformed number is explained at the field; an unknown one by the registry.
  await form.getByLabel('Title number').fill('12-AB')
  await form.getByRole('button', { name: 'Obtain official copy' }).click()
  await expect(form.getByText(/Enter an HM Land Registry title number/)).toBeVisible()
  await form.getByLabel('Title number').fill('HD000001')
  await form.getByRole('button', { name: 'Obtain official copy' }).click()
  await expect(form.getByText(/HM Land Registry has no register for title number HD000001/)).toBeVisible()

  await form.getByLabel('Title number').fill('hd733205')
  await form.getByRole('button', { name: 'Obtain official copy' }).click()
  await expect(toast(page)).toContainText('Register obtained')
  const check = page.getByRole('article', { name: /HD733205 · Title absolute/ })
  await expect(check.getByText('1 flag')).toBeVisible()
  await expect(check.getByRole('list', { name: 'Flags' })).toContainText(
    'Sam Mismatch, the seller on this move, is not a registered proprietor of HD733205 (the register shows MARGARET ANNE COLE).',
  )
  await expect(check.getByText('MARGARET ANNE COLE', { exact: true })).toBeVisible()
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/title-check-flag-1280.png`, fullPage: true })

  await check.getByRole('button', { name: 'Raise this enquiry' }).click()
  await expect(toast(page)).toContainText('Enquiry raised')
  await expect(check.getByText("Enquiry raised with the seller's side.")).toBeVisible()

  // The register summary is filed in Property, and the enquiry is in Documents' Enquiries view.
  await page.goto(path)
  await page.getByRole('tab', { name: 'Documents' }).click()
  await expect(page.getByRole('tabpanel').getByText('Register HD733205.pdf').first()).toBeVisible()
  await page.getByRole('group', { name: 'Documents views' }).getByRole('button', { name: 'Enquiries' }).click()
  await expect(page.getByText(/Please explain how Sam Mismatch is entitled to sell/)).toBeVisible()

  // The buyer, on a phone, reads the result but obtains nothing.
  await buyer.page.goto(`${path}/title`)
  await expect(buyer.page.getByRole('article', { name: /HD733205/ })).toBeVisible()
  await expect(buyer.page.getByRole('form', { name: 'Obtain the register' })).toHaveCount(0)
  await expect(buyer.page.getByRole('button', { name: 'Raise this enquiry' })).toHaveCount(0)
  await expectNoAxeViolations(buyer.page)
  await buyer.page.screenshot({ path: `${SHOTS}/title-check-buyer-390.png`, fullPage: true })

  // The unknown title is a 422 the form explains; the browser logs the failed request itself.
  conveyancer.console.check([/status of 422/])
  for (const p of [seller, buyer]) p.console.check([])
  for (const p of [seller, conveyancer, buyer]) await p.close()
})
