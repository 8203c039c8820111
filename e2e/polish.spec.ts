/**
 * Polish seen in screenshots, each checked by what a person sees, at 1280 and
 * 390 px with a screenshot: every role on the sign-up picker keeps its icon; a toast covers neither
 * the header nor the page heading; the desktop chat composer is on screen without scrolling; empty
 * document folders collapse below the ones holding documents; notification history and email
 * settings are in Settings too. The demo move is only read.
 */
import { expect, test, type Locator, type Page } from '@playwright/test'
import { buyerWithMove, expectNoAxeViolations, makePdf, toast } from './app-helpers'

const SHOTS = 'test-results/screens'
const DEMO_TX = '/app/transactions/5eed0000-0000-4000-8000-000000000002'
const AMELIA = { email: 'amelia.buyer@homeward.example', password: 'homeward-demo-2025' }
const WIDTHS = [1280, 390] as const
const heightFor = (width: number) => (width < 500 ? 844 : 800)

async function box(locator: Locator) {
  const b = await locator.boundingBox()
  expect(b, 'element is laid out').not.toBeNull()
  return b!
}

const overlaps = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

async function signInThroughForm(page: Page) {
  await page.goto('/auth')
  await page.getByLabel('Email', { exact: true }).fill(AMELIA.email)
  await page.getByLabel('Password', { exact: true }).fill(AMELIA.password)
  await page.getByRole('button', { name: 'Sign In', exact: true }).click()
}

test('every role on the sign-up picker keeps its icon', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: heightFor(width) })
    await page.goto('/auth')
    await page.getByRole('tab', { name: 'Sign Up' }).click()
    const picker = page.getByRole('group', { name: 'I am a...' })
    await expect(picker.getByRole('button')).toHaveCount(6)
    for (const button of await picker.getByRole('button').all()) {
      const icon = await box(button.locator('svg'))
      expect(icon.width, `${await button.innerText()} icon at ${width}px`).toBeGreaterThanOrEqual(15)
    }
    await picker.scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${SHOTS}/polish-role-picker-${width}.png` })
  }
})

test('a toast covers neither the header nor the page heading', async ({ page }) => {
  for (const width of WIDTHS) {
    await page.context().clearCookies()
    await page.setViewportSize({ width, height: heightFor(width) })
    await signInThroughForm(page)
    await expect(toast(page)).toContainText('Welcome back!')
    await expect(page).toHaveURL(/\/app\/home$/)
    const shown = await box(toast(page))
    expect(overlaps(shown, await box(page.locator('header').first())), 'toast over the header').toBe(false)
    expect(overlaps(shown, await box(page.getByRole('heading', { level: 1 }))), 'toast over the heading').toBe(false)
    await page.screenshot({ path: `${SHOTS}/polish-toast-${width}.png` })
  }
})

test.describe('signed in as the demo buyer', () => {
  test.beforeEach(async ({ page }) => {
    const res = await page.request.post('/api/auth/sign-in/email', { data: AMELIA })
    expect(res.ok()).toBe(true)
  })

  test('the desktop chat composer is on screen without scrolling', async ({ page }) => {
    for (const height of [800, 700]) {
      await page.setViewportSize({ width: 1280, height })
      await page.goto(`${DEMO_TX}?tab=chat`)
      const composer = page.getByLabel('Message General')
      await expect(composer).toBeVisible()
      expect(await page.evaluate(() => window.scrollY)).toBe(0)
      const c = await box(composer)
      expect(c.y + c.height, `composer bottom within a ${height} px window`).toBeLessThanOrEqual(height)
      await expect(page.getByRole('button', { name: 'Send' })).toBeInViewport()
      await page.screenshot({ path: `${SHOTS}/polish-chat-1280x${height}.png` })
    }
  })

  test("'Cancel move' sits in a menu, not beside the main action", async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: heightFor(width) })
      await page.goto(DEMO_TX)
      await expect(page.getByRole('heading', { level: 1, name: '12 Clarence Road' })).toBeVisible()
      await expect(page.getByRole('button', { name: 'Cancel move' })).toHaveCount(0)
      await page.getByRole('button', { name: 'More actions' }).click()
      await expect(page.getByRole('menuitem', { name: 'Cancel move' })).toBeVisible()
      await page.screenshot({ path: `${SHOTS}/polish-more-actions-${width}.png` })
      await page.keyboard.press('Escape')
      await expect(page.getByRole('menuitem', { name: 'Cancel move' })).toHaveCount(0)
    }
  })

  test('notification history and email settings are in Settings', async ({ page }) => {
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: heightFor(width) })
      await page.goto('/app/settings')
      const card = page.getByRole('region', { name: 'Notifications', exact: true })
      await expect(card.getByRole('heading', { name: 'Notification history' })).toBeVisible()
      await expect(card.getByRole('heading', { name: 'Email settings' })).toBeVisible()
      await expect(card.getByRole('form', { name: 'Email settings' })).toBeVisible()
      await card.scrollIntoViewIfNeeded()
      await page.screenshot({ path: `${SHOTS}/polish-settings-notifications-${width}.png`, fullPage: true })
    }
    await expectNoAxeViolations(page)
  })
})

test('empty document folders collapse below the folders that hold documents', async ({ page }) => {
  const { txId } = await buyerWithMove(page, { name: 'Pat Polish', prefix: 'polish' })
  const pdf = await makePdf('TA6 Property Information Form')
  const up = await page.request.post(`/api/transactions/${txId}/documents?folder=Property&filename=TA6.pdf`, {
    data: pdf,
    headers: { 'content-type': 'application/octet-stream' },
  })
  expect(up.status()).toBe(201)
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: heightFor(width) })
    await page.goto(`/app/transactions/${txId}?tab=documents`)
    await expect(page.getByRole('heading', { name: 'Smart Contract Room' })).toBeVisible()
    const folders = page.getByTestId('document-folder')
    await expect(folders).toHaveCount(6)
    const empty = page.getByRole('list', { name: 'Empty folders' }).getByTestId('document-folder')
    const emptyCount = await empty.count()
    expect(emptyCount, 'five folders are empty').toBe(5)
    for (const folder of await empty.all()) {
      await expect(folder).toContainText('(0)')
      expect((await box(folder)).height, 'an empty folder is one short line').toBeLessThan(48)
    }
    // Every document row comes before the first empty folder.
    const rows = page.getByTestId('document-row')
    const lastRow = await box(rows.last())
    expect(lastRow.y).toBeLessThan((await box(empty.first())).y)
    await page.screenshot({ path: `${SHOTS}/polish-documents-${width}.png`, fullPage: true })
  }
  // An empty folder's upload button opens the dialog with that folder chosen.
  const name = (await page.getByRole('list', { name: 'Empty folders' }).getByRole('heading').first().innerText())
    .replace(/\s*\(0\)$/, '')
    .trim()
  await page.getByRole('button', { name: `Upload to ${name}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Upload a document' })
  await expect(dialog).toBeVisible()
  await expect(dialog.getByRole('combobox', { name: 'Folder' })).toHaveValue(name)
  await dialog.getByRole('button', { name: 'Cancel' }).click()
})
