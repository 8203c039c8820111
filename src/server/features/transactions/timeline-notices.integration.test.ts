/**
 * Nobody's work changes behind their back: unticking a task someone else completed
 * tells that person, and marking a stage blocked tells everyone on the move, names who and when, and
 * shows on the dashboard card. Email follows each person's notification settings.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { NotificationListResponse, type NotificationSettings } from '#shared/contracts/notifications.ts'
import { DashboardResponse, TransactionDetail } from '#shared/contracts/transactions.ts'
import { NOTIFICATION_KINDS } from '#shared/domain/chat.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let buyerConveyancer: TestUser
let sellerConveyancer: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  buyerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  sellerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Sol Solicitor' })
})

async function newMove() {
  const { transactionId } = await createTransaction(t.database, {
    status: 'active',
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [
      { profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer' },
      { profileId: sellerConveyancer.profileId, role: 'seller_conveyancer' },
    ],
  })
  return transactionId
}

async function detailOf(txId: string, as: TestUser = buyer) {
  return TransactionDetail.parse(await (await t.request(`/api/transactions/${txId}`, { as })).json())
}

async function bellOn(as: TestUser, txId: string) {
  const list = NotificationListResponse.parse(await (await t.request('/api/notifications', { as })).json())
  return list.notifications.filter((n) => n.transaction_id === txId)
}

async function mailsTo(user: TestUser, kind: string, txId: string) {
  return t.database.query<{ subject: string; text_body: string }>(
    'select subject, text_body from mail_outbox where to_address = $1 and kind = $2 and transaction_id = $3',
    [user.email, kind, txId],
  )
}

async function saveEmailSettings(as: TestUser, off: string[]) {
  const settings: NotificationSettings = {
    email: Object.fromEntries(NOTIFICATION_KINDS.map((k) => [k, !off.includes(k)])) as NotificationSettings['email'],
    digest: false,
  }
  expect((await t.request('/api/notifications/settings', { as, method: 'PUT', json: settings })).status).toBe(200)
}

function tick(as: TestUser, txId: string, task: { id: string; version: number }, status: string) {
  return t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
    as,
    method: 'PATCH',
    json: { status, version: task.version },
  })
}

describe('unticking someone else’s task', () => {
  it('tells the person who completed it, in the bell and by email; unticking one’s own tells nobody', async () => {
    const txId = await newMove()
    const task = (await detailOf(txId)).timeline_stages
      .flatMap((s) => s.tasks)
      .find((k) => k.owner_side === 'buyer_side')!
    let res = await tick(buyer, txId, task, 'completed')
    expect(res.status).toBe(200)
    let ticked = TransactionDetail.parse(await res.json())
      .timeline_stages.flatMap((s) => s.tasks)
      .find((k) => k.id === task.id)!
    expect(ticked.completed_by).toBe(buyer.profileId)

    // The buyer unticks and re-ticks their own task: nobody is told.
    res = await tick(buyer, txId, ticked, 'not_completed')
    ticked = TransactionDetail.parse(await res.json())
      .timeline_stages.flatMap((s) => s.tasks)
      .find((k) => k.id === task.id)!
    res = await tick(buyer, txId, ticked, 'completed')
    ticked = TransactionDetail.parse(await res.json())
      .timeline_stages.flatMap((s) => s.tasks)
      .find((k) => k.id === task.id)!
    expect((await bellOn(buyer, txId)).filter((n) => n.kind === 'task_reopened')).toEqual([])

    // Their conveyancer unticks it: the buyer hears about it.
    expect((await tick(buyerConveyancer, txId, ticked, 'not_completed')).status).toBe(200)
    const told = (await bellOn(buyer, txId)).filter((n) => n.kind === 'task_reopened')
    expect(told).toHaveLength(1)
    expect(told[0]).toMatchObject({
      title: 'Cora Conveyancer unticked a task you completed',
      link: `/app/transactions/${txId}?tab=timeline`,
    })
    expect(told[0].body).toContain(task.title)
    expect(await mailsTo(buyer, 'notification.task_reopened', txId)).toHaveLength(1)
    // Nobody else is told.
    for (const other of [seller, sellerConveyancer, buyerConveyancer]) {
      expect((await bellOn(other, txId)).filter((n) => n.kind === 'task_reopened')).toEqual([])
    }
  })

  it('honours the person’s settings: with that email off, the bell still says so but no email is sent', async () => {
    await saveEmailSettings(seller, ['task_reopened'])
    try {
      const txId = await newMove()
      const task = (await detailOf(txId)).timeline_stages
        .flatMap((s) => s.tasks)
        .find((k) => k.owner_side === 'seller_side')!
      const res = await tick(seller, txId, task, 'completed')
      const ticked = TransactionDetail.parse(await res.json())
        .timeline_stages.flatMap((s) => s.tasks)
        .find((k) => k.id === task.id)!
      expect((await tick(sellerConveyancer, txId, ticked, 'not_completed')).status).toBe(200)
      expect((await bellOn(seller, txId)).filter((n) => n.kind === 'task_reopened')).toHaveLength(1)
      expect(await mailsTo(seller, 'notification.task_reopened', txId)).toHaveLength(0)
    } finally {
      await saveEmailSettings(seller, [])
    }
  })
})

describe('blocking a stage', () => {
  it('records who and when, tells everyone else on the move, and shows on the dashboard card', async () => {
    const txId = await newMove()
    await saveEmailSettings(sellerConveyancer, ['stage_blocked'])
    try {
      const searches = (await detailOf(txId)).timeline_stages.find((s) => s.stage_name === 'Searches')!
      const started = Date.now()
      const res = await t.request(`/api/transactions/${txId}/stages/${searches.id}`, {
        as: buyerConveyancer,
        method: 'PATCH',
        json: { blocked_reason: 'Council backlog on the local search', version: searches.version },
      })
      expect(res.status).toBe(200)
      const blocked = TransactionDetail.parse(await res.json()).timeline_stages.find((s) => s.id === searches.id)!
      expect(blocked).toMatchObject({ status: 'blocked', blocked_by_name: 'Cora Conveyancer' })
      expect(new Date(blocked.blocked_at!).getTime()).toBeGreaterThanOrEqual(started - 5_000)

      for (const who of [buyer, seller, sellerConveyancer]) {
        const told = (await bellOn(who, txId)).filter((n) => n.kind === 'stage_blocked')
        expect(told, who.name).toHaveLength(1)
        expect(told[0]).toMatchObject({
          title: 'Searches is blocked',
          body: 'Cora Conveyancer marked it blocked: Council backlog on the local search',
          link: `/app/transactions/${txId}?tab=timeline`,
        })
      }
      expect((await bellOn(buyerConveyancer, txId)).filter((n) => n.kind === 'stage_blocked')).toEqual([])
      // Email per each person's settings: the seller's conveyancer switched this kind off.
      expect(await mailsTo(buyer, 'notification.stage_blocked', txId)).toHaveLength(1)
      expect(await mailsTo(seller, 'notification.stage_blocked', txId)).toHaveLength(1)
      expect(await mailsTo(sellerConveyancer, 'notification.stage_blocked', txId)).toHaveLength(0)

      const dashboard = DashboardResponse.parse(await (await t.request('/api/transactions', { as: seller })).json())
      const card = dashboard.transactions.find((x) => x.id === txId)!
      expect(card.timeline_stages.filter((s) => s.status === 'blocked').map((s) => s.stage_name)).toEqual(['Searches'])

      // Clearing forgets who blocked it.
      const cleared = await t.request(`/api/transactions/${txId}/stages/${searches.id}`, {
        as: sellerConveyancer,
        method: 'PATCH',
        json: { blocked_reason: null, version: blocked.version },
      })
      const after = TransactionDetail.parse(await cleared.json()).timeline_stages.find((s) => s.id === searches.id)!
      expect(after).toMatchObject({ blocked_reason: null, blocked_by_name: null, blocked_at: null })
    } finally {
      await saveEmailSettings(sellerConveyancer, [])
    }
  })
})
