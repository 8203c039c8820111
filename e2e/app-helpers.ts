/**
 * Helpers shared by the signed-in app's journeys: unique test emails, people signed up in their own
 * browser context, moves with people invited and joined, signing in, a small PDF, the visible toast
 * and the axe-core check (WCAG 2.2 AA and best practice). People and moves are made
 * through the API: the forms are covered by auth.spec.ts, dashboard.spec.ts and workspace.spec.ts.
 */
import { expect, type APIRequestContext, type Browser, type BrowserContext, type Page } from '@playwright/test'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { inviteToken, verifyEmailByRequest } from './mail-helpers'
import { expectNoAxeViolations, watchConsole } from './public-helpers'

export { expectNoAxeViolations }

/** The password people get from these helpers when a spec does not choose one. */
export const E2E_PASSWORD = 'e2e-person-2025!'

/** A fresh address per call, e.g. `buyer.m3x9k2ab@e2e.homeward.example`, so runs never collide. */
export const uniqueEmail = (prefix: string) =>
  `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.homeward.example`

/** The toast in front (sonner stacks them; the newest is data-front). */
export const toast = (page: Page) => page.locator('[data-sonner-toast][data-front="true"]')

/** A role someone signs up with (the sign-up form's choices that the journeys use). */
export type SignUpRole = 'buyer' | 'seller' | 'conveyancer' | 'agent' | 'broker' | 'surveyor'

/**
 * A new browser context (en-GB, Europe/London) at `width` px wide (844 high below 500 px, else 900)
 * with one page whose console is watched: call `console.check(allowed)` at the end.
 */
