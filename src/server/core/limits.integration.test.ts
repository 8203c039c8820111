/**
 * The action limits of core/limits.ts through the API, each past its ceiling (security battery of
 * December 2026, L2): webhook test events, redeliveries and token creation per owner; Confirmation of
 * Payee and title checks per move; new identity checks per person. Each refusal is 429 with
 * Retry-After and a message saying what to do; another owner or move is unaffected; an outsider's
 * attempts do not spend a move's checks.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { SANDBOX_ACCOUNT_NAME } from '#server/providers/client-money/sandbox-provider.ts'
import {
  IDENTITY_CHECK_START,
  PAYEE_CHECK,
  TITLE_CHECK,
  TOKEN_CREATE,
  WEBHOOK_REDELIVER,
  WEBHOOK_TEST,
  type ActionLimit,
} from './limits'

const t = useTestApp()

/** The smallest ceiling of a limit: the number of uses allowed before the first 429. */
const ceiling = (limit: ActionLimit) => Math.min(...limit.rules.map((r) => r.max))

async function status(res: Response): Promise<number> {
  await res.body?.cancel()
  return res.status
}

/** Expects a 429 with a Retry-After of at least a second and a message with when to try again. */
async function expectLimited(res: Response, words: RegExp) {
  const text = await res.text()
  expect(res.status, text).toBe(429)
  expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
  const body = JSON.parse(text) as { error: { code: string; message: string } }
  expect(body.error.code).toBe('rate_limited')
  expect(body.error.message).toMatch(words)
  expect(body.error.message).toMatch(/in \d+ (minute|hour)s?\.$/)
}

let buyer: TestUser
let seller: TestUser
let other: TestUser
let conveyancer: TestUser
let outsider: TestUser

beforeAll(async () => {
  ;[buyer, seller, other, conveyancer, outsider] = await Promise.all([
    t.signUp({ name: 'Mallory Buyer' }),
    t.signUp({ name: 'Sam Seller', role: 'seller' }),
    t.signUp({ name: 'Victor Buyer' }),
    t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    t.signUp({ name: 'Olive Outsider' }),
  ])
})

/** An endpoint of `owner`'s, written directly (registration's own rules are tested in api-access). */
async function endpointOf(owner: TestUser): Promise<string> {
  const [row] = await t.database.query<{ id: string }>(
    `insert into webhook_endpoints (url, event_types, secret_sealed, profile_id)
     values ('https://hooks.example.com/homeward', '{task.completed}', 'sealed', $1) returning id`,
    [owner.profileId],
  )
  return row.id
}

describe('per owner', () => {
  it('webhook test events: 429 past the ceiling, with Retry-After; another owner still sends', async () => {
    const mine = await endpointOf(buyer)
    const theirs = await endpointOf(other)
    for (let i = 0; i < ceiling(WEBHOOK_TEST); i++) {
      expect(await status(await t.request(`/api/webhook-endpoints/${mine}/test`, { as: buyer, method: 'POST' }))).toBe(
        202,
      )
    }
    await expectLimited(
      await t.request(`/api/webhook-endpoints/${mine}/test`, { as: buyer, method: 'POST' }),
      /many test events/,
    )
    // A second endpoint of the same owner shares the owner's count.
    const second = await endpointOf(buyer)
    expect(await status(await t.request(`/api/webhook-endpoints/${second}/test`, { as: buyer, method: 'POST' }))).toBe(
      429,
    )
    expect(await status(await t.request(`/api/webhook-endpoints/${theirs}/test`, { as: other, method: 'POST' }))).toBe(
      202,
    )
    const [queued] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from webhook_deliveries where endpoint_id = $1`,
      [mine],
    )
    expect(queued.n).toBe(ceiling(WEBHOOK_TEST))
  })

  it('redeliveries: 429 past the ceiling', async () => {
    const mine = await endpointOf(seller)
    const test = (await (
      await t.request(`/api/webhook-endpoints/${mine}/test`, { as: seller, method: 'POST' })
    ).json()) as { id: string }
    const again = () =>
      t.request(`/api/webhook-endpoints/${mine}/deliveries/${test.id}/redeliver`, { as: seller, method: 'POST' })
    for (let i = 0; i < ceiling(WEBHOOK_REDELIVER); i++) expect(await status(await again())).toBe(202)
    await expectLimited(await again(), /resent many deliveries/)
  })

  it('API tokens: 429 past the ceiling; nothing is created by the refused request', async () => {
    const make = (name: string) =>
      t.request('/api/api-tokens', {
        as: outsider,
        json: { name, scopes: ['transactions:read'], expires_in_days: 30 },
      })
    for (let i = 0; i < ceiling(TOKEN_CREATE); i++) expect(await status(await make(`token ${i}`))).toBe(201)
    await expectLimited(await make('one too many'), /many API tokens/)
    const [made] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from api_tokens where profile_id = $1`,
      [outsider.profileId],
    )
    expect(made.n).toBe(ceiling(TOKEN_CREATE))
  })
})

