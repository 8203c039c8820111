/**
 * Deposits through the API on a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL), against
 * the sandbox client-money partner: the buyer's conveyancer opens the deposit; the buyer sees the
 * account number only after a Confirmation of Payee check; the sandbox transfer arrives as a signed
 * webhook (a bad signature 401, a replay 409); a release needs two different admins or fee earners at
 * the buyer's firm who joined it before the request (the same person twice 409, an assistant 403, a
 * member who joined after the request 403), every admin of the firm is told of each request, it pays once (a second release 409, twenty approvals at once pay
 * once, above what is held 422); a refund; the seller's side sees held yes/amount only. After every
 * scenario each move's ledger sums to zero, every entry balances, and no account is overdrawn.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { DepositResponse } from '#shared/contracts/deposits.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { signWebhook } from '#server/providers/webhooks/provider-webhooks.ts'
import { SANDBOX_ACCOUNT_NAME } from '#server/providers/client-money/sandbox-provider.ts'

const t = useTestApp()

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return JSON.parse(text) as T
}

let buyer: TestUser
let seller: TestUser
let priya: TestUser
let daniel: TestUser
let grace: TestUser
let hugo: TestUser
let alex: TestUser
let outsider: TestUser
let firmId: string

const PAYEE = {
  account_name: 'Whitfield and Co Solicitors Client Account',
  sort_code: '20-00-00',
  account_number: '55779911',
}
const url = (txId: string, suffix = '') => `/api/transactions/${txId}/deposit${suffix}`

beforeAll(async () => {
  ;[buyer, seller, priya, daniel, grace, hugo, alex, outsider] = await Promise.all([
    t.signUp({ name: 'Amelia Clarke' }),
    t.signUp({ name: 'Tom Whitfield', role: 'seller' }),
    t.signUp({ name: 'Priya Shah', role: 'conveyancer' }),
    t.signUp({ name: 'Daniel Mercer', role: 'conveyancer' }),
    t.signUp({ name: 'Grace Okafor', role: 'conveyancer' }),
    t.signUp({ name: 'Hugo Lane', role: 'conveyancer' }),
    t.signUp({ name: 'Alex Rowe', role: 'conveyancer' }),
    t.signUp({ name: 'Olly Outsider' }),
  ])
  const [firm] = await t.database.query<{ id: string }>(
    `insert into organizations (name, type) values ('Shah Mercer Property Lawyers', 'law') returning id`,
  )
  firmId = firm.id
  await t.database.query(
    `insert into organization_members (organization_id, profile_id, role)
     values ($1, $2, 'admin'), ($1, $3, 'fee_earner'), ($1, $4, 'assistant'), ($1, $5, 'fee_earner'), ($1, $6, 'admin')`,
    [firmId, priya.profileId, daniel.profileId, grace.profileId, hugo.profileId, alex.profileId],
  )
})

/** A move of the buyer and seller on which the firm acts for the buyer. */
async function newMove() {
  const move = await createTransaction(t.database, {
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    agreedPricePence: 525_000_00,
  })
  await t.database.query(
    `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name) values ($1, $2, 'buyer', $3, 'Amelia Clarke')`,
    [firmId, move.transactionId, priya.profileId],
  )
  return move.transactionId
}

/** Every move's ledger: all lines sum to zero, each entry balances, balances agree with the lines, none overdrawn. */
async function expectLedgersBalanced() {
  const db = t.database.db
  const total = await db.execute(sql`select coalesce(sum(amount_pence), 0)::text as s from ledger_lines`)
  expect(Number((total.rows[0] as { s: string }).s)).toBe(0)
  const perMove = await db.execute(sql`
    select e.transaction_id, sum(l.amount_pence)::text as s from ledger_lines l join ledger_entries e on e.id = l.entry_id
    group by e.transaction_id having sum(l.amount_pence) <> 0`)
  expect(perMove.rows).toEqual([])
  const perEntry = await db.execute(
    sql`select entry_id from ledger_lines group by entry_id having sum(amount_pence) <> 0 or count(*) < 2`,
  )
  expect(perEntry.rows).toEqual([])
  const drift = await db.execute(sql`
    select a.id from ledger_accounts a
    where a.balance_pence <> coalesce((select sum(amount_pence) from ledger_lines l where l.account_id = a.id), 0)
       or (a.code <> 'buyer_payments' and a.balance_pence < 0)`)
  expect(drift.rows).toEqual([])
}

