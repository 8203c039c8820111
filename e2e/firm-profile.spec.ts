/**
 * A firm profile that gets listed (issue 37 item 4): a new conveyancing firm signs up and creates its
 * firm, is not listed, fills its public profile in Firm settings (description, logo with its progress
 * bar, website, an office with districts, services, Welsh among its languages, an SRA number the
 * sandbox register verifies), appears in the marketplace with its description and the sandbox-labelled
 * badge, its server-rendered public page shows the profile, and its accreditation page's Silver lines
 * read without contradiction. Screenshots of the settings page and the public profile at 1280 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { person, toast } from './app-helpers'

const SHOTS = 'test-results/screens'

async function noSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect(overflow).toBeLessThanOrEqual(0)
}

test('a new conveyancing firm fills its profile with an SRA number and is listed in the marketplace', async ({
  browser,
}) => {
  test.setTimeout(180_000)
  const pro = await person(browser, 'Wyn Profile', 'conveyancer')
  const { page } = pro
  const name = `Wyn ${Date.now().toString(36)} Conveyancing`
  const description = `${name} acts for buyers and sellers across Cardiff and the Vale of Glamorgan, in English or Welsh.`

  await page.goto('/app/firm')
  const create = page.getByRole('form', { name: 'Create your firm' })
  await create.getByLabel('Firm name').fill(name)
  await create.getByLabel('Town').fill('Cardiff')
  await create.getByLabel('Postcode district').fill('cf10')
  await create.getByLabel('Contact email').fill('hello@wyn-conveyancing.example')
  await create.getByRole('button', { name: 'Create firm' }).click()
  await expect(toast(page)).toContainText('Firm created')

  await page.goto('/app/firm/settings')
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('Not listed yet')).toBeVisible()
  const form = page.getByRole('form', { name: 'Public profile' })

  // The logo: a wide PNG, uploaded with a progress bar, shown resized from storage.
  const png = await sharp({ create: { width: 900, height: 300, channels: 4, background: '#0b6e4f' } })
    .png()
    .toBuffer()
  await page.getByLabel('Logo', { exact: true }).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: png })
  await expect(toast(page)).toContainText('Logo saved')
  await expect(page.getByRole('img', { name: `${name} logo` })).toBeVisible()

  // A wrong postcode is named at its field and nothing is saved.
  await form.getByLabel('Description').fill(description)
  await form.getByRole('button', { name: 'Add an office' }).click()
  await form.getByLabel('Office 1 address').fill('3 Bute Terrace, Cardiff')
  await form.getByLabel('Postcode', { exact: true }).fill('CF10 99')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await expect(form.getByText('Enter a valid UK postcode')).toBeVisible()
  await form.getByLabel('Postcode', { exact: true }).fill('cf10 2fe')
  await form.getByLabel('Districts covered').fill('CF11, CF14 cf5')
  await form.getByLabel('Website').fill('www.wyn-conveyancing.example')
  await form.getByLabel('Freehold purchases').check()
  await form.getByLabel('Sales', { exact: true }).check()
  await form.getByLabel('English').check()
  await form.getByLabel('Welsh (Cymraeg)').check()
  await form.getByLabel('Regulated by').selectOption('sra')
  await form.getByLabel('Registration number').fill('612345')
  await form.getByRole('button', { name: 'Save profile' }).click()
  await expect(toast(page)).toContainText('Profile saved')
  await expect(form.getByTestId('regulator-badge')).toHaveText('Verified by the SRA register (sandbox)')
  await expect(page.getByText('Listed in the marketplace', { exact: true })).toBeVisible()
  await noSidewaysScroll(page)
  await page.screenshot({ path: `${SHOTS}/firm-profile-settings-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await noSidewaysScroll(page)
  await page.screenshot({ path: `${SHOTS}/firm-profile-settings-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })

  // The marketplace lists it with its description and the badge.
  await page.goto(`/marketplace?q=${encodeURIComponent(name)}`)
  const card = page.getByTestId('organization-card').filter({ hasText: name })
  await expect(card).toBeVisible()
  await expect(card.getByTestId('card-description')).toHaveText(description)
  await expect(card.getByTestId('regulator-badge')).toHaveText('Verified by the SRA register (sandbox)')

  // Its public profile, rendered on the server: the page's HTML carries it before any script runs.
  const profileLink = card.getByRole('link', { name: `Profile of ${name}` })
  const href = await profileLink.getAttribute('href')
  const html = await (await page.request.get(href!)).text()
  expect(html).toContain(description)
  expect(html).toContain('3 Bute Terrace, Cardiff')
  expect(html).toContain('Verified by the SRA register (sandbox)')
  await page.goto(href!)
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
  await expect(page.getByText('Covers CF10, CF11, CF14, CF5')).toBeVisible()
  await expect(page.getByText('Welsh (Cymraeg)')).toBeVisible()
  await expect(page.getByText('Freehold purchases')).toBeVisible()
  await expect(page.getByRole('img', { name: `${name} logo` })).toBeVisible()
  await noSidewaysScroll(page)
  await page.screenshot({ path: `${SHOTS}/firm-profile-public-1280.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await noSidewaysScroll(page)
  await page.screenshot({ path: `${SHOTS}/firm-profile-public-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })

  // Accreditation: the profile step is done; the Silver lines do not contradict themselves.
  await page.goto('/app/accreditation')
  const onboarding = page.getByTestId('criterion-silver-onboarding')
  await expect(onboarding).toContainText('Not met')
  await expect(onboarding).not.toContainText('Complete')
  await expect(page.getByTestId('criterion-silver-academy')).not.toContainText('Yes')
  const gaps = page.getByTestId('next-tier-gap')
  await expect(gaps).toContainText(/Finish the onboarding checklist\s*\(Onboarding complete; 1 of 4 steps done\)/)
  await expect(gaps).not.toContainText('now Yes')
  await expect(gaps).not.toContainText('now Complete')
  await page.screenshot({ path: `${SHOTS}/firm-profile-accreditation-1280.png`, fullPage: true })
  pro.console.check([/status of 40[0-9]/])
  await pro.close()
})
