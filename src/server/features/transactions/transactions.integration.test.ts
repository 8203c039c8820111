/** The dashboard and detail reads: shapes per the shared contracts, ordering, and bad input. */
import { describe, expect, it } from 'vitest'
import { DashboardResponse, TransactionDetail } from '#shared/contracts/transactions.ts'
import { overallProgress } from '#shared/domain/progress.ts'
import { createTransaction } from '#server/test/factories.ts'
import { useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()

describe('GET /api/transactions', () => {
  it('lists the viewer’s transactions newest first with property, stages and participants', async () => {
    const buyer = await t.signUp({ role: 'buyer' })
    const older = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      createdAt: new Date('2026-01-10T10:00:00Z'),
    })
    const newer = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      createdAt: new Date('2026-03-02T10:00:00Z'),
      property: { addressLines: ['47 Park Road', 'Harpenden'], postcode: 'AL3 5AF' },
    })
    const body = DashboardResponse.parse(await (await t.request('/api/transactions', { as: buyer })).json())
    expect(body.transactions.map((x) => x.id)).toEqual([newer.transactionId, older.transactionId])
    const first = body.transactions[0]
    expect(first.property).toEqual({ address_lines: ['47 Park Road', 'Harpenden'], postcode: 'AL3 5AF' })
    expect(first.timeline_stages.length).toBe(newer.stageIds.length)
    expect(first.transaction_participants).toEqual([{ user_id: buyer.profileId, role: 'buyer' }])
    expect(overallProgress(first.timeline_stages)).toBeGreaterThanOrEqual(0)
  })

  it('returns an empty list for someone with no transactions', async () => {
    const user = await t.signUp()
    const body = DashboardResponse.parse(await (await t.request('/api/transactions', { as: user })).json())
    expect(body.transactions).toEqual([])
  })

  it('marks personal responses no-store', async () => {
    const user = await t.signUp()
    const res = await t.request('/api/transactions', { as: user })
    expect(res.headers.get('cache-control')).toBe('no-store')
  })
})

describe('GET /api/transactions/{txId}', () => {
  it('returns stages and tasks by sort_index, participants with profile and organization, and messages with author', async () => {
    const buyer = await t.signUp({ role: 'buyer', name: 'Amelia Clarke' })
    const conveyancer = await t.signUp({ role: 'conveyancer', name: 'Priya Shah' })
    const [org] = await t.database.query<{ id: string }>(
      `insert into organizations (name, type, accreditation_tier) values ('Shah & Co Conveyancing', 'law', 'gold') returning id`,
    )
    const inserted = await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      participants: [
        {
          profileId: conveyancer.profileId,
          role: 'buyer_conveyancer',
          organizationId: org.id,
          invitedBy: buyer.profileId,
        },
      ],
      property: { addressLines: ['47 Park Road', 'Harpenden'], postcode: 'AL3 5AF', uprn: '100080123456' },
    })
    await t.database.query(
      `insert into messages (transaction_id, thread_id, author_id, body_md, created_at)
       select $1, th.id, m.author, m.body, m.at from message_threads th,
         (values ($2::uuid, 'First', now() - interval '1 hour'), ($3::uuid, 'Second', now())) as m(author, body, at)
       where th.transaction_id = $1 and th.topic = 'general'`,
      [inserted.transactionId, buyer.profileId, conveyancer.profileId],
    )
    const res = await t.request(`/api/transactions/${inserted.transactionId}`, { as: conveyancer })
    expect(res.status).toBe(200)
    const detail = TransactionDetail.parse(await res.json())
    expect(detail.property).toMatchObject({ uprn: '100080123456', postcode: 'AL3 5AF' })
    const sortIndexes = detail.timeline_stages.map((s) => s.sort_index)
    expect(sortIndexes).toEqual([...sortIndexes].sort((a, b) => a - b))
    for (const stage of detail.timeline_stages) {
      const taskOrder = stage.tasks.map((k) => k.sort_index)
      expect(taskOrder).toEqual([...taskOrder].sort((a, b) => a - b))
    }
    expect(detail.timeline_stages.map((s) => s.id)).toEqual(inserted.stageIds)
    const pro = detail.transaction_participants.find((p) => p.user_id === conveyancer.profileId)!
    expect(pro.profile.full_name).toBe('Priya Shah')
    expect(pro.organization).toEqual({ id: org.id, name: 'Shah & Co Conveyancing', type: 'law' })
    expect(pro.invited_by).toBe(buyer.profileId)
    expect(detail.messages.map((m) => [m.body_md, m.author?.full_name])).toEqual([
      ['Second', 'Priya Shah'],
      ['First', 'Amelia Clarke'],
    ])
  })

  it('answers 400 naming txId for a malformed id', async () => {
    const user = await t.signUp()
    const res = await t.request('/api/transactions/not-a-uuid', { as: user })
    expect(res.status).toBe(400)
    const body = await res.json()
    expect(body.error.fields).toHaveProperty('txId')
  })
})
