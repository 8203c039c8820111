/**
 * Helpers shared by the signed-in app's journeys: unique test emails, the visible toast and the
 * axe-core check (WCAG 2.2 AA and best practice, CONVENTIONS.md).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, type APIRequestContext, type Page } from '@playwright/test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { verifyEmailByRequest } from './mail-helpers'

/** A fresh address per call, e.g. `buyer.m3x9k2ab@e2e.homeward.example`, so runs never collide. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.homeward.example`

/** The toast in front (sonner stacks them; the newest is data-front). */
export const toast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"]')

/**
 * Fails with the rule ids and their targets when axe-core finds any WCAG 2.2 A/AA or best-practice
 * violation on the page. Toasts are left out: they come and go while axe runs.
 */
export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'])
    .exclude('[data-sonner-toaster]')
    .analyze()
  expect(results.violations.map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(' ')) }))).toEqual([])
}

/**
 * A new buyer with a confirmed email, signed in on `page` (through its request context, which
 * shares the cookies), with a freehold move of their own: its id and workspace path.
 */
export async function buyerWithMove(
  page: Page,
  { name = 'Bea Buyer', prefix = 'buyer', password = 'e2e-buyer-2025!' } = {},
): Promise<{ email: string; txId: string; path: string }> {
  const email = uniqueEmail(prefix)
  const res = await page.request.post('/api/auth/sign-up/email', { data: { name, email, password, role: 'buyer' } })
  expect(res.ok()).toBe(true)
  await verifyEmailByRequest(page.request, email)
  const created = await page.request.post('/api/transactions', {
    data: {
      address_line_1: '5 Mill Lane',
      town: 'Harpenden',
      postcode: 'AL5 4SP',
      role: 'buyer',
      agreed_price: 350000,
      tenure: 'freehold',
    },
  })
  expect(created.status()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  return { email, txId: id, path: `/app/transactions/${id}` }
}

/** A one-page A4 PDF with `text` near the top. */
export async function makePdf(text: string): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font })
  return Buffer.from(await doc.save())
}

/**
 * Signs in through the API; the session cookie lands in `request`'s browser context. Sign-up signs
 * nobody in (issue 11, item 6): journeys that sign up through the API sign in next, or open the link.
 */
export async function signInByRequest(request: APIRequestContext, email: string, password: string) {
  const res = await request.post('/api/auth/sign-in/email', { data: { email, password } })
  expect(res.ok()).toBe(true)
}
