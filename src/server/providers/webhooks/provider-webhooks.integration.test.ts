/**
 * Provider webhooks on a real database: a signed delivery is accepted once and its id recorded in
 * the caller's transaction; a bad signature, a stale timestamp and a replay are refused; a delivery
 * whose work fails leaves no receipt, so the provider's retry is accepted.
 */
import { describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { AppError } from '#server/core/errors.ts'
import { useTestApp } from '#server/test/test-app.ts'
import { generateWebhookSecret } from '#server/config/secrets.ts'
import { acceptWebhook, signWebhook } from './provider-webhooks'

const t = useTestApp()
const secret = generateWebhookSecret()
const eventType = (p: unknown) => (p as { type: string }).type

async function deliver(body: string, headers: Record<string, string>, work: () => void = () => {}) {
  return t.appDatabase.db.transaction(async (tx) => {
    const payload = await acceptWebhook({ tx, provider: 'test-sandbox', secret, headers, body, eventType })
    work()
    return payload
  })
}

async function receipts(id: string) {
  const r = await t.database.db.execute(sql`select event_type from provider_webhook_receipts where webhook_id = ${id}`)
  return r.rows
}

describe('provider webhooks', () => {
  it('accepts a signed delivery once, and refuses the replay with 409', async () => {
    const body = JSON.stringify({ type: 'check.completed', id: 'chk_1' })
    const headers = { ...signWebhook(secret, body) }
    expect(await deliver(body, headers)).toEqual({ type: 'check.completed', id: 'chk_1' })
    expect(await receipts(headers['webhook-id'])).toEqual([{ event_type: 'check.completed' }])
    await expect(deliver(body, headers)).rejects.toMatchObject({ code: 'conflict' })
  })

  it('refuses a bad signature, another secret, a changed body and a stale timestamp with 401', async () => {
    const body = JSON.stringify({ type: 'x' })
    const good = signWebhook(secret, body)
    const cases = [
      { ...good, 'webhook-signature': 'v1,AAAA' },
      signWebhook(generateWebhookSecret(), body),
      signWebhook(secret, JSON.stringify({ type: 'y' })),
      signWebhook(secret, body, { at: new Date(Date.now() - 10 * 60_000) }),
      { 'webhook-id': good['webhook-id'] },
    ]
    for (const headers of cases) {
      const err = await deliver(body, headers as Record<string, string>).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(AppError)
      expect((err as AppError).code).toBe('unauthenticated')
    }
    expect(await receipts(good['webhook-id'])).toEqual([])
  })

  it('keeps no receipt when the work fails, so the retry is accepted', async () => {
    const body = JSON.stringify({ type: 'funds.updated' })
    const headers = signWebhook(secret, body)
    await expect(
      deliver(body, headers, () => {
        throw new Error('processing failed')
      }),
    ).rejects.toThrow('processing failed')
    expect(await receipts(headers['webhook-id'])).toEqual([])
    expect(await deliver(body, headers)).toEqual({ type: 'funds.updated' })
  })
})
