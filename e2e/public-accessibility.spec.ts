/**
 * axe-core finds no WCAG A/AA violations on any public page, at desktop (1280 px) and mobile
 * (390 px) widths, including the open navigation drawer, a page of marketplace results, a profile
 * page and the 404 page.
 */
import { expect, test, type Page } from '@playwright/test'
import { expectNoAxeViolations, PUBLIC_PAGES } from './public-helpers'

async function ready(page: Page, path: string) {
  await page.goto(path)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
  if (path === '/marketplace') await expect(page.getByTestId('organization-card').first()).toBeVisible()
}

for (const width of [1280, 390]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } })

    for (const { path } of PUBLIC_PAGES) {
      test(`${path} has no axe violations`, async ({ page }) => {
        await ready(page, path)
        await expectNoAxeViolations(page)
      })
    }

    test('a middle page of marketplace results (Previous and Next) has no axe violations', async ({ page }) => {
      await page.goto('/marketplace?page=2')
      await expect(page.getByRole('link', { name: 'Previous page' })).toBeVisible()
      await expect(page.getByRole('link', { name: 'Next page' })).toBeVisible()
      await expectNoAxeViolations(page)
    })

    test('a profile page and the 404 page have no axe violations', async ({ page, request }) => {
      const { organizations } = await (await request.get('/api/organizations')).json()
      await page.goto(`/marketplace/${organizations[0].id}`)
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(organizations[0].name)
      await expectNoAxeViolations(page)
      await page.goto('/marketplace/00000000-0000-4000-8000-000000000000')
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
      await expectNoAxeViolations(page)
      page.on('console', () => {})
      await ready(page, '/this-page-does-not-exist')
      await expectNoAxeViolations(page)
    })
  })
}

test.describe('open menus', () => {
  test('the mobile drawer has no axe violations', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await ready(page, '/buyers')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await expectNoAxeViolations(page)
  })

  test('the professionals menu and an open FAQ have no axe violations', async ({ page }) => {
    await ready(page, '/help')
    await page.getByRole('button', { name: 'For Professionals' }).click()
    await page.getByRole('button', { name: 'How much does it cost?' }).click()
    await expectNoAxeViolations(page)
  })
})
