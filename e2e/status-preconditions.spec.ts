/**
 * Completion follows its preconditions (decision 061): a conveyancer whose move exchanged with
 * completion agreed two weeks ahead cannot record completion today for that future day. The dialog
 * offers the agreed date, says when completion was agreed, and refuses it with the words the server
 * uses; the API refuses it too (400 naming completion_date) and nothing changes. Entering the day
 * the move actually completed (today) records it. axe on the dialog; screenshots at 1280 and 390 px.
 */
import { expect, test, type APIRequestContext } from '@playwright/test'
import { expectNoAxeViolations, person, toast } from './app-helpers'

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/screens'

async function ok(res: Awaited<ReturnType<APIRequestContext['post']>>) {
  expect(res.ok(), await res.text()).toBe(true)
  return res
}

/** The Europe/London date `n` days from now, 'yyyy-mm-dd', and as 'dd MMM yyyy'. */
function londonDay(n: number): { iso: string; uk: string } {
  const at = new Date(Date.now() + n * 86_400_000)
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(at)
  const uk = new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: 'short',
    year: 'numeric',
  }).format(at)
  return { iso, uk }
}

test('completion cannot be recorded ahead of its day; the actual date can', async ({ browser }) => {
  test.setTimeout(120_000)
  const jo = await person(browser, 'Jo Gatekeeper', 'conveyancer')
  await ok(
    await jo.request.post('/api/firm', {
      data: {
        name: `Gatekeeper LLP ${Date.now()}`,
        town: 'Harpenden',
        postcode_district: 'AL5',
        contact_email: jo.email,
      },
    }),
  )
  const opened = await ok(
    await jo.request.post('/api/matters', {
      data: {
        address_line_1: '9 Early Lane',
        town: 'Harpenden',
        postcode: 'AL5 2JX',
        agreed_price: 350000,
        tenure: 'freehold',
        side: 'buyer',
        client_name: 'Cal Client',
        client_email: `cal-${Date.now()}@example.com`,
      },
    }),
  )
  const { transaction_id: txId } = (await opened.json()) as { transaction_id: string }
  const move = async () =>
    (await (await jo.request.get(`/api/transactions/${txId}`)).json()) as { version: number; status: string }
  const status = async (data: Record<string, unknown>) =>
    jo.request.post(`/api/transactions/${txId}/status`, { data: { ...data, version: (await move()).version } })
  if ((await move()).status === 'draft') await ok(await status({ action: 'activate' }))
  const today = londonDay(0)
  const agreed = londonDay(14)
  await ok(await status({ action: 'exchange', exchange_date: today.iso, completion_date: agreed.iso, confirm: true }))

  // The dialog offers the agreed date, says it is still to come, and refuses it.
  const page = jo.page
  await page.goto(`/app/transactions/${txId}`)
  await page.getByRole('button', { name: 'Record completion' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Record completion' })
  const date = dialog.getByLabel('Completion date')
  await expect(date).toHaveValue(agreed.iso)
  await expect(dialog).toContainText(`Completion was agreed for ${agreed.uk}. Record it on the day it happens.`)
  await dialog.getByRole('button', { name: 'Record completion' }).click()
  const refusal = `Completion can be recorded only on or after the day it happens: ${agreed.uk} is still to come. Record it on ${agreed.uk}, or enter the date the move actually completed.`
  await expect(dialog.getByText(refusal)).toBeVisible()
  await expect(date).toHaveAttribute('aria-invalid', 'true')
  await expectNoAxeViolations(page)
  await page.screenshot({ path: `${SHOTS}/completion-refused-future-1280.png` })
  await page.setViewportSize({ width: 390, height: 844 })
  await expect(dialog.getByText(refusal)).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
  await page.screenshot({ path: `${SHOTS}/completion-refused-future-390.png` })
  await page.setViewportSize({ width: 1280, height: 900 })

  // The server holds the same rule: 400 naming the field, and the move is still exchanged.
  const refused = await status({ action: 'complete', completion_date: agreed.iso })
  expect(refused.status()).toBe(400)
  const body = (await refused.json()) as { error: { message: string; fields: Record<string, string[]> } }
  expect(body.error.message).toBe(refusal)
  expect(body.error.fields.completion_date).toEqual([refusal])
  const noDate = await status({ action: 'complete' })
  expect(noDate.status()).toBe(400)
  expect(((await noDate.json()) as { error: { message: string } }).error.message).toBe(
    `Completion was agreed for ${agreed.uk}, which is still to come. Record it on that day, or enter the date the move actually completed.`,
  )
  expect((await move()).status).toBe('exchange')
  await expect(page.getByTestId('status-badge').first()).toHaveText('Exchanged')

  // It completed early by agreement: the actual day is recorded.
  await date.fill(today.iso)
  await dialog.getByRole('button', { name: 'Record completion' }).click()
  await expect(toast(page)).toContainText('Completion recorded')
  await expect(page.getByTestId('status-badge').first()).toHaveText('Completed')
  await expect(page.getByText(`Completed on ${today.uk}.`)).toBeVisible()

  jo.console.check([])
  await jo.close()
})
