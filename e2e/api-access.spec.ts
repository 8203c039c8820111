/**
 * The open API as a person meets it in Settings > API and webhooks: a token is created with a scope
 * and an expiry, seen once, used from outside the browser to read a move (and refused, naming the
 * scope, where it has none), revoked after a confirmation, and then refused. A webhook endpoint on a
 * local receiver is registered, a test event is delivered signed (verified here with the same
 * `standardwebhooks` library) and shows in the delivery log, and is redelivered. Axe on each state;
 * screenshots at 1280 and 390 px.
 */
import { createServer, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdirSync } from 'node:fs'
import { expect, request as playwrightRequest, test } from '@playwright/test'
import { Webhook } from 'standardwebhooks'
import { createMove, expectNoAxeViolations, person, toast } from './app-helpers'

const SHOTS = '/tmp/openapi-shots'
mkdirSync(SHOTS, { recursive: true })

test('a token is created, used, revoked; a webhook endpoint gets a signed test event', async ({ browser, baseURL }) => {
  // A long journey (two flows, axe four times, the webhook worker's 2-second polls): more than the default minute.
  test.setTimeout(180_000)
  // A receiver on this machine, as a developer's case-management system would run one.
  const received: { headers: IncomingHttpHeaders; body: string }[] = []
  const receiver = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      received.push({ headers: req.headers, body })
      res.statusCode = 204
      res.end()
    })
  })
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
  const hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/homeward`

  const bea = await person(browser, 'Bea Buyer', 'buyer')
  const { txId } = await createMove(bea.request, { address: '3 Kite Lane', town: 'Harpenden', postcode: 'AL5 2AB' })
  const api = await playwrightRequest.newContext({ baseURL })
  const page = bea.page

  try {
    await page.goto('/app/settings')
    await page.getByRole('link', { name: 'Manage API access' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'API and webhooks' })).toBeVisible()
    await expect(page.getByText('No tokens yet.')).toBeVisible()
    await expect(page.getByText('No endpoints yet.')).toBeVisible()
    await expectNoAxeViolations(page)

    // Create a token: the name is required, then it is shown once.
    await page.getByRole('button', { name: 'Create token' }).click()
    const dialog = page.getByRole('dialog', { name: 'Create a token' })
    await dialog.getByRole('button', { name: 'Create token' }).click()
    await expect(dialog.getByText('Name the token')).toBeVisible()
    await dialog.getByLabel('Name').fill('Case management system')
    await expect(dialog.getByRole('checkbox', { name: /transactions:read/ })).toBeChecked()
    await dialog.getByLabel('Expires').selectOption({ label: 'In 30 days' })
    await expectNoAxeViolations(page)
    await dialog.getByRole('button', { name: 'Create token' }).click()
    const shown = page.getByRole('dialog', { name: 'Your new token' })
    const secretField = shown.getByTestId('shown-once-secret')
    await expect(secretField).toHaveValue(/^hw_pat_[A-Za-z0-9_-]{43}$/)
    const secret = await secretField.inputValue()
    await expect(shown.getByText(/cannot show it again/)).toBeVisible()
    await expect(shown.getByRole('button', { name: 'Copy' })).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/api-token-shown-once-1280.png` })
    await shown.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    const tokens = page.getByRole('list', { name: 'Your tokens' })
    const row = tokens.getByRole('listitem').filter({ hasText: 'Case management system' })
    await expect(row).toContainText(secret.slice(0, 13))
    await expect(row).toContainText('Active')
    await expect(row).toContainText('Last used never')
    // Never shown again: not on the page after a reload.
    await page.reload()
    await expect(row).toBeVisible()
    expect(await page.content()).not.toContain(secret)

    // From outside the browser: it reads the move, and is refused where it has no scope.
    const auth = { authorization: `Bearer ${secret}` }
    const read = await api.get(`/api/transactions/${txId}`, { headers: auth })
    expect(read.status(), await read.text()).toBe(200)
    expect(((await read.json()) as { id: string }).id).toBe(txId)
    const docs = await api.get(`/api/transactions/${txId}/documents`, { headers: auth })
    expect(docs.status()).toBe(403)
    expect(((await docs.json()) as { error: { message: string } }).error.message).toContain('documents:read')
    const account = await api.get('/api/account/sessions', { headers: auth })
    expect(account.status()).toBe(403)
    await page.reload()
    await expect(row).not.toContainText('Last used never')

    // Revoke, after confirming; it stops working at once.
    await row.getByRole('button', { name: 'Revoke Case management system' }).click()
    const confirm = page.getByRole('alertdialog', { name: '“Case management system”' })
    await expect(confirm).toContainText('stop working at once')
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await expect(toast(page)).toContainText('Token revoked')
    await expect(row).toContainText('Revoked')
    await expect(row.getByRole('button', { name: /Revoke/ })).toHaveCount(0)
    const refused = await api.get(`/api/transactions/${txId}`, { headers: auth })
    expect(refused.status()).toBe(401)

    // A webhook endpoint on the local receiver: secret shown once, then a test event.
    await page.getByRole('button', { name: 'Add endpoint' }).click()
    const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' })
    await add.getByLabel('Endpoint URL').fill('http://example.com/hooks')
    await add.getByLabel('Description (optional)').fill('Our case system')
    await add.getByRole('checkbox', { name: /document\.uploaded/ }).check()
    await add.getByRole('button', { name: 'Add endpoint' }).click()
    await expect(add.getByText(/must start with https:\/\//)).toBeVisible()
    await add.getByLabel('Endpoint URL').fill(hookUrl)
    await add.getByRole('button', { name: 'Add endpoint' }).click()
    const added = page.getByRole('dialog', { name: 'Endpoint added' })
    const signing = await added.getByTestId('shown-once-secret').inputValue()
    expect(signing).toMatch(/^whsec_/)
    await added.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByRole('dialog')).toHaveCount(0)

    const endpoint = page.getByRole('listitem', { name: hookUrl })
    await expect(endpoint).toContainText('document.uploaded')
    await endpoint.getByRole('button', { name: 'Send test event' }).click()
    await expect(toast(page)).toContainText('Test event queued')
    const log = endpoint.getByRole('region', { name: 'Delivery log' })
    await expect(log.getByRole('listitem').first()).toContainText('Delivered', { timeout: 15_000 })
    await expect(log.getByRole('listitem').first()).toContainText('HTTP 204')
    await expect(log.getByRole('listitem').first()).toContainText('1 attempt')

    // The receiver got it signed with the endpoint's secret.
    expect(received).toHaveLength(1)
    const event = new Webhook(signing).verify(received[0]!.body, {
      'webhook-id': String(received[0]!.headers['webhook-id']),
      'webhook-timestamp': String(received[0]!.headers['webhook-timestamp']),
      'webhook-signature': String(received[0]!.headers['webhook-signature']),
    }) as { type: string }
    expect(event.type).toBe('webhook.test')

    // Redeliver: the same event again, a new row in the log.
    await log.getByRole('button', { name: 'Redeliver webhook.test' }).first().click()
    await expect(toast(page)).toContainText('Redelivery queued')
    await expect(log.getByRole('listitem')).toHaveCount(2)
    await expect(log.getByRole('listitem').first()).toContainText('Delivered', { timeout: 15_000 })
    expect(received).toHaveLength(2)
    expect(received[1]!.headers['webhook-id']).toBe(received[0]!.headers['webhook-id'])

    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/api-access-1280.png`, fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(log).toBeVisible()
    await expectNoAxeViolations(page)
    await page.screenshot({ path: `${SHOTS}/api-access-390.png`, fullPage: true })
    // The refused http:// URL above is a 400 the form shows at its field.
    bea.console.check([/status of 400 \(Bad Request\)/])
  } finally {
    await api.dispose()
    await bea.close()
    receiver.closeAllConnections()
    await new Promise((resolve) => receiver.close(resolve))
  }
})