/** Records the move's status and dates directly (the status change's own rules are tested with it). */
async function moveTo(txId: string, status: 'active' | 'exchange' | 'completed' | 'cancelled') {
  await t.database.query(
    `update transactions set status = $2,
       exchange_date = case when $2 in ('exchange', 'completed') then current_date - 7 end,
       completion_date = case when $2 = 'completed' then current_date - 1 end where id = $1`,
    [txId, status],
  )
}

/**
 * Opens the deposit, the buyer checks the payee and pays `pence` in the sandbox; the move then
 * completes (a release at completion may happen: decision 061) unless `status` says otherwise.
 */
async function heldMove(amount = 52_500_00, pay = amount, status: 'active' | 'exchange' | 'completed' = 'completed') {
  const txId = await newMove()
  await json(await t.request(url(txId), { as: priya, method: 'PUT', json: { amount_pence: amount } }), 200)
  await json(
    await t.request(url(txId, '/payee-check'), { as: buyer, json: { account_name: SANDBOX_ACCOUNT_NAME } }),
    200,
  )
  await json(await t.request(url(txId, '/sandbox-transfer'), { as: buyer, json: { amount_pence: pay } }), 202)
  await t.sandboxWebhooks.flush()
  if (status !== 'active') await moveTo(txId, status)
  return txId
}

const read = async (txId: string, as: TestUser) =>
  DepositResponse.parse(await json(await t.request(url(txId), { as }), 200))

const requestRelease = (txId: string, as: TestUser, amount = 52_500_00) =>
  t.request(url(txId, '/releases'), {
    as,
    json: { kind: 'release', stage: 'completion', amount_pence: amount, payee: PAYEE },
  })

