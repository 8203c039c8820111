/**
 * The seller's TA6 filled in Homeward: most sections answered through the API to keep the journey
 * short, then the seller opens the form from the move's Overview, answers the Parking section in the
 * form (autosaved, "Saved" shown, still there after a reload), reviews and signs with their typed
 * name; the signed PDF is in Documents. The buyer's conveyancer reads the answers and raises an
 * enquiry on one of them, which cites the question. axe on every view; screenshots at 1280 and 390 px.
 */
import { mkdirSync } from 'node:fs'
import { expect, test } from '@playwright/test'
import type { PropertyFormResponse } from '../src/shared/contracts/property-forms'
import { exampleAnswers } from '../src/shared/domain/property-forms'
import { expectNoAxeViolations, move, person, toast } from './app-helpers'

const SHOTS = '/tmp/taforms-shots'
// The form pages load a whole form (about 80 KB of questions): allow for a busy machine.
const slow = expect.configure({ timeout: 30_000 })
mkdirSync(SHOTS, { recursive: true })

test('the seller fills and signs the TA6; the buyer’s conveyancer raises an enquiry on an answer', async ({
  browser,
}) => {
  test.setTimeout(300_000)
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const seller = await person(browser, 'Sam Seller', 'seller')
  const conveyancer = await person(browser, 'Cora Conveyancer', 'conveyancer')
  const { txId, path } = await move(
    buyer,
    [
      { who: seller, role: 'seller' },
      { who: conveyancer, role: 'buyer_conveyancer' },
    ],
    { address: '3 Orchard Way', town: 'Harpenden', postcode: 'AL5 2JX', role: 'buyer' },
  )

  // Every section but Parking answered through the API, as if the seller had filled them earlier.
  const formRes = await seller.request.get(`/api/transactions/${txId}/forms/ta6`)
  expect(formRes.ok()).toBe(true)
  const { model } = (await formRes.json()) as PropertyFormResponse
  const others = model.sections.map((s) => s.key).filter((k) => k !== 'parking')
  const answers = exampleAnswers(model, { sections: others })
  for (const section of others) {
    const res = await seller.request.put(`/api/transactions/${txId}/forms/ta6/sections/${section}`, {
      data: { answers },
    })
    expect(res.ok(), await res.text()).toBe(true)
  }

  // The seller opens the form from the Overview: it resumes at the section still to answer.
  const page = seller.page
  await page.goto(path)
  await page.getByRole('link', { name: 'Open the TA6' }).click()
  await slow(page.getByRole('heading', { level: 1, name: 'TA6 Property Information Form' })).toBeVisible()
  await slow(page.getByRole('heading', { level: 2, name: '9 Parking' })).toBeVisible()
  await slow(page.getByText(/of \d+ required answers/)).toBeVisible()

  await page.getByRole('checkbox', { name: 'Driveway' }).check()
  await page
    .getByRole('group', { name: /controlled parking zone/ })
    .getByRole('radio', { name: 'No', exact: true })
    .check()
  await slow(page.getByTestId('save-state')).toContainText('Saved')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/ta6-editor-1280.png`, fullPage: true })

  // Resumable: the answers are there after a reload.
  await page.reload()
  await slow(page.getByRole('heading', { level: 2, name: 'Review and sign' })).toBeVisible()
  await page
    .getByRole('navigation', { name: 'Sections of the form' })
    .getByRole('button', { name: /Parking/ })
    .click()
  await slow(page.getByRole('checkbox', { name: 'Driveway' })).toBeChecked()
  await page.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/ta6-editor-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1280, height: 900 })

  // Review and sign.
  await page.getByRole('button', { name: 'Review and sign' }).first().click()
  await slow(page.getByText('Every required question is answered.')).toBeVisible()
  const signForm = page.getByRole('form', { name: 'Sign the form' })
  await signForm.getByRole('button', { name: 'Sign the form' }).click()
  await slow(signForm.getByText('Type your full name to sign')).toHaveCount(2)
  await signForm.getByLabel('Type your full name to sign').fill('Sam Seller')
  await signForm.getByRole('checkbox').check()
  await expectNoAxeViolations(page)
  await signForm.getByRole('button', { name: 'Sign the form' }).click()
  await slow(toast(page)).toContainText('Form signed')
  await slow(page.getByText(/Signed by Sam Seller on/)).toBeVisible()
  await slow(page.getByText('Signed', { exact: true })).toBeVisible()

  // The signed PDF is in Documents, and the timeline task ticked itself.
  await page.getByRole('link', { name: 'Signed PDF in Documents' }).click()
  await slow(page.getByRole('tabpanel').getByText('TA6 Property Information Form.pdf').first()).toBeVisible()
  const detail = (await (await seller.request.get(`/api/transactions/${txId}`)).json()) as {
    timeline_stages: { tasks: { title: string; status: string }[] }[]
  }
  const task = detail.timeline_stages
    .flatMap((s) => s.tasks)
    .find((t) => t.title === 'TA6 Property Information Form completed')
  expect(task?.status).toBe('completed')

  // The buyer's conveyancer reads the answers and raises an enquiry on one.
  const cpage = conveyancer.page
  await cpage.goto(`${path}/forms/ta6`)
  await slow(cpage.getByText(/Signed by Sam Seller on/)).toBeVisible()
  const q = cpage.locator('[id="q-parking.parkingArrangements"]')
  await slow(q).toContainText('Driveway')
  await slow(cpage.getByRole('form', { name: 'Sign the form' })).toHaveCount(0)
  await expectNoAxeViolations(cpage)
  await cpage.screenshot({ path: `${SHOTS}/ta6-read-1280.png` })
  await q.getByRole('button', { name: /Raise an enquiry: TA6 9.1/ }).click()
  const dialog = cpage.getByRole('dialog', { name: 'Raise an enquiry on this answer' })
  await slow(dialog.getByTestId('enquiry-form-question')).toHaveText('TA6 9.1: Parking arrangements')
  await slow(dialog.getByLabel('Your enquiry')).toHaveValue(/The seller answered: Driveway/)
  await dialog.getByLabel('Your enquiry').fill('TA6 9.1: please confirm the driveway is within the registered title.')
  await expectNoAxeViolations(cpage)
  await dialog.getByRole('button', { name: 'Raise enquiry' }).click()
  await slow(toast(cpage)).toContainText('Enquiry raised')
  const list = (await (await conveyancer.request.get(`/api/transactions/${txId}/enquiries`)).json()) as {
    enquiries: { body: string; form_question: string | null }[]
  }
  expect(list.enquiries).toEqual([
    expect.objectContaining({
      body: 'TA6 9.1: please confirm the driveway is within the registered title.',
      form_question: 'ta6:parking.parkingArrangements',
    }),
  ])
  await cpage.setViewportSize({ width: 390, height: 844 })
  await expectNoAxeViolations(cpage)
  await cpage.screenshot({ path: `${SHOTS}/ta6-read-390.png` })

  // The buyer cannot edit: no form, and the API refuses.
  const refused = await buyer.request.put(`/api/transactions/${txId}/forms/ta6/sections/parking`, {
    data: { answers: { parking: { parkingArrangements: ['Garage'] } } },
  })
  expect(refused.status()).toBe(403)

  for (const p of [buyer, seller, conveyancer]) p.console.check([])
  for (const p of [buyer, seller, conveyancer]) await p.close()
})
