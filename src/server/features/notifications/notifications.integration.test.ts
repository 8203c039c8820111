/**
 * Notifications: the bell's list and read state, email per kind switchable per person, the
 * daily digest instead of instant mail, notifications for a stage completed and a status change, and
 * 'Request update' (buyers and sellers only, once per 24 hours, answered by the conveyancer's reply).
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { NotificationListResponse, NotificationSettings } from '#shared/contracts/notifications.ts'
import { UpdateRequest, UpdateRequestListResponse } from '#shared/contracts/update-requests.ts'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { sendDueDigests } from './digest'

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let txId: string
let generalId: string

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  txId = (
    await createTransaction(t.database, {
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
    })
  ).transactionId
  const threads = (await (await t.request(`/api/transactions/${txId}/threads`, { as: buyer })).json()) as {
    threads: { id: string }[]
  }
  generalId = threads.threads[0].id
})

const mention = (as: TestUser, who: TestUser, text = 'ping') =>
  t.request(`/api/transactions/${txId}/threads/${generalId}/messages`, {
    as,
    json: { body_md: `@${who.name} ${text}`, mentions: [who.profileId] },
  })

async function bell(as: TestUser) {
  return NotificationListResponse.parse(await (await t.request('/api/notifications', { as })).json())
}

async function mailsTo(user: TestUser, kind: string) {
  return t.database.query<{ subject: string; text_body: string }>(
    'select subject, text_body from mail_outbox where to_address = $1 and kind = $2 order by created_at',
    [user.email, kind],
  )
}

async function saveSettings(as: TestUser, settings: NotificationSettings) {
  const res = await t.request('/api/notifications/settings', { as, method: 'PUT', json: settings })
  expect(res.status).toBe(200)
  return NotificationSettings.parse(await res.json())
}

const allOn = {
  mention: true,
  invitation: true,
  stage_completed: true,
  signature_requested: true,
  status_changed: true,
  update_requested: true,
  task_reopened: true,
  stage_blocked: true,
  sla_due_soon: true,
  sla_breached: true,
  enquiry_update: true,
  sale_high_risk: true,
  weekly_update: true,
  mortgage_expiry: true,
  survey_update: true,
  funds_review: true,
  chain_update: true,
  deposit_release: true,
  deposit_update: true,
}

describe('the bell', () => {
  it('defaults every email kind to on and the digest to off', async () => {
    const res = await t.request('/api/notifications/settings', { as: seller })
    expect(NotificationSettings.parse(await res.json())).toEqual({ email: allOn, digest: false })
  })

  it('lists newest first with an unread count; marking read only touches the viewer’s own', async () => {
    expect((await mention(buyer, seller, 'first')).status).toBe(201)
    expect((await mention(buyer, seller, 'second')).status).toBe(201)
    const list = await bell(seller)
    expect(list.unread_count).toBe(2)
    expect(list.notifications.map((n) => n.body)).toEqual(['@Sam Seller second', '@Sam Seller first'])
    expect(list.notifications[0].actor).toEqual({ id: buyer.profileId, full_name: 'Bea Buyer' })

    // Someone else's ids are ignored.
    const foreign = await t.request('/api/notifications/read', {
      as: buyer,
      json: { ids: list.notifications.map((n) => n.id) },
    })
    expect(foreign.status).toBe(204)
    expect((await bell(seller)).unread_count).toBe(2)

    await t.request('/api/notifications/read', { as: seller, json: { ids: [list.notifications[0].id] } })
    expect((await bell(seller)).unread_count).toBe(1)
    await t.request('/api/notifications/read', { as: seller, json: { all: true } })
    expect((await bell(seller)).unread_count).toBe(0)
  })

  it('refuses an empty read request with a message', async () => {
    const res = await t.request('/api/notifications/read', { as: seller, json: {} })
    expect(res.status).toBe(400)
  })

  it('needs a session', async () => {
    expect((await t.request('/api/notifications')).status).toBe(401)
    expect((await t.request('/api/notifications/settings')).status).toBe(401)
  })
})

describe('email choices', () => {
  it('sends no mention email once that kind is switched off, but still notifies in the app', async () => {
    await saveSettings(conveyancer, { email: { ...allOn, mention: false }, digest: false })
    const before = (await mailsTo(conveyancer, 'notification.mention')).length
    expect((await mention(seller, conveyancer, 'no email please')).status).toBe(201)
    expect((await mailsTo(conveyancer, 'notification.mention')).length).toBe(before)
    expect((await bell(conveyancer)).notifications[0].body).toBe('@Cora Conveyancer no email please')
    await saveSettings(conveyancer, { email: allOn, digest: false })
  })

  it('with the digest on: no instant email, then one digest after 08:00 UK time listing what happened', async () => {
    await saveSettings(buyer, { email: allOn, digest: true })
    const instant = (await mailsTo(buyer, 'notification.mention')).length
    expect((await mention(seller, buyer, 'about the survey')).status).toBe(201)
    expect((await mention(conveyancer, buyer, 'about the searches')).status).toBe(201)
    expect((await mailsTo(buyer, 'notification.mention')).length).toBe(instant)

    const delivery = { publicUrl: t.config.publicUrl, deliverMail: false }
    // A winter day next year (GMT, so UTC is UK time): at 07:59 it is not due yet; at 08:01 it is, once.
    const day = `${new Date().getUTCFullYear() + 1}-01-15`
    const early = new Date(`${day}T07:59:00Z`)
    const late = new Date(`${day}T08:01:00Z`)
    expect(await sendDueDigests({ database: t.database, delivery, now: early })).toBe(0)
    expect(await sendDueDigests({ database: t.database, delivery, now: late })).toBe(1)
    const digests = await mailsTo(buyer, 'notification.digest')
    expect(digests).toHaveLength(1)
    expect(digests[0].subject).toBe('Your Homeward digest: 2 updates')
    expect(digests[0].text_body).toContain('Sam Seller mentioned you in General')
    expect(digests[0].text_body).toContain('Cora Conveyancer mentioned you in General')
    expect(digests[0].text_body).toContain(`${t.config.publicUrl}/app/transactions/${txId}?tab=chat`)
    // Running again the same day sends nothing more.
    await sendDueDigests({ database: t.database, delivery, now: new Date(late.getTime() + 60_000) })
    expect(await mailsTo(buyer, 'notification.digest')).toHaveLength(1)
    await saveSettings(buyer, { email: allOn, digest: false })
  })
})

describe('what people are told about', () => {
  it('tells everyone else when a stage is completed and when the status changes', async () => {
    const detail = TransactionDetail.parse(await (await t.request(`/api/transactions/${txId}`, { as: buyer })).json())
    const stage = detail.timeline_stages.find(
      (s) =>
        s.tasks.length > 0 &&
        s.tasks.every(
          (k) => k.owner_side === 'buyer_side' || k.owner_side === 'buyer_conveyancer' || k.status === 'completed',
        ),
    )
    expect(stage, 'a stage the buyer conveyancer can finish').toBeDefined()
    for (const task of stage!.tasks.filter((k) => k.status !== 'completed')) {
      const res = await t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
        as: conveyancer,
        method: 'PATCH',
        json: { status: 'completed', version: task.version },
      })
      expect(res.status).toBe(200)
    }
    const sellerBell = await bell(seller)
    expect(
      sellerBell.notifications.some(
        (n) => n.kind === 'stage_completed' && n.title === `${stage!.stage_name} is complete`,
      ),
    ).toBe(true)
    expect((await bell(conveyancer)).notifications.some((n) => n.kind === 'stage_completed')).toBe(false)

    const fresh = TransactionDetail.parse(await (await t.request(`/api/transactions/${txId}`, { as: buyer })).json())
    const cancel = await t.request(`/api/transactions/${txId}/status`, {
      as: conveyancer,
      json: {
        action: 'exchange',
        exchange_date: '2026-12-01',
        completion_date: '2026-12-15',
        confirm: true,
        version: fresh.version,
      },
    })
    expect(cancel.status).toBe(200)
    const exchanged = (await bell(buyer)).notifications.find((n) => n.kind === 'status_changed')
    expect(exchanged?.title).toMatch(/^Contracts exchanged on /)
    expect((await mailsTo(seller, 'notification.status_changed')).length).toBe(1)
  })
})

describe('request update', () => {
  it('only the buyer or seller may ask; the conveyancer is told; once per 24 hours with Retry-After', async () => {
    const refused = await t.request(`/api/transactions/${txId}/update-requests`, { as: conveyancer, json: {} })
    expect(refused.status).toBe(403)

    const res = await t.request(`/api/transactions/${txId}/update-requests`, {
      as: buyer,
      json: { note: 'Any news on the searches?' },
    })
    expect(res.status).toBe(201)
    const request = UpdateRequest.parse(await res.json())
    expect(request).toMatchObject({ note: 'Any news on the searches?', answered_at: null })
    const told = (await bell(conveyancer)).notifications[0]
    expect(told).toMatchObject({ kind: 'update_requested', title: 'Bea Buyer asked for an update' })
    expect((await mailsTo(conveyancer, 'notification.update_requested')).length).toBe(1)

    const again = await t.request(`/api/transactions/${txId}/update-requests`, { as: buyer, json: {} })
    expect(again.status).toBe(429)
    expect(Number(again.headers.get('retry-after'))).toBeGreaterThan(23 * 3600)
    expect(((await again.json()) as { error: { message: string } }).error.message).toMatch(
      /less than 24 hours ago. You can ask again from \d{2} \w{3} \d{4}, \d{2}:\d{2} \(UK time\)/,
    )
    const list = UpdateRequestListResponse.parse(
      await (await t.request(`/api/transactions/${txId}/update-requests`, { as: buyer })).json(),
    )
    expect(list.can_request).toBe(false)
    expect(list.next_allowed_at).not.toBeNull()
  })

  it("the conveyancer's reply in chat marks it answered", async () => {
    const reply = await t.request(`/api/transactions/${txId}/threads/${generalId}/messages`, {
      as: conveyancer,
      json: { body_md: 'Searches are due back on Friday.' },
    })
    expect(reply.status).toBe(201)
    const list = UpdateRequestListResponse.parse(
      await (await t.request(`/api/transactions/${txId}/update-requests`, { as: buyer })).json(),
    )
    expect(list.requests[0].answered_by).toEqual({ id: conveyancer.profileId, full_name: 'Cora Conveyancer' })
  })

  it('answers 409 when the seller has no conveyancer yet, and lets them ask after 24 hours', async () => {
    const res = await t.request(`/api/transactions/${txId}/update-requests`, { as: seller, json: {} })
    expect(res.status).toBe(409)
    expect(((await res.json()) as { error: { message: string } }).error.message).toMatch(/no seller's conveyancer/)
    const sellerView = UpdateRequestListResponse.parse(
      await (await t.request(`/api/transactions/${txId}/update-requests`, { as: seller })).json(),
    )
    expect(sellerView.can_request).toBe(false)
    await t.database.query(
      `update update_requests set created_at = now() - interval '24 hours 1 minute' where requested_by = $1`,
      [buyer.profileId],
    )
    const list = UpdateRequestListResponse.parse(
      await (await t.request(`/api/transactions/${txId}/update-requests`, { as: buyer })).json(),
    )
    expect(list.can_request).toBe(true)
  })

  it('refuses a note over 1,000 characters', async () => {
    const res = await t.request(`/api/transactions/${txId}/update-requests`, {
      as: buyer,
      json: { note: 'n'.repeat(1001) },
    })
    expect(res.status).toBe(400)
  })
})
