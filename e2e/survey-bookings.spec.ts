/**
 * Survey bookings end to end: a surveyor signs up and lands on their schedule; their firm's products
 * are set with the products form and their hours through the API, then edited with the availability
 * form (travel buffer, a day off); a buyer books a RICS Home Survey Level 2 from their move, then moves
 * it to another slot (both get a 'Survey moved' email); the surveyor sees it on the schedule as moved,
 * attaches the report PDF (ready to release; the buyer is not told before the visit) and sees the
 * payout the platform recorded from the payment (held). Screenshots at 1280 and 390 px; axe on each
 * page. Payment, terms, coverage and the release guard in detail: survey-booking-paid.spec.ts.
 */
import { expect, test } from '@playwright/test'
import { createMove, expectNoAxeViolations, makePdf, person, toast } from './app-helpers'
import { outbox } from './mail-helpers'

const SHOTS = 'test-results/screens'

test('a buyer books a Level 2 survey; the surveyor delivers the report and a payout appears', async ({ browser }) => {
  test.setTimeout(180_000)
  const surveyor = await person(browser, 'Sam Surveyor', 'surveyor')
  const firmName = `Aardvark Surveys ${Date.now().toString(36)}`

  // Sign-up as a surveyor lands on the schedule.
  await surveyor.page.goto('/app/home')
  await expect(surveyor.page).toHaveURL(/\/app\/schedule$/)
  await expect(surveyor.page.getByRole('heading', { level: 1, name: 'Schedule' })).toBeVisible()

  // The firm, its products and the surveyor's hours (every day 08:00-18:00), through the API.
  const firm = await surveyor.request.post('/api/firm', {
    data: { name: firmName, town: 'St Albans', postcode_district: 'AL1', contact_email: surveyor.email },
  })
  expect(firm.status(), await firm.text()).toBe(201)
  const hours = await surveyor.request.put('/api/schedule/availability', {
    data: {
      travel_buffer_minutes: 30,
      notice_hours: 24,
      hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start_minute: 480, end_minute: 1080 })),
      days_off: [],
    },
  })
  expect(hours.status(), await hours.text()).toBe(200)
  const coverage = await surveyor.request.put('/api/schedule/coverage', { data: { districts: ['AL5'] } })
  expect(coverage.status(), await coverage.text()).toBe(200)

  // The firm's admin prices its products with the form: Level 2 at £595.00 and a valuation offered.
  const sp = surveyor.page
  await sp.reload()
  await sp.getByRole('button', { name: 'Edit products' }).click()
  const productsForm = sp.getByRole('form', { name: 'Products and prices' })
  await productsForm.getByRole('switch', { name: 'Offer RICS Home Survey Level 2' }).click()
  await productsForm.locator('#product-rics_level_2-price').fill('595')
  await productsForm.getByRole('switch', { name: 'Offer Mortgage valuation' }).click()
  for (const width of [1280, 390]) {
    await sp.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(sp)
    await sp.screenshot({ path: `${SHOTS}/survey-products-form-${width}.png`, fullPage: true })
  }
  await productsForm.getByRole('button', { name: 'Save products' }).click()
  await expect(toast(sp)).toContainText('Products saved')
  await expect(sp.getByText('£595.00 inc. VAT')).toBeVisible()
  // A bad value is refused in the form, naming the rule, and nothing is sent.
  await sp.getByRole('button', { name: 'Edit availability' }).click()
  const availability = sp.getByRole('form', { name: 'Availability' })
  await availability.getByLabel('Travel buffer after each visit (minutes)').fill('500')
  await availability.getByRole('button', { name: 'Save availability' }).click()
  await expect(availability.getByText('Travel buffer is 0 to 240 minutes')).toBeVisible()
  await availability.getByLabel('Travel buffer after each visit (minutes)').fill('45')
  await availability.getByLabel('Add a day off').fill('2030-12-25')
  await availability.getByRole('button', { name: 'Add', exact: true }).click()
  await expect(availability.getByText('25 Dec 2030')).toBeVisible()
  for (const width of [1280, 390]) {
    await sp.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(sp)
    await sp.screenshot({ path: `${SHOTS}/survey-availability-form-${width}.png`, fullPage: true })
  }
  await availability.getByRole('button', { name: 'Save availability' }).click()
  await expect(toast(sp)).toContainText('Availability saved')
  await expect(sp.getByText('Travel buffer after each visit: 45 minutes')).toBeVisible()
  await expect(sp.getByText('Days off: 25 Dec 2030')).toBeVisible()

  // The buyer books from their move.
  const buyer = await person(browser, 'Bea Buyer', 'buyer')
  const { txId, path } = await createMove(buyer.request, { address: '7 Survey Row', postcode: 'AL5 2JQ' })
  const page = buyer.page
  await page.goto(path)
  await page.getByRole('link', { name: 'Book a survey' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Survey' })).toBeVisible()
  await expect(page.getByText('No survey booked yet.')).toBeVisible()
  await page.getByRole('radio', { name: new RegExp(`RICS Home Survey Level 2: £595\\.00.*${firmName}`) }).check()
  // A slot on the third day with slots (two days or more ahead), so that the firm's 24 hours' notice allows moving it.
  const calendar = page.getByTestId('slot-calendar')
  const days = calendar.getByRole('group', { name: 'Day (UK time)' }).getByRole('button')
  await days.nth(2).click()
  await calendar
    .getByRole('group', { name: /^Time on / })
    .getByRole('button')
    .first()
    .click()
  await page.getByLabel('I have read and accept the terms of engagement').check()
  await page.getByLabel('Card number').fill('4242 4242 4242 4242')
  await page.getByRole('button', { name: 'Pay £595.00 and book' }).click()
  await expect(toast(page)).toContainText('Survey booked and paid')
  const booked = page.getByTestId('survey-booking')
  await expect(booked).toContainText('RICS Home Survey Level 2')
  await expect(booked).toContainText('Booked')
  await expect(booked).toContainText('£595.00 including VAT')

  // The buyer moves it to another of the surveyor's slots; both get an updated invite.
  await booked.getByRole('button', { name: 'Move to another time' }).click()
  const dialog = page.getByRole('dialog', { name: 'Move the RICS Home Survey Level 2' })
  const newSlot = dialog.getByLabel('New time slot (UK time)')
  await expect(newSlot.locator('option').nth(2)).toBeAttached()
  await newSlot.selectOption({ index: 2 })
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/survey-move-dialog-${width}.png` })
  }
  await dialog.getByRole('button', { name: 'Move survey' }).click()
  await expect(toast(page)).toContainText('Survey moved')
  await expect(dialog).toBeHidden()
  await expect(booked).toContainText('Moved')
  await expect
    .poll(async () =>
      (await outbox(buyer.request))
        .filter((m) => m.subject.startsWith('Survey moved'))
        .map((m) => m.to.toLowerCase())
        .sort(),
    )
    .toEqual([buyer.email, surveyor.email].map((e) => e.toLowerCase()).sort())
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/survey-booking-${width}.png`, fullPage: true })
  }

  // The surveyor sees it on the schedule, as moved by the buyer, and attaches the report.
  await sp.goto('/app/schedule')
  const visit = sp.getByTestId('survey-booking').filter({ hasText: '7 Survey Row' })
  await expect(visit).toContainText('RICS Home Survey Level 2')
  await expect(visit).toContainText('Moved by the buyer')
  await expect(visit).toContainText('booked by Bea Buyer')
  await visit.getByLabel('Attach the report (PDF)').setInputFiles({
    name: 'Survey report.pdf',
    mimeType: 'application/pdf',
    buffer: await makePdf('RICS Home Survey Level 2 report: 7 Survey Row'),
  })
  await expect(visit).toContainText('Ready to release')
  const payout = visit.getByLabel('Payout')
  await expect(payout).toContainText('Held until the report is released')
  await expect(payout).toContainText('Sandbox')
  await expect(payout).toContainText('£595.00')
  await expect(payout).toContainText('£49.58')
  await expect(payout).toContainText('£545.42')
  for (const width of [1280, 390]) {
    await sp.setViewportSize({ width, height: width < 500 ? 844 : 900 })
    await expectNoAxeViolations(sp)
    await sp.screenshot({ path: `${SHOTS}/survey-schedule-${width}.png`, fullPage: true })
  }

  // Not released before the visit: the move's surveyor task is still open and the buyer sees no report.
  const detail = (await (await buyer.request.get(`/api/transactions/${txId}`)).json()) as {
    timeline_stages: { tasks: { title: string; status: string }[] }[]
  }
  const task = detail.timeline_stages.flatMap((s) => s.tasks).find((t) => /survey report delivered/.test(t.title))
  expect(task?.status).not.toBe('completed')
  await page.reload()
  await expect(page.getByTestId('survey-booking')).not.toContainText('Report delivered')

  surveyor.console.check()
  buyer.console.check()
  await surveyor.close()
  await buyer.close()
})