describe('per move', () => {
  it('Confirmation of Payee: 429 past the ceiling on the move; an outsider spends none of its checks; another move is unaffected', async () => {
    const [firm] = await t.database.query<{ id: string }>(
      `insert into organizations (name, type) values ('Shah Property Lawyers', 'law') returning id`,
    )
    await t.database.query(
      `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'admin')`,
      [firm.id, conveyancer.profileId],
    )
    const moveWithDeposit = async () => {
      const { transactionId } = await createTransaction(t.database, {
        buyerProfileId: buyer.profileId,
        sellerProfileId: seller.profileId,
      })
      await t.database.query(
        `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name) values ($1, $2, 'buyer', $3, 'Mallory Buyer')`,
        [firm.id, transactionId, conveyancer.profileId],
      )
      const set = await t.request(`/api/transactions/${transactionId}/deposit`, {
        as: conveyancer,
        method: 'PUT',
        json: { amount_pence: 25_000_00 },
      })
      expect(await status(set)).toBe(200)
      return transactionId
    }
    const txId = await moveWithDeposit()
    const check = (as: TestUser, id = txId) =>
      t.request(`/api/transactions/${id}/deposit/payee-check`, { as, json: { account_name: SANDBOX_ACCOUNT_NAME } })
    for (let i = 0; i < 5; i++) expect(await status(await check(outsider))).toBe(404)
    for (let i = 0; i < ceiling(PAYEE_CHECK); i++) expect(await status(await check(buyer))).toBe(200)
    await expectLimited(await check(buyer), /checked many times on this move/)
    expect(await status(await check(buyer, await moveWithDeposit()))).toBe(200)
  })

  it('title checks: 429 past the ceiling on the move, before HM Land Registry is asked', async () => {
    const { transactionId: txId } = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
      property: { addressLines: ['12 Clarence Road', 'St Albans'], postcode: 'AL1 4NG', titleNumber: null },
    })
    const run = () =>
      t.request(`/api/transactions/${txId}/title-checks`, { as: conveyancer, json: { title_number: 'HD412873' } })
    for (let i = 0; i < ceiling(TITLE_CHECK); i++) expect(await status(await run())).toBe(201)
    await expectLimited(await run(), /official copies of the register/)
    const [made] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from title_checks where transaction_id = $1`,
      [txId],
    )
    expect(made.n).toBe(ceiling(TITLE_CHECK))
  })
})

describe('per person', () => {
  it('identity checks: resuming is free; a new check past the ceiling is 429', async () => {
    const person = await t.signUp({ name: 'Ida Identity' })
    const start = () => t.request('/api/me/identity-check', { as: person, method: 'POST' })
    // Resuming the check in progress, many times, makes one check and counts nothing.
    for (let i = 0; i < 8; i++) expect(await status(await start())).toBe(201)
    await t.database.query(`update identity_checks set status = 'failed' where profile_id = $1`, [person.profileId])
    // One new check was made above; each failed check lets the person start another, up to the ceiling.
    for (let i = 1; i < ceiling(IDENTITY_CHECK_START); i++) {
      expect(await status(await start())).toBe(201)
      await t.database.query(`update identity_checks set status = 'failed' where profile_id = $1`, [person.profileId])
    }
    await expectLimited(await start(), /started several identity checks today/)
    const [made] = await t.database.query<{ n: number }>(
      `select count(*)::int as n from identity_checks where profile_id = $1`,
      [person.profileId],
    )
    expect(made.n).toBe(ceiling(IDENTITY_CHECK_START))
  })
})
