/**
 * The Pro gate over every Pro router (core/entitlement.ts createProRouter; decision 049; security
 * battery 2026-12, L3): a table test over every endpoint a Pro router gates, so an endpoint added to a
 * Pro tool is tested without being listed here. A lapsed agency gets the same 402 on each, before its
 * input is read; a professional with no firm has a trial from sign-up and then the same gate; a
 * consumer is not gated (the tools refuse them themselves).
 */
import { randomUUID } from 'node:crypto'
import { beforeAll, describe, expect, it } from 'vitest'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { proGatedEndpoints } from './entitlement'

const t = useTestApp()

/** The API path of a catalogue path, every parameter a fresh id (the gate answers before params are read). */
const apiPath = (path: string) => `/api${path.replace(/\{[^}]+\}/g, () => randomUUID())}`

/** Calls a gated endpoint as `as`, with an empty body for writes. */
function call(endpoint: { method: string; path: string }, as: TestUser) {
  const method = endpoint.method.toUpperCase()
  return t.request(apiPath(endpoint.path), { as, method, ...(method === 'GET' ? {} : { json: {} }) })
}

async function errorOf(res: Response): Promise<{ status: number; code?: string; message?: string }> {
  const text = await res.text()
  const body = (text ? JSON.parse(text) : {}) as { error?: { code: string; message: string } }
  return { status: res.status, code: body.error?.code, message: body.error?.message }
}

let lapsedAdmin: TestUser
let lapsedMember: TestUser
let firmless: TestUser

beforeAll(async () => {
  ;[lapsedAdmin, lapsedMember, firmless] = await Promise.all([
    t.signUp({ name: 'Jordan Hale', role: 'agent' }),
    t.signUp({ name: 'Sam Surveyor', role: 'surveyor' }),
    t.signUp({ name: 'Faye Firmless', role: 'agent' }),
  ])
  // Hale Estates joined 60 days ago and never subscribed: its 30-day trial has ended.
  const [firm] = await t.database.query<{ id: string }>(
    `insert into organizations (name, type) values ('Hale Estates', 'agent') returning id`,
  )
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role, joined_at)
     values ($1, $2, 'admin', now() - interval '60 days'), ($1, $3, 'fee_earner', now() - interval '59 days')`,
    [firm.id, lapsedAdmin.profileId, lapsedMember.profileId],
  )
})

describe('the Pro gate', () => {
  it('covers every Pro tool: the sales portfolio (all of it), the calendar, enquiry templates and SLA', () => {
    const gated = proGatedEndpoints().map((e) => `${e.method.toUpperCase()} ${e.path} (${e.tool})`)
    expect(gated).toEqual(
      expect.arrayContaining([
        'GET /portfolio (The sales portfolio)',
        'GET /portfolio/sales/{txId}/weekly-update (The sales portfolio)',
        'POST /portfolio/sales/{txId}/weekly-update (The sales portfolio)',
        'POST /portfolio/sales/{txId}/memorandum (The sales portfolio)',
        "GET /schedule (The surveyor's calendar)",
        'GET /transactions/{txId}/sla-clocks (SLA clocks)',
      ]),
    )
    expect(gated.length).toBeGreaterThanOrEqual(13)
  })

  it('refuses a lapsed agency on every gated endpoint with the same 402, before reading the input', async () => {
    for (const endpoint of proGatedEndpoints()) {
      for (const as of [lapsedAdmin, lapsedMember]) {
        const answer = await errorOf(await call(endpoint, as))
        const where = `${endpoint.method} ${endpoint.path}`
        expect(answer.status, where).toBe(402)
        expect(answer.code, where).toBe('payment_required')
        expect(answer.message, where).toBe(
          `${endpoint.tool} is part of Homeward Pro. Hale Estates's free trial ended on ${answer.message?.match(/ended on (\d{1,2} \w+ \d{4})/)?.[1]}. ${
            as === lapsedAdmin ? 'Subscribe' : 'Ask an admin of your firm to subscribe'
          } on the billing page (/app/firm/billing); your firm's data is kept.`,
        )
      }
    }
  })

  it('gives a professional with no firm a trial from sign-up, then the same gate with a way out', async () => {
    const portfolio = proGatedEndpoints().find((e) => e.path === '/portfolio')!
    expect((await call(portfolio, firmless)).status).toBe(200)
    await t.database.query(`update profiles set created_at = now() - interval '31 days' where id = $1`, [
      firmless.profileId,
    ])
    for (const endpoint of proGatedEndpoints()) {
      const answer = await errorOf(await call(endpoint, firmless))
      expect(answer.status, `${endpoint.method} ${endpoint.path}`).toBe(402)
      expect(answer.message).toMatch(
        new RegExp(
          `^${endpoint.tool.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} is part of Homeward Pro\\. Your free trial ended on \\d{1,2} \\w+ \\d{4}\\. Set up your firm on the firm page \\(/app/firm\\)`,
        ),
      )
    }
  })

  it('does not gate a consumer: the tools answer them as before', async () => {
    const buyer = await t.signUp({ name: 'Bea Buyer' })
    await t.database.query(`update profiles set created_at = now() - interval '400 days' where id = $1`, [
      buyer.profileId,
    ])
    for (const endpoint of proGatedEndpoints()) {
      const res = await call(endpoint, buyer)
      await res.body?.cancel()
      expect(res.status, `${endpoint.method} ${endpoint.path}`).not.toBe(402)
    }
  })
})
