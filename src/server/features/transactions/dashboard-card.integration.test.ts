/**
 * The dashboard reads each move's property, stages and participants from transaction_cards, which
 * triggers keep (migration 0042, docs/decisions/039-dashboard-card-json.md). After every kind of
 * write to a source (a task ticked through the API, a stage blocked, a participant added, changed and
 * removed, the property edited and deleted, stages added and removed, the move cancelled, archived,
 * made, deleted), the dashboard must be byte-for-byte what the former statement builds on the spot.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { selfTickingRule } from '#shared/domain/self-ticking-tasks.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { DASHBOARD_SQL } from './list-dashboard'
import { CARDLESS_DASHBOARD_SQL as LIVE_DASHBOARD_SQL } from '#server/test/cardless-dashboard-sql.ts'

const t = useTestApp()

let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let surveyor: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  surveyor = await t.signUp({ role: 'surveyor', name: 'Sue Surveyor' })
})

/** The statement's one value: the dashboard's JSON text. */
async function statementText(sql: string, profileId: string): Promise<string> {
  const [row] = await t.database.query<Record<string, string>>(sql, [profileId])
  return Object.values(row)[0]
}

/** Each viewer's dashboard over HTTP, the stored statement's text and the on-the-spot text agree exactly. */
async function expectFresh(viewers: TestUser[] = [buyer, seller, conveyancer, surveyor]) {
  for (const viewer of viewers) {
    const live = await statementText(LIVE_DASHBOARD_SQL, viewer.profileId)
    expect(await statementText(DASHBOARD_SQL, viewer.profileId)).toBe(live)
    const res = await t.request('/api/transactions', { as: viewer })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(live)
  }
  const [{ stale }] = await t.database.query<{ stale: number }>(
    `select count(*)::int as stale from transactions t left join transaction_cards c on c.transaction_id = t.id
     where c.property::text is distinct from homeward_card_property(t.id)::text
        or coalesce(c.timeline_stages, '[]')::text is distinct from homeward_card_timeline_stages(t.id)::text
        or coalesce(c.transaction_participants, '[]')::text is distinct from homeward_card_participants(t.id)::text`,
  )
  expect(stale).toBe(0)
}

async function newMove() {
  const inserted = await createTransaction(t.database, {
    status: 'active',
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
    property: { addressLines: ['12 "Quoted" Lane', 'Flat 2\\B', 'Ünïcode Row'], postcode: 'AL3 5AF' },
  })
  return inserted.transactionId
}

async function detailOf(txId: string, as: TestUser): Promise<TransactionDetail> {
  const res = await t.request(`/api/transactions/${txId}`, { as })
  expect(res.status).toBe(200)
  return TransactionDetail.parse(await res.json())
}

