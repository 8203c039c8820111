import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { generateWebhookSecret } from '#server/config/secrets.ts'
import { createSandboxWebhookDispatcher } from './sandbox-webhooks'

const secret = generateWebhookSecret()

/** A receiver that answers the given statuses in turn and records what it verified. */
function receiver(statuses: number[]) {
  const received: { path: string; event: unknown; id: string }[] = []
  let calls = 0
  const request = async (path: string, init: RequestInit) => {
    const headers = Object.fromEntries(new Headers(init.headers).entries())
    const event = new Webhook(secret).verify(String(init.body), headers)
    received.push({ path, event, id: headers['webhook-id']! })
    return new Response(null, { status: statuses[calls++] ?? 200 })
  }
  return { request, received, calls: () => calls }
}

describe('sandbox webhook dispatcher', () => {
  it('delivers a signed event to the path, on flush, without waiting for its delay', async () => {
    const d = createSandboxWebhookDispatcher({ secret, log: createLogger('silent') })
    const r = receiver([204])
    d.attach(r.request)
    const id = d.send({ path: '/api/webhooks/identity-sandbox', event: { type: 'check.completed' }, delayMs: 60_000 })
    await d.flush()
    expect(r.received).toEqual([{ path: '/api/webhooks/identity-sandbox', event: { type: 'check.completed' }, id }])
  })

  it('retries after a 5xx with the same webhook-id, and stops at a 4xx', async () => {
    const d = createSandboxWebhookDispatcher({ secret, log: createLogger('silent') })
    const r = receiver([500, 503, 200])
    d.attach(r.request)
    d.send({ path: '/x', event: { n: 1 } })
    await d.flush()
    expect(r.calls()).toBe(3)
    expect(new Set(r.received.map((x) => x.id)).size).toBe(1)

    const refused = receiver([409, 200])
    d.attach(refused.request)
    d.send({ path: '/x', event: { n: 2 } })
    await d.flush()
    expect(refused.calls()).toBe(1)
  })

  it('gives up after five retries', async () => {
    const d = createSandboxWebhookDispatcher({ secret, log: createLogger('silent') })
    const r = receiver(Array(10).fill(500))
    d.attach(r.request)
    d.send({ path: '/x', event: {} })
    await d.flush()
    expect(r.calls()).toBe(6)
  })
})
