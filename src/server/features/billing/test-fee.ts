/**
 * Test helper (integration tests only): the payer accepts a move's completion fee through the API and
 * the sandbox's hosted setup page, as in the browser, and the sandbox's signed webhooks are delivered.
 */
import { expect } from 'vitest'
import { z } from 'zod'
import type { TestApp, TestUser } from '#server/test/test-app.ts'

/**
 * POST .../completion-fee/accept as `as`, then answers the sandbox's card page with `card` ('cancel'
 * leaves it; `authenticate` answers the 3-D Secure page) and delivers the webhooks.
 * Returns the accept answer's status and the card page's HTML.
 */
export async function acceptFee(
  t: TestApp,
  as: TestUser,
  txId: string,
  card: string | 'cancel',
  authenticate?: 'approve' | 'fail',
): Promise<{ status: number; page: string }> {
  const started = await t.request(`/api/transactions/${txId}/completion-fee/accept`, { as, method: 'POST' })
  if (started.status !== 201) return { status: started.status, page: await started.text() }
  const { checkout_url } = z.object({ checkout_url: z.string() }).parse(await started.json())
  const opened = await t.app.request(checkout_url)
  expect(opened.status).toBe(200)
  const session = new URL(checkout_url, t.config.publicUrl).searchParams.get('session')!
  const form = (path: string, fields: Record<string, string>) =>
    t.app.request(path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ session, ...fields }).toString(),
    })
  const answer = await form(
    '/sandbox/payments/checkout',
    card === 'cancel' ? { action: 'cancel' } : { action: 'pay', card },
  )
  let page = await answer.text()
  if (authenticate) page = await (await form('/sandbox/payments/authenticate', { decision: authenticate })).text()
  await t.sandboxWebhooks.flush()
  return { status: 201, page: `${(await opened.text()).slice(0, 4000)}\n${page}` }
}