describe('the dashboard card stays current', () => {
  it('after tasks are ticked and unticked and a stage is blocked and cleared through the API', async () => {
    const txId = await newMove()
    await expectFresh()
    let detail = await detailOf(txId, buyer)
    const task = detail.timeline_stages
      .flatMap((s) => s.tasks)
      .find((k) => k.owner_side === 'buyer_side' && !selfTickingRule(k.title))!
    const before = await statementText(DASHBOARD_SQL, buyer.profileId)
    const ticked = await t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
      method: 'PATCH',
      json: { status: 'completed', version: task.version },
      as: buyer,
    })
    expect(ticked.status).toBe(200)
    expect(await statementText(DASHBOARD_SQL, buyer.profileId)).not.toBe(before)
    await expectFresh()
    detail = TransactionDetail.parse(await ticked.json())
    const again = detail.timeline_stages.flatMap((s) => s.tasks).find((k) => k.id === task.id)!
    const unticked = await t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
      method: 'PATCH',
      json: { status: 'not_completed', version: again.version },
      as: buyer,
    })
    expect(unticked.status).toBe(200)
    await expectFresh()
    detail = await detailOf(txId, conveyancer)
    const stage = detail.timeline_stages[1]
    const blocked = await t.request(`/api/transactions/${txId}/stages/${stage.id}`, {
      method: 'PATCH',
      json: { blocked_reason: 'Waiting for searches', version: stage.version },
      as: conveyancer,
    })
    expect(blocked.status).toBe(200)
    expect(await statementText(DASHBOARD_SQL, buyer.profileId)).toContain('"blocked"')
    await expectFresh()
  })

  it('after participants are added, changed and removed, and their profile deleted', async () => {
    const txId = await newMove()
    const guest = await t.signUp({ role: 'surveyor', name: 'Gus Guest' })
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role) values ($1, $2, 'surveyor'), ($1, $3, 'mortgage_broker')`,
      [txId, surveyor.profileId, guest.profileId],
    )
    await expectFresh([buyer, surveyor, guest])
    await t.database.query(
      `update transaction_participants set role = 'seller_conveyancer' where transaction_id = $1 and user_id = $2`,
      [txId, guest.profileId],
    )
    await expectFresh([buyer, surveyor, guest])
    await t.database.query(
      `update transaction_participants set created_at = created_at - interval '1 year' where transaction_id = $1 and user_id = $2`,
      [txId, surveyor.profileId],
    )
    await expectFresh([buyer, surveyor, guest])
    await t.database.query(`delete from transaction_participants where transaction_id = $1 and user_id = $2`, [
      txId,
      surveyor.profileId,
    ])
    await expectFresh([buyer, surveyor, guest])
    await t.database.query(`delete from profiles where id = $1`, [guest.profileId])
    await expectFresh([buyer, surveyor])
  })

  it('after the property is edited, moved, deleted and added again, and stages added and removed', async () => {
    const txId = await newMove()
    const other = await newMove()
    await t.database.query(
      `update properties set address_lines = array['1 New Street', 'Luton'], postcode = 'LU1 1AA' where transaction_id = $1`,
      [txId],
    )
    await expectFresh([buyer])
    await t.database.query(`update properties set uprn = '100080123456' where transaction_id = $1`, [txId])
    await expectFresh([buyer])
    await t.database.query(`delete from properties where transaction_id = $1`, [other])
    await t.database.query(`update properties set transaction_id = $2 where transaction_id = $1`, [txId, other])
    await expectFresh([buyer])
    await t.database.query(
      `insert into properties (transaction_id, address_lines, postcode) values ($1, array['9 Back Lane'], 'AL1 1AA')`,
      [txId],
    )
    await expectFresh([buyer])
    await t.database.query(`delete from properties where transaction_id = $1`, [txId])
    await expectFresh([buyer])
    await t.database.query(
      `insert into timeline_stages (transaction_id, stage_name, sort_index, status, percent_complete) values ($1, 'Extra', 99, 'in_progress', 33)`,
      [txId],
    )
    await expectFresh([buyer])
    await t.database.query(
      `update timeline_stages set sort_index = -1 where transaction_id = $1 and stage_name = 'Extra'`,
      [txId],
    )
    await expectFresh([buyer])
    await t.database.query(`delete from timeline_stages where transaction_id = $1`, [txId])
    await expectFresh([buyer])
  })

  it('after a move is made through the API, cancelled and archived, and another deleted', async () => {
    const created = await t.request('/api/transactions', {
      json: {
        address_line_1: '3 Mill Lane',
        town: 'St Albans',
        postcode: 'AL3 4HG',
        role: 'buyer',
        agreed_price: 425000,
        tenure: 'freehold',
      },
      as: buyer,
    })
    expect(created.status).toBe(201)
    await expectFresh([buyer])
    const txId = await newMove()
    const { version } = await detailOf(txId, buyer)
    const cancelled = await t.request(`/api/transactions/${txId}/status`, {
      json: { action: 'cancel', version, reason: 'Chain collapsed' },
      as: conveyancer,
    })
    expect(cancelled.status).toBe(200)
    await expectFresh()
    const archived = await t.request(`/api/transactions/${txId}/archive`, { json: { archived: true }, as: buyer })
    expect(archived.status).toBe(200)
    await expectFresh()
    const gone = await newMove()
    await expectFresh()
    await t.database.query(`delete from transactions where id = $1`, [gone])
    expect(await t.database.query(`select 1 from transaction_cards where transaction_id = $1`, [gone])).toEqual([])
    await expectFresh()
  })
})