export async function newBrowser(browser: Browser, { width = 1280, acceptDownloads = false } = {}) {
  const context = await browser.newContext({
    viewport: { width, height: width < 500 ? 844 : 900 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
    acceptDownloads,
  })
  const page = await context.newPage()
  return { context, page, console: watchConsole(page) }
}

/**
 * Signs someone up through POST /api/auth/sign-up/email on `request`, which keeps the session
 * cookie; then confirms the email by the emailed link unless `verified` is false (inviting and
 * signing need a confirmed email).
 */
export async function signUpByRequest(
  request: APIRequestContext,
  {
    name,
    email,
    password = E2E_PASSWORD,
    role = 'buyer',
    verified = true,
  }: { name: string; email: string; password?: string; role?: SignUpRole; verified?: boolean },
): Promise<void> {
  const res = await request.post('/api/auth/sign-up/email', { data: { name, email, password, role } })
  expect(res.ok(), await res.text()).toBe(true)
  // Sign-up signs nobody in, so that it answers a known and an unknown address alike.
  await signInByRequest(request, { email, password })
  if (verified) await verifyEmailByRequest(request, email)
}

/**
 * Signs in through POST /api/auth/sign-in/email; the session cookie lands in `request`'s browser
 * context (a page's `page.request` shares its cookies).
 */
export async function signInByRequest(
  request: APIRequestContext,
  { email, password }: { email: string; password: string },
) {
  const res = await request.post('/api/auth/sign-in/email', { data: { email, password } })
  expect(res.ok(), await res.text()).toBe(true)
}

/** Someone signed up, signed in and (by default) with a confirmed email, in their own browser context. */
export interface Person {
  name: string
  email: string
  /** Their profile id (GET /api/me), e.g. for mentions and signature requests. */
  id: string
  context: BrowserContext
  page: Page
  request: APIRequestContext
  console: ReturnType<typeof watchConsole>
  close: () => Promise<void>
}

/**
 * `name` signed up with `role` in a new browser context (see `newBrowser`), email confirmed unless
 * `verified` is false. The email defaults to a unique one from the first name, e.g. `bea.…@…`.
 */
export async function person(
  browser: Browser,
  name: string,
  role: SignUpRole,
  {
    width = 1280,
    email = uniqueEmail(name.split(' ')[0]!.toLowerCase()),
    password = E2E_PASSWORD,
    verified = true,
    acceptDownloads = false,
  }: { width?: number; email?: string; password?: string; verified?: boolean; acceptDownloads?: boolean } = {},
): Promise<Person> {
  const { context, page, console } = await newBrowser(browser, { width, acceptDownloads })
  await signUpByRequest(context.request, { name, email, password, role, verified })
  const me = (await (await context.request.get('/api/me')).json()) as {
    user: { emailVerified: boolean }
    profile: { id: string }
  }
  expect(me.user.emailVerified).toBe(verified)
  return {
    name,
    email,
    id: me.profile.id,
    context,
    page,
    request: context.request,
    console,
    close: () => context.close(),
  }
}

/** What a new move is made with (POST /api/transactions); every field has a default. */
export interface MoveDetails {
  address?: string
  town?: string
  postcode?: string
  /** The creator's side of the move. */
  role?: 'buyer' | 'seller'
  agreed_price?: number
  tenure?: 'freehold' | 'leasehold'
}

/** A new move created through `request` (5 Mill Lane, Harpenden AL5 4SP unless told): its id and workspace path. */
export async function createMove(
  request: APIRequestContext,
  {
    address = '5 Mill Lane',
    town = 'Harpenden',
    postcode = 'AL5 4SP',
    role = 'buyer',
    agreed_price = 350000,
    tenure = 'freehold',
  }: MoveDetails = {},
): Promise<{ txId: string; path: string }> {
  const created = await request.post('/api/transactions', {
    data: { address_line_1: address, town, postcode, role, agreed_price, tenure },
  })
  expect(created.status(), await created.text()).toBe(201)
  const { id } = (await created.json()) as { id: string }
  return { txId: id, path: `/app/transactions/${id}` }
}

/** A role someone is invited into on a move. */
export type MoveRole = 'buyer' | 'seller' | 'buyer_conveyancer' | 'seller_conveyancer' | 'estate_agent'

/**
 * `owner`'s new move (see `createMove` for `details`) with each of `others` invited in their role
 * (through the API) and accepted with the token from the emailed link: its id and workspace path.
 */
export async function move(
  owner: Pick<Person, 'request'>,
  others: { who: Pick<Person, 'email' | 'request'>; role: MoveRole }[],
  details: MoveDetails = {},
): Promise<{ txId: string; path: string }> {
  const created = await createMove(owner.request, details)
  for (const { who, role } of others) {
    const invited = await owner.request.post(`/api/transactions/${created.txId}/invitations`, {
      data: { email: who.email, role },
    })
    expect(invited.ok(), await invited.text()).toBe(true)
    const token = await inviteToken(owner.request, who.email)
    const accepted = await who.request.post(`/api/invitations/${token}/accept`, { data: {} })
    expect(accepted.ok(), await accepted.text()).toBe(true)
  }
  return created
}

/**
 * A new buyer with a confirmed email, signed in on `page` (through its request context, which
 * shares the cookies), with a freehold move of their own (`details` as in `createMove`): its id
 * and workspace path.
 */
export async function buyerWithMove(
  page: Page,
  {
    name = 'Bea Buyer',
    prefix = 'buyer',
    password = 'e2e-buyer-2025!',
    ...details
  }: { name?: string; prefix?: string; password?: string } & MoveDetails = {},
): Promise<{ email: string; txId: string; path: string }> {
  const email = uniqueEmail(prefix)
  await signUpByRequest(page.request, { name, email, password, role: 'buyer' })
  return { email, ...(await createMove(page.request, { ...details, role: 'buyer' })) }
}

/** An A4 PDF of `pages` pages, each with `text` (one line, or several) near the top and 'Page n of N' at the foot. */
export async function makePdf(text: string | string[], pages = 1): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  const lines = typeof text === 'string' ? [text] : text
  for (let p = 0; p < pages; p++) {
    const page = doc.addPage([595, 842])
    lines.forEach((line, i) => page.drawText(line, { x: 60, y: 760 - i * 24, size: 14, font }))
    page.drawText(`Page ${p + 1} of ${pages}`, { x: 60, y: 60, size: 10, font })
  }
  return Buffer.from(await doc.save())
}

/**
 * Opens the 'Done (n)' fold of Overview's 'What is left for you' (decision 063), where finished
 * steps (a fee accepted or paid, a deposit held...) are; nothing when it is open or absent.
 */
export async function showDoneSteps(page: Page) {
  const fold = page.getByTestId('what-is-left').locator('details')
  await expect(page.getByTestId('what-is-left')).toBeVisible()
  if ((await fold.count()) && !(await fold.evaluate((d) => (d as HTMLDetailsElement).open)))
    await fold.locator('summary').click()
}
