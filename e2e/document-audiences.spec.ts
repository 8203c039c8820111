/**
 * Issue 35, decision 051: on the demo move, the seller and the seller's estate agent neither list,
 * count nor open any of the buyer's identity, CDD, funds, mortgage, survey or client-care papers,
 * and are told in words what is private; the buyer's conveyancer still sees them all.
 */
import { expect, test, type Browser } from '@playwright/test'
import { newBrowser, signInByRequest } from './app-helpers'

const PASSWORD = 'homeward-demo-2025'
const DEMO_MOVE = '5eed0000-0000-4000-8000-000000000002'
const BUYERS_PRIVATE = [
  'client-care-letter-amelia-clarke.pdf',
  'id-and-aml-check-amelia-clarke.pdf',
  'decision-in-principle-amelia-clarke.pdf',
  'gifted-deposit-letter-clarke.pdf',
]

async function signedIn(browser: Browser, email: string) {
  const ctx = await newBrowser(browser)
  await signInByRequest(ctx.page.request, { email, password: PASSWORD })
  return ctx
}

for (const email of ['tom.seller@homeward.example', 'jordan.agent@homeward.example']) {
  test(`${email.split('.')[0]} on the seller's side sees none of the buyer's private papers`, async ({ browser }) => {
    const { page } = await signedIn(browser, email)
    const list = (await (await page.request.get(`/api/transactions/${DEMO_MOVE}/documents`)).json()) as {
      documents: { id: string; filename: string }[]
    }
    const names = list.documents.map((d) => d.filename)
    for (const name of BUYERS_PRIVATE) expect(names).not.toContain(name)
    expect(names.some((n) => /survey/i.test(n))).toBe(false)
    const detail = (await (await page.request.get(`/api/transactions/${DEMO_MOVE}`)).json()) as {
      documents: { filename: string }[]
    }
    expect(detail.documents.map((d) => d.filename).filter((n) => BUYERS_PRIVATE.includes(n))).toEqual([])

    await page.goto(`/app/transactions/${DEMO_MOVE}?tab=documents`)
    // The workspace loads its tabs lazily: on a busy machine the first paint can take a while.
    await expect(page.getByTestId('documents-withheld')).toHaveText(
      "The buyer's mortgage and identity papers are private to the buyer's side.",
      { timeout: 30_000 },
    )
    for (const name of BUYERS_PRIVATE) await expect(page.getByText(name)).toHaveCount(0)
    await page.screenshot({ path: `test-results/document-audiences-${email.split('.')[0]}.png`, fullPage: true })
  })
}

test("the buyer's conveyancer sees every one of them, each with its audience badge, and may open them", async ({
  browser,
}) => {
  const { page } = await signedIn(browser, 'priya.conveyancer@homeward.example')
  const list = (await (await page.request.get(`/api/transactions/${DEMO_MOVE}/documents`)).json()) as {
    documents: { id: string; filename: string; audience: string }[]
  }
  for (const name of BUYERS_PRIVATE) {
    const doc = list.documents.find((d) => d.filename === name)
    expect(doc, name).toBeTruthy()
    expect((await page.request.get(`/api/transactions/${DEMO_MOVE}/documents/${doc!.id}`)).status()).toBe(200)
  }
  const seller = await signedIn(browser, 'tom.seller@homeward.example')
  for (const name of BUYERS_PRIVATE) {
    const id = list.documents.find((d) => d.filename === name)!.id
    expect((await seller.page.request.get(`/api/transactions/${DEMO_MOVE}/documents/${id}/url`)).status()).toBe(404)
  }
  await page.goto(`/app/transactions/${DEMO_MOVE}?tab=documents`)
  const row = page.getByTestId('document-row').filter({ hasText: 'id-and-aml-check-amelia-clarke.pdf' })
  await expect(row.getByTestId('audience-badge')).toHaveText('Who can see it: Buyer and their conveyancer')
  await page.screenshot({ path: 'test-results/document-audiences-priya.png', fullPage: true })
})
