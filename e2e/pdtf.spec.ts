/**
 * PDTF property packs as a user meets them: the seller downloads the move's pack from the workspace
 * header (a PDTF v3 JSON file with the property's data); a buyer elsewhere imports that file from the
 * dashboard and lands on a new move with the same address; a file that is not a PDTF pack gets the
 * schema's errors in words and creates nothing. Screenshots at 1280 and 390 px; axe on the dialog.
 */
import { readFile, writeFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { createMove, expectNoAxeViolations, person, toast } from './app-helpers'

const SHOTS = 'test-results/screens'

test('a seller downloads the property pack and a buyer starts a move from it; a bad file is explained', async ({
  browser,
}, testInfo) => {
  // Two people, a download, two imports and axe at two widths: a limit for a loaded machine, not a speed target.
  test.setTimeout(120_000)
  const seller = await person(browser, 'Sally Pack', 'seller', { acceptDownloads: true })
  const { path } = await createMove(seller.request, {
    address: '14 Orchard Way',
    town: 'Hitchin',
    postcode: 'SG4 9AB',
    role: 'seller',
    agreed_price: 487500,
    tenure: 'leasehold',
  })
  await seller.page.goto(path)
  await expect(seller.page.getByRole('heading', { level: 1, name: /14 Orchard Way/ })).toBeVisible()
  const downloading = seller.page.waitForEvent('download')
  await seller.page.getByRole('link', { name: 'Property pack (PDTF)' }).click()
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/^pdtf-SG49AB-\d{4}-\d{2}-\d{2}\.json$/)
  const file = testInfo.outputPath('pack.json')
  await download.saveAs(file)
  const pack = JSON.parse(await readFile(file, 'utf8')) as {
    $schema: string
    participants: { role: string; name: { lastName: string } }[]
    propertyPack: { address: { line1: string; town: string; postcode: string }; marketingTenure: string }
  }
  expect(pack.$schema).toBe('https://trust.propdata.org.uk/schemas/v3/pdtf-transaction.json')
  expect(pack.participants).toEqual([
    expect.objectContaining({ role: 'Seller', name: { firstName: 'Sally', lastName: 'Pack' } }),
  ])
  expect(pack.propertyPack.address).toMatchObject({ line1: '14 Orchard Way', town: 'Hitchin', postcode: 'SG4 9AB' })
  expect(pack.propertyPack.marketingTenure).toBe('Leasehold')
  await seller.close()

  for (const width of [1280, 390]) {
    const buyer = await person(browser, 'Bram Import', 'buyer', { width })
    const page = buyer.page
    await page.goto('/app/home')
    await page.getByRole('button', { name: 'Import property pack' }).click()
    const dialog = page.getByRole('dialog', { name: 'Import a property pack' })
    await expect(dialog).toBeVisible()

    // Not a PDTF pack: the schema's errors in words, and no move made.
    const bad = testInfo.outputPath(`bad-${width}.json`)
    await writeFile(
      bad,
      JSON.stringify({ participants: [], propertyPack: { uprn: 'abc', address: { postcode: 'SG4 9AB' } } }),
    )
    // Choosing the file checks it at once; its problems name each field in words (issue 39).
    await dialog.getByLabel('Property pack file').setInputFiles(bad)
    await dialog.getByLabel('Buyer', { exact: true }).check()
    const alert = dialog.getByRole('alert')
    await expect(alert).toContainText('This file is not a valid PDTF v3 property pack (2 problems)')
    await expect(alert.getByRole('listitem')).toHaveText([
      'Transaction participants: must have at least 1 item',
      'Unique Property Reference Number: must be a whole number',
    ])
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/pdtf-import-errors-${width}.png`, fullPage: true })

    // The seller's pack: a new move with its property data.
    await dialog.getByLabel('Property pack file').setInputFiles(file)
    // What the pack brings, and its price shown as a marketing price: the agreed price is asked.
    const summary = dialog.getByRole('region', { name: 'What this pack brings' })
    await expect(summary).toContainText('14 Orchard Way')
    await expect(summary).toContainText('£487,500 (not the agreed price)')
    await page.screenshot({ path: `${SHOTS}/pdtf-import-summary-${width}.png`, fullPage: true })
    await dialog.getByRole('button', { name: 'Import property pack' }).click()
    await expect(dialog.getByText('Enter the agreed price in pounds, such as 425000')).toBeVisible()
    await dialog.getByLabel('Agreed price (£)').fill('480000')
    await dialog.getByRole('button', { name: 'Import property pack' }).click()
    await expect(toast(page)).toContainText('Property pack imported')
    await expect(page).toHaveURL(/\/app\/transactions\/[0-9a-f-]{36}$/)
    await expect(page.getByRole('heading', { level: 1, name: /14 Orchard Way/ })).toBeVisible()
    await expect(page.getByText('You are the Buyer')).toBeVisible()
    await page.screenshot({ path: `${SHOTS}/pdtf-imported-${width}.png` })
    // The refused pack is a 422 the page explains; the browser logs the failed request itself.
    buyer.console.check([/status of 422/])
    await buyer.close()
  }
})
