/**
 * Importing matters from a CSV (issue 37 item 9): a new conveyancing firm's admin opens "Import
 * matters" on the cases board, downloads the template, chooses a CSV of four matters of which one
 * has a bad postcode, sees the preview with that row's error, imports, reads the result (three
 * created, row 4 refused) and finds the three matters on the board. Screenshots of the dialog at
 * 1280 and 390 px in .tmp/.
 */
import { readFile } from 'node:fs/promises'
import { expect, test } from '@playwright/test'
import { expectNoAxeViolations, person } from './app-helpers'

const SHOTS = '.tmp'

test('a conveyancer imports matters from a CSV, sees the bad row, and finds the others on the board', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const admin = await person(browser, 'Isla Import', 'conveyancer', { acceptDownloads: true })
  const created = await admin.request.post('/api/firm', {
    data: {
      name: `Import & Co ${Date.now().toString(36)}`,
      town: 'St Albans',
      postcode_district: 'AL1',
      contact_email: 'hello@import.example',
    },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { page } = admin
  const batch = Date.now().toString(36).toUpperCase()

  await page.goto('/app/cases')
  await expect(page.getByText('0 matters · you are admin')).toBeVisible()
  await page.getByRole('button', { name: 'Import matters' }).click()
  const dialog = page.getByRole('dialog', { name: 'Import matters' })
  await expect(dialog).toBeVisible()

  // The template downloads with the headings the import reads.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    dialog.getByRole('link', { name: 'Download the template (CSV)' }).click(),
  ])
  expect(download.suggestedFilename()).toBe('homeward-matters-template.csv')
  const template = await readFile(await download.path(), 'utf8')
  const header = template.split(/\r?\n/)[0]
  expect(header).toContain('address_line_1,address_line_2,town,postcode,agreed_price')

  const csv = [
    header,
    `${batch}-1,1 Orchard Way,,St Albans,AL1 4NG,"£350,000",freehold,buyer,Ann Archer,ann.${batch}@example.com,,`,
    `${batch}-2,2 Orchard Way,,St Albans,AL1 4NG,275000,leasehold,Seller,Ben Brook,ben.${batch}@example.com,26/02/2027,12/03/2027`,
    `${batch}-3,3 Orchard Way,,St Albans,NOT A POSTCODE,300000,freehold,buyer,Cal Cole,cal.${batch}@example.com,,`,
    `${batch}-4,4 Orchard Way,,St Albans,AL1 4NG,410000,freehold,buyer,Dee Dale,dee.${batch}@example.com,,`,
  ].join('\r\n')
  await dialog.getByLabel('2. Choose the CSV file').setInputFiles({
    name: 'matters.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  })

  // The preview: three ready, row 4 (the third matter) with its error.
  await expect(dialog.getByText('3 matters ready to import')).toBeVisible()
  await expect(dialog.getByText('1 row with errors, left out')).toBeVisible()
  const badRow = dialog.getByRole('row').filter({ hasText: `${batch}-3` })
  await expect(badRow).toContainText('4')
  await expect(badRow).toContainText('Postcode: Enter a valid UK postcode')
  await expect(dialog.getByRole('row').filter({ hasText: `${batch}-1` })).toContainText('£350,000')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/import-matters-preview-1280.png` })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${SHOTS}/import-matters-preview-390.png` })
  await page.setViewportSize({ width: 1280, height: 900 })

  await dialog.getByRole('button', { name: 'Import 3 matters' }).click()
  await expect(dialog.getByText('3 matters created, 1 row not imported.')).toBeVisible()
  await expect(dialog.getByText(`Row 4 (${batch}-3):`)).toBeVisible()
  await expect(dialog.getByRole('link', { name: /1 Orchard Way/ })).toBeVisible()
  await page.screenshot({ path: `${SHOTS}/import-matters-result-1280.png` })
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()

  // The board now holds the three matters, and not the refused one.
  const rows = page.getByTestId('case-row')
  await expect(page.getByText('3 matters · you are admin')).toBeVisible()
  await expect(rows).toHaveCount(3)
  for (const street of ['1 Orchard Way', '2 Orchard Way', '4 Orchard Way']) {
    await expect(rows.filter({ hasText: street })).toHaveCount(1)
  }
  await expect(rows.filter({ hasText: '3 Orchard Way' })).toHaveCount(0)
  await expect(rows.filter({ hasText: '2 Orchard Way' })).toContainText("Seller's")
  admin.console.check()
  await admin.close()
})