describe('deposits', () => {
  it('opens a held-funds account and shows the buyer the account number only after a CoP match or close match', async () => {
    const txId = await newMove()
    const empty = await read(txId, buyer)
    expect(empty.deposit).toBeNull()
    expect((await t.request(url(txId), { as: buyer, method: 'PUT', json: { amount_pence: 100 } })).status).toBe(403)
    const set = DepositResponse.parse(
      await json(await t.request(url(txId), { as: priya, method: 'PUT', json: { amount_pence: 52_500_00 } }), 200),
    )
    expect(set.deposit).toMatchObject({ status: 'awaiting_funds', amount_pence: 52_500_00, set_by_name: 'Priya Shah' })
    expect(set.deposit!.instructions!.account_name).toBe(SANDBOX_ACCOUNT_NAME)
    expect(set.deposit!.instructions!.account_number).toMatch(/^\d{8}$/)

    const before = await read(txId, buyer)
    expect(before.deposit!.instructions).toBeNull()
    expect(before.can_simulate_transfer).toBe(true)
    // No payment before a check.
    expect((await t.request(url(txId, '/sandbox-transfer'), { as: buyer, json: {} })).status).toBe(422)

    const none = DepositResponse.parse(
      await json(
        await t.request(url(txId, '/payee-check'), { as: buyer, json: { account_name: 'J Smith Holdings' } }),
        200,
      ),
    )
    expect(none.deposit!.payee_check).toMatchObject({ result: 'no_match', registered_name: null })
    expect(none.deposit!.instructions).toBeNull()

    const close = DepositResponse.parse(
      await json(
        await t.request(url(txId, '/payee-check'), { as: buyer, json: { account_name: 'Sandbox Escrow' } }),
        200,
      ),
    )
    expect(close.deposit!.payee_check).toMatchObject({ result: 'close_match', registered_name: SANDBOX_ACCOUNT_NAME })
    expect(close.deposit!.instructions).toEqual(set.deposit!.instructions)

    const match = DepositResponse.parse(
      await json(
        await t.request(url(txId, '/payee-check'), {
          as: buyer,
          json: { account_name: 'sandbox escrow client account' },
        }),
        200,
      ),
    )
    expect(match.deposit!.payee_check!.result).toBe('match')
    // The buyer never sees the ledger; the firm does.
    expect(match.deposit!.ledger).toBeNull()
    expect((await read(txId, priya)).deposit!.ledger).not.toBeNull()
    await expectLedgersBalanced()
  })

  it('the seller side sees held yes/amount only, never the instructions; an outsider gets 404', async () => {
    const txId = await heldMove()
    const view = await read(txId, seller)
    expect(view.view).toBe('summary')
    expect(view.deposit).toBeNull()
    expect(view.summary).toEqual({ status: 'held', held: true, held_pence: 52_500_00 })
    expect(JSON.stringify(view)).not.toContain('account_number')
    expect((await t.request(url(txId, '/payee-check'), { as: seller, json: { account_name: 'x y' } })).status).toBe(404)
    expect((await requestRelease(txId, seller)).status).toBe(404)
    expect((await t.request(url(txId), { as: outsider })).status).toBe(404)
    await expectLedgersBalanced()
  })

  it('receives funds by a signed webhook; a bad signature is 401 and a replay 409, posting nothing', async () => {
    const txId = await newMove()
    await json(await t.request(url(txId), { as: priya, method: 'PUT', json: { amount_pence: 40_000_00 } }), 200)
    const [{ partner_account_id: account }] = await t.database.query<{ partner_account_id: string }>(
      'select partner_account_id from deposits where transaction_id = $1',
      [txId],
    )
    const body = JSON.stringify({
      type: 'funds.received',
      account_id: account,
      payment_id: `pay_${txId}`,
      amount_pence: 15_000_00,
      payer_name: 'Amelia Clarke',
    })
    const post = (headers: Record<string, string>) =>
      t.request('/api/webhooks/client-money', {
        method: 'POST',
        body,
        headers: { 'content-type': 'application/json', ...headers },
      })
    const bad = signWebhook(`whsec_${Buffer.alloc(32, 9).toString('base64')}`, body)
    expect((await post(bad)).status).toBe(401)
    const good = signWebhook(t.config.providerWebhookSecret, body)
    expect((await post(good)).status).toBe(200)
    expect((await post(good)).status).toBe(409)
    // The same payment in another delivery posts nothing more.
    expect((await post(signWebhook(t.config.providerWebhookSecret, body))).status).toBe(200)
    const view = await read(txId, priya)
    expect(view.deposit).toMatchObject({ status: 'part_received', received_pence: 15_000_00, held_pence: 15_000_00 })
    expect(view.deposit!.ledger!.entries).toHaveLength(1)
    expect(view.deposit!.ledger!.entries[0]!.lines).toEqual([
      { account: 'held_for_buyer', amount_pence: 15_000_00 },
      { account: 'buyer_payments', amount_pence: -15_000_00 },
    ])
    // The amount is fixed once money has arrived.
    expect((await t.request(url(txId), { as: priya, method: 'PUT', json: { amount_pence: 1 } })).status).toBe(409)
    await expectLedgersBalanced()
  })

  it('releases on the second approval by another person at the firm; the same person twice is 409; never twice', async () => {
    const txId = await heldMove()
    expect((await read(txId, buyer)).deposit!.status).toBe('held')
    // The buyer cannot ask; above what is held is 422.
    expect((await requestRelease(txId, buyer)).status).toBe(403)
    const tooMuch = await requestRelease(txId, priya, 52_500_01)
    expect(tooMuch.status).toBe(422)
    expect(await tooMuch.text()).toContain('Only £52,500.00 is held')

    const asked = DepositResponse.parse(await json(await requestRelease(txId, priya), 201))
    const release = asked.deposit!.releases[0]!
    expect(release).toMatchObject({ status: 'pending', stage: 'completion', requested_by_name: 'Priya Shah' })
    expect(release.approvals.map((a) => a.approver_name)).toEqual(['Priya Shah'])
    expect((await requestRelease(txId, daniel)).status).toBe(409)

    const twice = await t.request(url(txId, `/releases/${release.id}/approve`), { as: priya, method: 'POST' })
    expect(twice.status).toBe(409)
    expect(await twice.text()).toContain('A second person at your firm must approve it')
    expect((await read(txId, priya)).deposit!.held_pence).toBe(52_500_00)

    const done = DepositResponse.parse(
      await json(await t.request(url(txId, `/releases/${release.id}/approve`), { as: daniel, method: 'POST' }), 200),
    )
    expect(done.deposit).toMatchObject({ status: 'released', held_pence: 0, released_pence: 52_500_00 })
    expect(done.deposit!.releases[0]!.approvals.map((a) => a.approver_name)).toEqual(['Priya Shah', 'Daniel Mercer'])
    expect((await t.request(url(txId, `/releases/${release.id}/approve`), { as: grace, method: 'POST' })).status).toBe(
      409,
    )
    const again = await requestRelease(txId, priya)
    expect(again.status).toBe(409)
    expect(await again.text()).toContain('already released')

    const kinds = await t.database.query<{ kind: string }>(
      `select kind from activity_events where transaction_id = $1 and kind like 'deposit.%' order by seq`,
      [txId],
    )
    expect(kinds.map((k) => k.kind)).toEqual([
      'deposit.opened',
      'deposit.payee_checked',
      'deposit.funds_received',
      'deposit.release_requested',
      'deposit.release_approved',
      'deposit.released',
    ])
    expect((await read(txId, seller)).summary).toEqual({ status: 'released', held: false, held_pence: 0 })
    await expectLedgersBalanced()
  })

  it('releases at exchange only once exchange is recorded, at completion only at completion, and never after rescission', async () => {
    const txId = await heldMove(52_500_00, 52_500_00, 'active')
    const ask = (stage: 'exchange' | 'completion') =>
      t.request(url(txId, '/releases'), {
        as: priya,
        json: { kind: 'release', stage, amount_pence: 52_500_00, payee: PAYEE },
      })
    const refused = async (res: Response, message: string) => {
      const body = await json<{ error: { code: string; message: string } }>(res, 409)
      expect(body.error).toMatchObject({ code: 'conflict', message })
    }
    await refused(
      await ask('exchange'),
      'The deposit can be released at exchange only once exchange is recorded, and this move is active. A conveyancer records exchange on the move first; then ask for the release again.',
    )
    await refused(
      await ask('completion'),
      'The deposit can be released at completion only once completion is recorded, and this move is active. A conveyancer records completion on the move on the day it happens; then ask for the release again.',
    )
    await moveTo(txId, 'exchange')
    await refused(
      await ask('completion'),
      'The deposit can be released at completion only once completion is recorded, and this move is exchanged. A conveyancer records completion on the move on the day it happens; then ask for the release again.',
    )
    expect(
      await t.database.query(
        `select 1 from deposit_releases r join deposits d on d.id = r.deposit_id where d.transaction_id = $1`,
        [txId],
      ),
    ).toHaveLength(0)
    // At exchange it may be asked; the contract then rescinded, the second approval is refused too.
    const asked = DepositResponse.parse(await json(await ask('exchange'), 201))
    await moveTo(txId, 'cancelled')
    await refused(
      await t.request(url(txId, `/releases/${asked.deposit!.releases[0]!.id}/approve`), { as: daniel, method: 'POST' }),
      'This move was cancelled, so the deposit is not released to the seller’s conveyancer. Refund it to the buyer instead.',
    )
    expect((await read(txId, priya)).deposit).toMatchObject({ status: 'held', held_pence: 52_500_00 })
    await expectLedgersBalanced()
  })

  it('twenty approvals at once release once', async () => {
    const txId = await heldMove()
    const asked = DepositResponse.parse(await json(await requestRelease(txId, priya), 201))
    const id = asked.deposit!.releases[0]!.id
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.request(url(txId, `/releases/${id}/approve`), { as: i % 2 ? hugo : daniel, method: 'POST' }),
      ),
    )
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(1)
    expect(statuses.filter((s) => s === 409)).toHaveLength(19)
    const view = await read(txId, priya)
    expect(view.deposit).toMatchObject({ status: 'released', held_pence: 0, released_pence: 52_500_00 })
    expect(view.deposit!.ledger!.entries.filter((e) => e.kind === 'release')).toHaveLength(1)
    await expectLedgersBalanced()
  })

  it('twenty release requests at once make one request; a part release, then a refund of the rest', async () => {
    const txId = await heldMove(50_000_00)
    const asks = await Promise.all(Array.from({ length: 20 }, () => requestRelease(txId, daniel, 30_000_00)))
    expect(asks.filter((r) => r.status === 201)).toHaveLength(1)
    expect(asks.filter((r) => r.status === 409)).toHaveLength(19)
    const [release] = (await read(txId, priya)).deposit!.releases
    await json(await t.request(url(txId, `/releases/${release!.id}/approve`), { as: hugo, method: 'POST' }), 200)
    // Above the £200 left is 422; a refund of the rest needs two people too.
    expect(
      (await t.request(url(txId, '/releases'), { as: priya, json: { kind: 'refund', amount_pence: 20_000_01 } }))
        .status,
    ).toBe(422)
    const refund = DepositResponse.parse(
      await json(
        await t.request(url(txId, '/releases'), { as: priya, json: { kind: 'refund', amount_pence: 20_000_00 } }),
        201,
      ),
    )
    const refundId = refund.deposit!.releases.find((r) => r.kind === 'refund')!.id
    const done = DepositResponse.parse(
      await json(await t.request(url(txId, `/releases/${refundId}/approve`), { as: daniel, method: 'POST' }), 200),
    )
    expect(done.deposit).toMatchObject({
      status: 'released',
      held_pence: 0,
      released_pence: 30_000_00,
      refunded_pence: 20_000_00,
    })
    expect(done.deposit!.ledger!.accounts).toEqual([
      { code: 'buyer_payments', balance_pence: -50_000_00 },
      { code: 'held_for_buyer', balance_pence: 0 },
      { code: 'released_to_seller', balance_pence: 30_000_00 },
      { code: 'refunded', balance_pence: 20_000_00 },
    ])
    await expectLedgersBalanced()
  })

  it('a cancelled request cannot be approved', async () => {
    const txId = await heldMove()
    const asked = DepositResponse.parse(await json(await requestRelease(txId, priya), 201))
    const id = asked.deposit!.releases[0]!.id
    await json(await t.request(url(txId, `/releases/${id}/cancel`), { as: daniel, method: 'POST' }), 200)
    expect((await t.request(url(txId, `/releases/${id}/approve`), { as: daniel, method: 'POST' })).status).toBe(409)
    expect((await read(txId, priya)).deposit!.held_pence).toBe(52_500_00)
    await expectLedgersBalanced()
  })

  it('tells every admin of the firm of each request, and no one else', async () => {
    const txId = await heldMove()
    const told = async () =>
      (
        await t.database.query<{ profile_id: string; title: string; link: string }>(
          `select profile_id, title, link from notifications where transaction_id = $1 and kind = 'deposit_release'`,
          [txId],
        )
      ).sort((a, b) => a.profile_id.localeCompare(b.profile_id))
    // A fee earner asks: both admins are told; the fee earner, the assistant and the other fee earner are not.
    const asked = DepositResponse.parse(await json(await requestRelease(txId, daniel, 10_000_00), 201))
    const first = await told()
    expect(first.map((n) => n.profile_id).sort()).toEqual([priya.profileId, alex.profileId].sort())
    expect(first[0]!.title).toBe(
      'Daniel Mercer asked to release £10,000.00 of a deposit Shah Mercer Property Lawyers holds',
    )
    expect(first[0]!.link).toBe(`/app/transactions/${txId}/deposit`)
    await json(
      await t.request(url(txId, `/releases/${asked.deposit!.releases[0]!.id}/cancel`), { as: daniel, method: 'POST' }),
      200,
    )
    // An admin asks: the other admin is told (not the one asking).
    await json(await requestRelease(txId, priya, 10_000_00), 201)
    const second = await told()
    expect(second.filter((n) => n.profile_id === alex.profileId)).toHaveLength(2)
    expect(second.filter((n) => n.profile_id === priya.profileId)).toHaveLength(1)
    expect(second).toHaveLength(3)
  })

  it('an assistant neither asks for nor approves a release; the answer says why', async () => {
    const txId = await heldMove()
    const ask = await requestRelease(txId, grace)
    expect(ask.status).toBe(403)
    const refusal =
      'Only an admin or a fee earner of Shah Mercer Property Lawyers asks for or approves a release of this deposit; an assistant cannot.'
    expect((await ask.json()).error.message).toBe(refusal)
    const asked = DepositResponse.parse(await json(await requestRelease(txId, priya), 201))
    expect((await read(txId, grace)).can_approve).toBe(false)
    const approve = await t.request(url(txId, `/releases/${asked.deposit!.releases[0]!.id}/approve`), {
      as: grace,
      method: 'POST',
    })
    expect(approve.status).toBe(403)
    expect((await approve.json()).error.message).toBe(refusal)
    expect((await read(txId, priya)).deposit).toMatchObject({ status: 'held', held_pence: 52_500_00 })
    await expectLedgersBalanced()
  })

  it('a member who joined after the request cannot approve it; the requester cannot be the second pair of eyes; two who were there can', async () => {
    const txId = await heldMove()
    const asked = DepositResponse.parse(await json(await requestRelease(txId, priya), 201))
    const id = asked.deposit!.releases[0]!.id
    // Carol joins the firm as a fee earner after the request (the review's reproduction: a colleague added for the purpose).
    const carol = await t.signUp({ name: 'Carol Fresh', role: 'conveyancer' })
    await t.database.query(
      `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'fee_earner')`,
      [firmId, carol.profileId],
    )
    expect((await read(txId, carol)).can_approve).toBe(false)
    const late = await t.request(url(txId, `/releases/${id}/approve`), { as: carol, method: 'POST' })
    expect(late.status).toBe(403)
    expect((await late.json()).error.message).toBe(
      'You joined Shah Mercer Property Lawyers after this release was requested, so you cannot approve it. An admin or a fee earner who was at the firm before the request must approve it.',
    )
    const self = await t.request(url(txId, `/releases/${id}/approve`), { as: priya, method: 'POST' })
    expect(self.status).toBe(409)
    expect((await read(txId, priya)).deposit).toMatchObject({ status: 'held', held_pence: 52_500_00 })
    // A fee earner who was a member before the request is the second pair of eyes: paid.
    expect((await read(txId, hugo)).can_approve).toBe(true)
    const done = DepositResponse.parse(
      await json(await t.request(url(txId, `/releases/${id}/approve`), { as: hugo, method: 'POST' }), 200),
    )
    expect(done.deposit).toMatchObject({ status: 'released', held_pence: 0 })
    expect(done.deposit!.releases[0]!.approvals.map((a) => a.approver_name)).toEqual(['Priya Shah', 'Hugo Lane'])
    await t.database.query(`update organization_members set removed_at = now() where profile_id = $1`, [
      carol.profileId,
    ])
    await expectLedgersBalanced()
  })

  it('the database itself refuses an unbalanced posting, an overdraft and a changed line', async () => {
    const txId = await heldMove(10_000)
    const db = t.database.db
    const accounts = await db.execute(sql`select id, code from ledger_accounts where transaction_id = ${txId}`)
    const id = (code: string) => (accounts.rows as { id: string; code: string }[]).find((a) => a.code === code)!.id
    const post = (lines: [string, number][]) =>
      db.transaction(async (tx) => {
        const e = await tx.execute(
          sql`insert into ledger_entries (transaction_id, kind, description) values (${txId}, 'release', 'test') returning id`,
        )
        const entryId = (e.rows[0] as { id: string }).id
        for (const [code, pence] of lines)
          await tx.execute(
            sql`insert into ledger_lines (entry_id, account_id, amount_pence) values (${entryId}, ${id(code)}, ${pence})`,
          )
      })
    await expect(
      post([
        ['released_to_seller', 100],
        ['held_for_buyer', -99],
      ]),
    ).rejects.toThrow()
    await expect(
      post([
        ['released_to_seller', 10_001],
        ['held_for_buyer', -10_001],
      ]),
    ).rejects.toThrow()
    await expect(db.execute(sql`update ledger_lines set amount_pence = amount_pence * 2`)).rejects.toThrow()
    expect((await read(txId, priya)).deposit!.held_pence).toBe(10_000)
    await expectLedgersBalanced()
  })

  it('a balance moves only by posting lines, whoever asks (migration 0045)', async () => {
    const txId = await heldMove(10_000)
    await expect(
      t.database.query(
        `update ledger_accounts set balance_pence = balance_pence + 100000000 where transaction_id = $1 and code = 'held_for_buyer'`,
        [txId],
      ),
    ).rejects.toThrow(/moves only by posting lines/)
    expect((await read(txId, priya)).deposit!.held_pence).toBe(10_000)
  })

  it.runIf(process.env.TEST_DATABASE_URL)(
    "the app's role may not rewrite or delete the ledger, approvals or a release's payee (PostgreSQL)",
    async () => {
      const txId = await heldMove(10_000)
      const asked = DepositResponse.parse(await json(await requestRelease(txId, priya, 10_000), 201))
      const releaseId = asked.deposit!.releases[0]!.id
      const app = t.appDatabase
      // Each in its own rolled-back transaction: a refusal must come from the privileges, not a trigger.
      const refused = async (statement: string) => {
        const err = await app.db
          .transaction(async (tx) => {
            await tx.execute(sql.raw(statement))
            throw new Error(`allowed: ${statement}`)
          })
          .then(
            () => null,
            (e: unknown) => e,
          )
        const cause = (err as { cause?: { code?: string } })?.cause ?? err
        expect((cause as { code?: string })?.code, `${statement}: ${String(err)}`).toBe('42501')
        expect(String((cause as { message?: string }).message), statement).toMatch(/permission denied/)
      }
      for (const table of [
        'ledger_lines',
        'ledger_entries',
        'ledger_accounts',
        'deposit_approvals',
        'deposit_releases',
      ]) {
        await refused(`delete from ${table}`)
        await refused(`truncate ${table} cascade`)
      }
      await refused(`update ledger_accounts set balance_pence = balance_pence + 100000000`)
      await refused(`update ledger_entries set posted_at = now() - interval '1 year'`)
      await refused(`update ledger_lines set amount_pence = amount_pence`)
      await refused(`update deposit_approvals set approved_at = now()`)
      await refused(`update deposit_releases set payee_account_number = '00000000' where id = '${releaseId}'`)
      await refused(`update deposit_releases set amount_pence = 1 where id = '${releaseId}'`)
      // What the app does do still works: a second approval executes the release (status, executed_at).
      const done = DepositResponse.parse(
        await json(await t.request(url(txId, `/releases/${releaseId}/approve`), { as: daniel, method: 'POST' }), 200),
      )
      expect(done.deposit!.releases[0]!.status).toBe('executed')
      await expectLedgersBalanced()
    },
  )
})
