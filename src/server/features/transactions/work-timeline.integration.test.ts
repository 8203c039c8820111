/**
 * Working a transaction ('Working the timeline' and 'Transaction status'): owners tick and
 * untick tasks, stage percent and status follow the tasks, conveyancers block and clear stages, a
 * stale version answers 409 and changes nothing, every change is in the activity trail with its
 * actor, and status moves only along the allowed transitions (others 409 with a message).
 */
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { type Task, TransactionDetail } from '#shared/contracts/transactions.ts'
import { ukDay } from '#shared/domain/preconditions.ts'
import { selfTickingRule } from '#shared/domain/self-ticking-tasks.ts'
import type { TransactionStatus } from '#shared/domain/statuses.ts'
import { EXCHANGE_TASK_TITLE, TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { STALE_TASK_MESSAGE } from './update-task'
import { withoutRequestId } from '#server/test/error-body.ts'
import { londonDate } from '#shared/domain/working-days.ts'

/** The Europe/London date `n` days from now ('yyyy-mm-dd'). */
const inDays = (n: number) => londonDate(new Date(Date.now() + n * 86_400_000))

const t = useTestApp()
let buyer: TestUser
let seller: TestUser
let buyerConveyancer: TestUser
let sellerConveyancer: TestUser
let surveyor: TestUser
let outsider: TestUser

beforeAll(async () => {
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  buyerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  sellerConveyancer = await t.signUp({ role: 'conveyancer', name: 'Sol Solicitor' })
  surveyor = await t.signUp({ role: 'surveyor', name: 'Sue Surveyor' })
  outsider = await t.signUp({ role: 'buyer', name: 'Olly Outsider' })
})

/** A move with both parties, both conveyancers and a surveyor on it. */
async function newMove(status: TransactionStatus = 'active') {
  const inserted = await createTransaction(t.database, {
    status,
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [
      { profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer' },
      { profileId: sellerConveyancer.profileId, role: 'seller_conveyancer' },
      { profileId: surveyor.profileId, role: 'surveyor' },
    ],
  })
  return inserted.transactionId
}

async function detailOf(txId: string, as: TestUser = buyer): Promise<TransactionDetail> {
  const res = await t.request(`/api/transactions/${txId}`, { as })
  expect(res.status).toBe(200)
  return TransactionDetail.parse(await res.json())
}

const stageNamed = (d: TransactionDetail, name: string) => d.timeline_stages.find((s) => s.stage_name === name)!
// The ID and AML tasks tick only from approved CDD records (features/verification): never the first pick.
const firstTaskOwnedBy = (d: TransactionDetail, owner: string) =>
  d.timeline_stages.flatMap((s) => s.tasks).find((k) => k.owner_side === owner && !selfTickingRule(k.title))!
const taskById = (d: TransactionDetail, id: string) =>
  d.timeline_stages.flatMap((s) => s.tasks).find((k) => k.id === id)!
const stageOfTask = (d: TransactionDetail, id: string) =>
  d.timeline_stages.find((s) => s.tasks.some((k) => k.id === id))!

function tick(
  as: TestUser | null,
  txId: string,
  task: Pick<Task, 'id' | 'version'>,
  status: 'completed' | 'not_completed' = 'completed',
) {
  return t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
    method: 'PATCH',
    json: { status, version: task.version },
    as,
  })
}

function block(as: TestUser | null, txId: string, stage: { id: string; version: number }, reason: string | null) {
  return t.request(`/api/transactions/${txId}/stages/${stage.id}`, {
    method: 'PATCH',
    json: { blocked_reason: reason, version: stage.version },
    as,
  })
}

function changeStatus(as: TestUser | null, txId: string, body: Record<string, unknown>) {
  return t.request(`/api/transactions/${txId}/status`, { json: body, as })
}

/** Everything a change could touch on one transaction, straight from the database. */
async function snapshot(txId: string) {
  const [row] = await t.database.query<{ s: string }>(
    `select json_build_object(
       'tx', (select json_build_object('status', status, 'version', version, 'exchange_date', exchange_date,
              'completion_date', completion_date, 'cancelled_reason', cancelled_reason, 'buyer', buyer_user_id,
              'seller', seller_user_id) from transactions where id = $1),
       'stages', (select json_agg(json_build_object('id', id, 'status', status, 'percent', percent_complete,
              'reason', blocked_reason, 'version', version) order by sort_index) from timeline_stages where transaction_id = $1),
       'tasks', (select json_agg(json_build_object('id', k.id, 'status', k.status, 'version', k.version,
              'by', k.completed_by, 'at', k.completed_at) order by s.sort_index, k.sort_index)
              from tasks k join timeline_stages s on s.id = k.stage_id where s.transaction_id = $1),
       'activity', (select count(*) from activity_events where transaction_id = $1)
     )::text as s`,
    [txId],
  )
  return JSON.parse(row.s) as unknown
}

async function expectError(res: Response, status: number, message?: string | RegExp) {
  expect(res.status).toBe(status)
  const body = await res.json()
  if (message instanceof RegExp) expect(body.error.message).toMatch(message)
  else if (message) expect(body.error.message).toBe(message)
  return withoutRequestId(body) as { error: { code: string; message: string; fields?: Record<string, string[]> } }
}

describe('ticking tasks', () => {
  it('lets the buyer tick and untick a buyer-side task, recording who and when for everyone to see', async () => {
    const txId = await newMove()
    const before = await detailOf(txId)
    const task = firstTaskOwnedBy(before, 'buyer_side')
    const stageBefore = stageOfTask(before, task.id)
    expect(stageBefore.status).toBe('not_started')

    const started = Date.now()
    const res = await tick(buyer, txId, task)
    expect(res.status).toBe(200)
    const after = TransactionDetail.parse(await res.json())
    const ticked = taskById(after, task.id)
    expect(ticked).toMatchObject({ status: 'completed', version: task.version + 1, completed_by_name: 'Bea Buyer' })
    expect(new Date(ticked.completed_at!).getTime()).toBeGreaterThanOrEqual(started - 5_000)
    const stage = stageOfTask(after, task.id)
    expect(stage.status).toBe('in_progress')
    expect(stage.percent_complete).toBe(Math.round((1 / stage.tasks.length) * 100))
    expect(after.activity[0]).toMatchObject({
      kind: 'task.completed',
      summary: `ticked “${task.title}” (${stage.stage_name})`,
      actor: { id: buyer.profileId, full_name: 'Bea Buyer' },
    })

    // Everyone on the move sees the change.
    const sellersView = await detailOf(txId, seller)
    expect(taskById(sellersView, task.id)).toMatchObject({ status: 'completed', completed_by_name: 'Bea Buyer' })
    expect(sellersView.activity[0].summary).toBe(after.activity[0].summary)

    const undo = await tick(buyer, txId, ticked, 'not_completed')
    expect(undo.status).toBe(200)
    const undone = TransactionDetail.parse(await undo.json())
    expect(taskById(undone, task.id)).toMatchObject({
      status: 'not_completed',
      version: task.version + 2,
      completed_at: null,
      completed_by_name: null,
    })
    expect(stageOfTask(undone, task.id)).toMatchObject({ status: 'not_started', percent_complete: 0 })
    expect(undone.activity[0]).toMatchObject({
      kind: 'task.reopened',
      summary: `unticked “${task.title}” (${stage.stage_name})`,
      actor: { full_name: 'Bea Buyer' },
    })
  })

  it.each([
    ['seller', 'buyer_side'],
    ['buyer', 'seller_side'],
    ['buyer', 'buyer_conveyancer'],
    ['seller', 'estate_agent'],
    ['surveyor', 'buyer_side'],
    ['surveyor', 'mortgage_broker'],
    ['buyerConveyancer', 'seller_side'],
    ['buyerConveyancer', 'seller_conveyancer'],
    ['sellerConveyancer', 'buyer_conveyancer'],
    // The surveyor is on the move, so their task is theirs alone (no stand-in when present).
    ['buyerConveyancer', 'surveyor'],
  ] as const)('refuses the %s a %s task with 403, changing nothing', async (who, owner) => {
    const actor = { seller, buyer, surveyor, buyerConveyancer, sellerConveyancer }[who]
    const txId = await newMove()
    const task = firstTaskOwnedBy(await detailOf(txId), owner)
    const before = await snapshot(txId)
    await expectError(
      await tick(actor, txId, task),
      403,
      'This task belongs to another party on the move, so only they can tick it.',
    )
    expect(await snapshot(txId)).toEqual(before)
  })

  it.each([
    ['buyerConveyancer', 'buyer_conveyancer'],
    ['buyerConveyancer', 'buyer_side'],
    ['buyerConveyancer', 'mortgage_broker'],
    ['sellerConveyancer', 'seller_conveyancer'],
    ['sellerConveyancer', 'seller_side'],
    ['sellerConveyancer', 'estate_agent'],
    ['seller', 'seller_side'],
    ['surveyor', 'surveyor'],
  ] as const)('lets the %s tick a %s task', async (who, owner) => {
    const actor = { seller, surveyor, buyerConveyancer, sellerConveyancer }[who]
    const txId = await newMove()
    const task = firstTaskOwnedBy(await detailOf(txId, actor), owner)
    const res = await tick(actor, txId, task)
    expect(res.status).toBe(200)
    const after = TransactionDetail.parse(await res.json())
    expect(taskById(after, task.id)).toMatchObject({ status: 'completed', completed_by_name: actor.name })
  })

  it('lets a move with no estate agent, broker, surveyor or seller’s conveyancer reach 100%, each absent owner’s tasks ticked by one stand-in of that side', async () => {
    // Buyer, seller and the buyer's conveyancer only: a private sale, mortgage arranged directly.
    const { transactionId: txId } = await createTransaction(t.database, {
      status: 'active',
      buyerProfileId: buyer.profileId,
      sellerProfileId: seller.profileId,
      participants: [{ profileId: buyerConveyancer.profileId, role: 'buyer_conveyancer' }],
    })
    const standIn: Record<string, TestUser> = {
      buyer_side: buyer,
      seller_side: seller,
      buyer_conveyancer: buyerConveyancer,
      estate_agent: seller,
      seller_conveyancer: seller,
      mortgage_broker: buyerConveyancer,
      surveyor: buyerConveyancer,
    }
    let detail = await detailOf(txId)
    const agentTask = firstTaskOwnedBy(detail, 'estate_agent')
    // Not the other side's conveyancer: the agent's tasks stay on the seller's side.
    await expectError(await tick(buyerConveyancer, txId, agentTask), 403)
    for (const task of detail.timeline_stages.flatMap((s) => s.tasks)) {
      if (task.title === TASK_TITLES.sourceOfFunds) {
        // Never ticked by hand: the buyer's conveyancer's review of the source of funds ticks it (features/funds).
        const res = await t.request(`/api/transactions/${txId}/funds/review`, {
          as: buyerConveyancer,
          json: { decision: 'satisfied' },
        })
        expect(res.status, task.title).toBe(200)
        detail = await detailOf(txId)
        continue
      }
      if (selfTickingRule(task.title)) {
        // The TA6 and TA10 tick themselves when the seller signs the form (features/property-forms), the ID and
        // AML tasks from an approved CDD record (features/verification): refused by hand, done as those would.
        await expectError(await tick(standIn[task.owner_side!], txId, task), 422)
        await t.database.query(`update tasks set status = 'completed', completed_at = now() where id = $1`, [task.id])
        continue
      }
      const res = await tick(standIn[task.owner_side!], txId, task)
      expect(res.status, `${task.owner_side}: ${task.title}`).toBe(200)
      detail = TransactionDetail.parse(await res.json())
    }
    expect(detail.timeline_stages.map((s) => [s.status, s.percent_complete])).toEqual(
      detail.timeline_stages.map(() => ['completed', 100]),
    )
    const dashboard = await (await t.request('/api/transactions', { as: seller })).json()
    const card = dashboard.transactions.find((x: { id: string }) => x.id === txId)
    expect(card.timeline_stages.every((s: { percent_complete: number }) => s.percent_complete === 100)).toBe(true)
  })

  it('gives an absent owner’s task to one stand-in only, and none once the owner joins', async () => {
    // With the seller's conveyancer on the move, they (not the seller) stand in for the estate agent.
    const txId = await newMove()
    const agentTask = firstTaskOwnedBy(await detailOf(txId), 'estate_agent')
    await expectError(await tick(seller, txId, agentTask), 403)
    // Once an estate agent is on the move, the task is theirs alone.
    const agent = await t.signUp({ role: 'agent', name: 'Ada Agent' })
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role) values ($1, $2, 'estate_agent')`,
      [txId, agent.profileId],
    )
    await expectError(await tick(sellerConveyancer, txId, agentTask), 403)
    expect((await tick(agent, txId, agentTask)).status).toBe(200)
  })

  it('derives the stage: all tasks done makes it completed at 100, unticking one puts it back in progress', async () => {
    const txId = await newMove()
    let detail = await detailOf(txId, buyerConveyancer)
    const stageId = stageNamed(detail, 'Searches').id
    const taskIds = stageNamed(detail, 'Searches').tasks.map((k) => k.id)
    expect(taskIds.length).toBe(5)
    for (const [i, id] of taskIds.entries()) {
      const res = await tick(buyerConveyancer, txId, taskById(detail, id))
      expect(res.status).toBe(200)
      detail = TransactionDetail.parse(await res.json())
      const stage = detail.timeline_stages.find((s) => s.id === stageId)!
      expect(stage.percent_complete).toBe(Math.round(((i + 1) / taskIds.length) * 100))
      expect(stage.status).toBe(i + 1 === taskIds.length ? 'completed' : 'in_progress')
    }
    const res = await tick(buyerConveyancer, txId, taskById(detail, taskIds[2]), 'not_completed')
    expect(res.status).toBe(200)
    detail = TransactionDetail.parse(await res.json())
    expect(detail.timeline_stages.find((s) => s.id === stageId)).toMatchObject({
      status: 'in_progress',
      percent_complete: 80,
    })
    // The stored stage agrees with its tasks.
    const [row] = await t.database.query<{ status: string; percent_complete: number }>(
      'select status, percent_complete from timeline_stages where id = $1',
      [stageId],
    )
    expect(row).toEqual({ status: 'in_progress', percent_complete: 80 })
  })

  it('answers 409 with a clear message to a stale version and changes nothing', async () => {
    const txId = await newMove()
    const task = firstTaskOwnedBy(await detailOf(txId), 'buyer_side')
    expect((await tick(buyer, txId, task)).status).toBe(200)
    const before = await snapshot(txId)
    // The buyer's conveyancer still holds version 1 and tries to untick it.
    const body = await expectError(await tick(buyerConveyancer, txId, task, 'not_completed'), 409, STALE_TASK_MESSAGE)
    expect(body.error.code).toBe('conflict')
    expect(await snapshot(txId)).toEqual(before)
  })

  it('lets exactly one of two concurrent ticks with the same version win; the other gets 409', async () => {
    const txId = await newMove()
    const task = firstTaskOwnedBy(await detailOf(txId), 'buyer_side')
    const activityBefore = (await detailOf(txId)).activity.length
    const results = await Promise.all([
      tick(buyer, txId, task),
      tick(buyerConveyancer, txId, task),
      tick(buyer, txId, task),
    ])
    const statuses = results.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 409, 409])
    for (const r of results.filter((x) => x.status === 409)) {
      expect((await r.json()).error.message).toBe(STALE_TASK_MESSAGE)
    }
    const after = await detailOf(txId)
    expect(taskById(after, task.id)).toMatchObject({ status: 'completed', version: task.version + 1 })
    expect(after.activity.length).toBe(activityBefore + 1)
  })

  it('lets concurrent ticks of different tasks in one stage all land, with the stage percent counting each', async () => {
    const txId = await newMove()
    const detail = await detailOf(txId, buyerConveyancer)
    const stage = stageNamed(detail, 'Searches')
    const results = await Promise.all(stage.tasks.map((k) => tick(buyerConveyancer, txId, k)))
    expect(results.map((r) => r.status)).toEqual(stage.tasks.map(() => 200))
    expect(stageNamed(await detailOf(txId), 'Searches')).toMatchObject({ status: 'completed', percent_complete: 100 })
  })

  it('answers 404 for a task of another transaction, even one the viewer is on, and changes neither', async () => {
    const txA = await newMove()
    const txB = await newMove()
    const taskOfB = firstTaskOwnedBy(await detailOf(txB), 'buyer_side')
    const [beforeA, beforeB] = [await snapshot(txA), await snapshot(txB)]
    await expectError(await tick(buyer, txA, taskOfB), 404, 'Could not find this task.')
    expect(await snapshot(txA)).toEqual(beforeA)
    expect(await snapshot(txB)).toEqual(beforeB)
  })

  it('answers 404 to an outsider and 401 to a signed-out caller, changing nothing', async () => {
    const txId = await newMove()
    const task = firstTaskOwnedBy(await detailOf(txId), 'buyer_side')
    const before = await snapshot(txId)
    const body = await expectError(await tick(outsider, txId, task), 404)
    expect(body).toEqual({ error: { code: 'not_found', message: 'Could not find this transaction.' } })
    expect(await expectError(await tick(null, txId, task), 401)).toEqual({
      error: { code: 'unauthenticated', message: 'Sign in to continue.' },
    })
    expect(await snapshot(txId)).toEqual(before)
  })

  it.each([
    [{ status: 'done', version: 1 }, 'status'],
    [{ status: 'completed' }, 'version'],
    [{ status: 'completed', version: 0 }, 'version'],
    [{ status: 'completed', version: '1' }, 'version'],
  ])('answers 400 naming the field for %j', async (body, field) => {
    const txId = await newMove()
    const task = firstTaskOwnedBy(await detailOf(txId), 'buyer_side')
    const before = await snapshot(txId)
    const res = await t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
      method: 'PATCH',
      json: body,
      as: buyer,
    })
    const err = await expectError(res, 400)
    expect(Object.keys(err.error.fields!)).toContain(field)
    expect(await snapshot(txId)).toEqual(before)
  })
})

describe('blocking a stage', () => {
  it('lets a conveyancer block a stage with a reason and clear it; status is derived from the tasks again', async () => {
    const txId = await newMove()
    let detail = await detailOf(txId, sellerConveyancer)
    // One task of 'Property information' done first, so that clearing goes back to in progress (the
    // official copies: the TA6 and TA10 tick themselves when the seller signs the form).
    const first = stageNamed(detail, 'Property information').tasks.find(
      (k) => k.owner_side === 'seller_conveyancer' && !selfTickingRule(k.title),
    )!
    expect((await tick(sellerConveyancer, txId, first)).status).toBe(200)
    detail = await detailOf(txId, sellerConveyancer)
    const stage = stageNamed(detail, 'Property information')
    expect(stage.status).toBe('in_progress')

    const res = await block(sellerConveyancer, txId, stage, '  Waiting for the management pack from the landlord  ')
    expect(res.status).toBe(200)
    detail = TransactionDetail.parse(await res.json())
    const blocked = stageNamed(detail, 'Property information')
    expect(blocked).toMatchObject({
      status: 'blocked',
      blocked_reason: 'Waiting for the management pack from the landlord',
      percent_complete: stage.percent_complete,
    })
    expect(detail.activity[0]).toMatchObject({
      kind: 'stage.blocked',
      summary: 'marked “Property information” blocked: Waiting for the management pack from the landlord',
      actor: { id: sellerConveyancer.profileId, full_name: 'Sol Solicitor' },
    })
    // The buyer sees the block.
    expect(stageNamed(await detailOf(txId, buyer), 'Property information').status).toBe('blocked')

    // Ticking inside a blocked stage moves its percent but keeps it blocked.
    const second = blocked.tasks.find(
      (k) => k.owner_side === 'seller_conveyancer' && k.id !== first.id && !selfTickingRule(k.title),
    )!
    const ticked = TransactionDetail.parse(await (await tick(sellerConveyancer, txId, second)).json())
    const stillBlocked = stageNamed(ticked, 'Property information')
    expect(stillBlocked.status).toBe('blocked')
    expect(stillBlocked.percent_complete).toBe(Math.round((2 / stillBlocked.tasks.length) * 100))

    const cleared = await block(buyerConveyancer, txId, stillBlocked, null)
    expect(cleared.status).toBe(200)
    detail = TransactionDetail.parse(await cleared.json())
    expect(stageNamed(detail, 'Property information')).toMatchObject({
      status: 'in_progress',
      blocked_reason: null,
      percent_complete: stillBlocked.percent_complete,
    })
    expect(detail.activity[0]).toMatchObject({
      kind: 'stage.unblocked',
      summary: 'cleared the block on “Property information”',
      actor: { full_name: 'Cora Conveyancer' },
    })
  })

  it('clears a block on a stage whose tasks are all done back to completed', async () => {
    const txId = await newMove()
    let detail = await detailOf(txId, buyerConveyancer)
    for (const k of stageNamed(detail, 'Searches').tasks)
      expect((await tick(buyerConveyancer, txId, k)).status).toBe(200)
    detail = await detailOf(txId, buyerConveyancer)
    const blockedRes = await block(buyerConveyancer, txId, stageNamed(detail, 'Searches'), 'Local search to be redone')
    detail = TransactionDetail.parse(await blockedRes.json())
    expect(stageNamed(detail, 'Searches')).toMatchObject({ status: 'blocked', percent_complete: 100 })
    detail = TransactionDetail.parse(
      await (await block(buyerConveyancer, txId, stageNamed(detail, 'Searches'), null)).json(),
    )
    expect(stageNamed(detail, 'Searches')).toMatchObject({
      status: 'completed',
      percent_complete: 100,
      blocked_reason: null,
    })
  })

  it.each(['buyer', 'seller', 'surveyor'] as const)('refuses the %s with 403, changing nothing', async (who) => {
    const actor = { buyer, seller, surveyor }[who]
    const txId = await newMove()
    const stage = stageNamed(await detailOf(txId), 'Searches')
    const before = await snapshot(txId)
    await expectError(
      await block(actor, txId, stage, 'I would like it blocked'),
      403,
      'Only a conveyancer on this move can block or unblock a stage.',
    )
    expect(await snapshot(txId)).toEqual(before)
  })

  it.each([
    ['an empty reason', '', 'Say why the stage is blocked'],
    ['a blank reason', '    ', 'Say why the stage is blocked'],
    ['a 501-character reason', 'x'.repeat(501), 'Blocked reason must be at most 500 characters'],
  ])('answers 400 to %s, changing nothing', async (_label, reason, message) => {
    const txId = await newMove()
    const stage = stageNamed(await detailOf(txId), 'Searches')
    const before = await snapshot(txId)
    const err = await expectError(await block(buyerConveyancer, txId, stage, reason), 400)
    expect(err.error.fields!.blocked_reason).toContain(message)
    expect(await snapshot(txId)).toEqual(before)
  })

  it('answers 409 to a stale stage version, changing nothing', async () => {
    const txId = await newMove()
    const stage = stageNamed(await detailOf(txId), 'Searches')
    expect((await block(buyerConveyancer, txId, stage, 'Searches delayed by the council')).status).toBe(200)
    const before = await snapshot(txId)
    await expectError(
      await block(sellerConveyancer, txId, stage, 'Another reason'),
      409,
      'Someone else changed this stage a moment ago. We have loaded the latest version: please check it and try again.',
    )
    expect(await snapshot(txId)).toEqual(before)
  })

  it('answers 404 for a stage of another transaction and to an outsider, 401 signed out, changing nothing', async () => {
    const txA = await newMove()
    const txB = await newMove()
    const stageOfB = stageNamed(await detailOf(txB), 'Searches')
    const [beforeA, beforeB] = [await snapshot(txA), await snapshot(txB)]
    await expectError(await block(buyerConveyancer, txA, stageOfB, 'Wrong move'), 404, 'Could not find this stage.')
    await expectError(await block(outsider, txB, stageOfB, 'Not mine'), 404, 'Could not find this transaction.')
    await expectError(await block(null, txB, stageOfB, 'Signed out'), 401, 'Sign in to continue.')
    expect(await snapshot(txA)).toEqual(beforeA)
    expect(await snapshot(txB)).toEqual(beforeB)
  })
})

describe('transaction status', () => {
  it('walks a draft through activate, exchange and completion by a conveyancer, recording each', async () => {
    const txId = await newMove('draft')
    let detail = await detailOf(txId)
    expect(detail.status).toBe('draft')

    let res = await changeStatus(buyerConveyancer, txId, { action: 'activate', version: detail.version })
    expect(res.status).toBe(200)
    detail = TransactionDetail.parse(await res.json())
    expect(detail).toMatchObject({ status: 'active', version: 2 })
    expect(detail.activity[0]).toMatchObject({
      kind: 'status.changed',
      summary: 'activated the move',
      actor: { full_name: 'Cora Conveyancer' },
    })

    res = await changeStatus(sellerConveyancer, txId, {
      action: 'exchange',
      version: detail.version,
      exchange_date: '2026-12-01',
      completion_date: '2026-12-04',
      confirm: true,
    })
    expect(res.status).toBe(200)
    detail = TransactionDetail.parse(await res.json())
    expect(detail).toMatchObject({
      status: 'exchange',
      version: 3,
      exchange_date: '2026-12-01',
      completion_date: '2026-12-04',
    })
    // The status change, then the step it records ticked through the one tick path (decision 062).
    expect(detail.activity.slice(0, 2)).toMatchObject([
      {
        kind: 'task.completed',
        summary: `ticked “${EXCHANGE_TASK_TITLE}” (Exchange of contracts): exchange of contracts was recorded`,
        actor: { full_name: 'Sol Solicitor' },
      },
      {
        summary: 'recorded exchange of contracts on 2026-12-01, completion agreed for 2026-12-04',
        actor: { full_name: 'Sol Solicitor' },
      },
    ])

    res = await changeStatus(buyerConveyancer, txId, { action: 'complete', version: detail.version })
    expect(res.status).toBe(200)
    detail = TransactionDetail.parse(await res.json())
    expect(detail).toMatchObject({ status: 'completed', version: 4, completion_date: '2026-12-04' })
    // Completion also hands over the home logbook and charges the completion fee, each with its own entry.
    expect(detail.activity).toContainEqual(
      expect.objectContaining({
        summary: 'recorded completion on 04 Dec 2026',
        actor: expect.objectContaining({ full_name: 'Cora Conveyancer' }),
      }),
    )

    // The buyer sees it on the dashboard.
    const dashboard = await (await t.request('/api/transactions', { as: buyer })).json()
    expect(dashboard.transactions.find((x: { id: string }) => x.id === txId).status).toBe('completed')
  })

  it('records the actual completion date when given, and accepts completion on the exchange day', async () => {
    const txId = await newMove('active')
    let detail = await detailOf(txId)
    detail = TransactionDetail.parse(
      await (
        await changeStatus(buyerConveyancer, txId, {
          action: 'exchange',
          version: detail.version,
          exchange_date: '2026-12-01',
          completion_date: '2026-12-01',
          confirm: true,
        })
      ).json(),
    )
    expect(detail).toMatchObject({ status: 'exchange', completion_date: '2026-12-01' })
    const res = await changeStatus(buyerConveyancer, txId, {
      action: 'complete',
      version: detail.version,
      completion_date: '2026-12-02',
    })
    expect(res.status).toBe(200)
    expect(TransactionDetail.parse(await res.json())).toMatchObject({
      status: 'completed',
      completion_date: '2026-12-02',
    })
  })

  it.each([
    ['buyer', 'draft'],
    ['seller', 'active'],
    ['sellerConveyancer', 'draft'],
    ['buyerConveyancer', 'active'],
  ] as const)('lets the %s cancel a %s move with a reason', async (who, status) => {
    const actor = { buyer, seller, buyerConveyancer, sellerConveyancer }[who]
    const txId = await newMove(status)
    const detail = await detailOf(txId)
    const res = await changeStatus(actor, txId, {
      action: 'cancel',
      version: detail.version,
      reason: '  The buyer’s mortgage offer was withdrawn  ',
    })
    expect(res.status).toBe(200)
    const after = TransactionDetail.parse(await res.json())
    expect(after).toMatchObject({ status: 'cancelled', cancelled_reason: 'The buyer’s mortgage offer was withdrawn' })
    expect(after.activity[0]).toMatchObject({
      kind: 'status.changed',
      summary: 'cancelled the move: The buyer’s mortgage offer was withdrawn',
      actor: { full_name: actor.name },
    })
  })

  it('lets a conveyancer rescind after exchange, with a reason', async () => {
    const txId = await newMove('exchange')
    const detail = await detailOf(txId)
    const res = await changeStatus(sellerConveyancer, txId, {
      action: 'cancel',
      version: detail.version,
      reason: 'Notice to complete expired; contract rescinded',
    })
    expect(res.status).toBe(200)
    expect(TransactionDetail.parse(await res.json())).toMatchObject({
      status: 'cancelled',
      cancelled_reason: 'Notice to complete expired; contract rescinded',
    })
  })

  const EXCHANGE = { action: 'exchange', exchange_date: '2026-12-01', completion_date: '2026-12-15', confirm: true }
  it.each([
    [
      'the buyer records exchange',
      'active',
      'buyer',
      EXCHANGE,
      'As buyer you cannot record exchange for this move; a conveyancer on the move can.',
    ],
    [
      'the seller activates a draft',
      'draft',
      'seller',
      { action: 'activate' },
      'As seller you cannot activate this move; a conveyancer on the move can.',
    ],
    [
      'a conveyancer completes an active move',
      'active',
      'buyerConveyancer',
      { action: 'complete' },
      'Completion can only be recorded after contracts have been exchanged. Record exchange first.',
    ],
    [
      'a conveyancer records exchange on a draft',
      'draft',
      'buyerConveyancer',
      EXCHANGE,
      'Exchange can only be recorded on an active move; this one is Draft. Activate it first.',
    ],
    [
      'a conveyancer activates an active move',
      'active',
      'buyerConveyancer',
      { action: 'activate' },
      'This move is already Active: nothing to do.',
    ],
    [
      'the buyer cancels after exchange',
      'exchange',
      'buyer',
      { action: 'cancel', reason: 'Changed my mind' },
      'After exchange, only a conveyancer can cancel (rescind) the contract, with a reason: ask your conveyancer.',
    ],
    [
      'the seller cancels after exchange',
      'exchange',
      'seller',
      { action: 'cancel', reason: 'Changed my mind' },
      'After exchange, only a conveyancer can cancel (rescind) the contract, with a reason: ask your conveyancer.',
    ],
    [
      'the buyer records completion',
      'exchange',
      'buyer',
      { action: 'complete' },
      'As buyer you cannot record completion for this move; a conveyancer on the move can.',
    ],
    [
      'the surveyor cancels',
      'active',
      'surveyor',
      { action: 'cancel', reason: 'Survey found subsidence' },
      'As surveyor you cannot cancel this move; a conveyancer on the move can.',
    ],
    [
      'a conveyancer cancels a completed move',
      'completed',
      'buyerConveyancer',
      { action: 'cancel', reason: 'Too late' },
      'This move is completed, so its status can no longer change.',
    ],
    [
      'a conveyancer completes a completed move again',
      'completed',
      'buyerConveyancer',
      { action: 'complete' },
      'This move is completed, so its status can no longer change.',
    ],
    [
      'a conveyancer records exchange on a completed move',
      'completed',
      'sellerConveyancer',
      EXCHANGE,
      'This move is completed, so its status can no longer change.',
    ],
    [
      'a conveyancer activates a completed move',
      'completed',
      'buyerConveyancer',
      { action: 'activate' },
      'This move is completed, so its status can no longer change.',
    ],
    [
      'a conveyancer re-activates a cancelled move',
      'cancelled',
      'buyerConveyancer',
      { action: 'activate' },
      'This move is cancelled, so its status can no longer change.',
    ],
  ] as const)('answers 409 when %s, changing nothing', async (_label, status, who, body, message) => {
    const actor = { buyer, seller, surveyor, buyerConveyancer, sellerConveyancer }[who]
    const txId = await newMove(status)
    const detail = await detailOf(txId)
    const before = await snapshot(txId)
    const err = await expectError(await changeStatus(actor, txId, { ...body, version: detail.version }), 409, message)
    expect(err.error.code).toBe('conflict')
    expect(await snapshot(txId)).toEqual(before)
  })

  it('answers 400 naming completion_date when completion is before exchange, changing nothing', async () => {
    const txId = await newMove('active')
    const detail = await detailOf(txId)
    const before = await snapshot(txId)
    const err = await expectError(
      await changeStatus(buyerConveyancer, txId, {
        action: 'exchange',
        version: detail.version,
        exchange_date: '2026-12-03',
        completion_date: '2026-12-01',
        confirm: true,
      }),
      400,
      'The completion date cannot be before the exchange date.',
    )
    expect(err.error.fields!.completion_date).toEqual(['The completion date cannot be before the exchange date.'])
    expect(await snapshot(txId)).toEqual(before)
  })

  it('answers 400 naming completion_date when the recorded completion is before exchange, changing nothing', async () => {
    const txId = await newMove('active')
    let detail = await detailOf(txId)
    const exchanged = await changeStatus(buyerConveyancer, txId, {
      action: 'exchange',
      version: detail.version,
      exchange_date: '2026-12-01',
      completion_date: '2026-12-15',
      confirm: true,
    })
    detail = TransactionDetail.parse(await exchanged.json())
    const before = await snapshot(txId)
    const err = await expectError(
      await changeStatus(buyerConveyancer, txId, {
        action: 'complete',
        version: detail.version,
        completion_date: '2026-11-30',
      }),
      400,
      'The completion date cannot be before the exchange date. Contracts were exchanged on 01 Dec 2026.',
    )
    expect(err.error.fields!.completion_date).toEqual([
      'The completion date cannot be before the exchange date. Contracts were exchanged on 01 Dec 2026.',
    ])
    expect(await snapshot(txId)).toEqual(before)
  })

  it('refuses completion recorded for a day still to come (entered or agreed), with no fee, logbook or review request', async () => {
    const txId = await newMove('active')
    let detail = await detailOf(txId)
    const exchanged = await changeStatus(buyerConveyancer, txId, {
      action: 'exchange',
      version: detail.version,
      exchange_date: inDays(-1),
      completion_date: inDays(14),
      confirm: true,
    })
    detail = TransactionDetail.parse(await exchanged.json())
    const before = await snapshot(txId)
    const due = ukDay(inDays(14))
    const err = await expectError(
      await changeStatus(buyerConveyancer, txId, { action: 'complete', version: detail.version }),
      400,
      `Completion was agreed for ${due}, which is still to come. Record it on that day, or enter the date the move actually completed.`,
    )
    expect(Object.keys(err.error.fields!)).toEqual(['completion_date'])
    await expectError(
      await changeStatus(buyerConveyancer, txId, {
        action: 'complete',
        version: detail.version,
        completion_date: inDays(14),
      }),
      400,
      `Completion can be recorded only on or after the day it happens: ${due} is still to come. Record it on ${due}, or enter the date the move actually completed.`,
    )
    expect(await snapshot(txId)).toEqual(before)
    const followers = await t.database.db.execute(sql`select
      (select count(*)::int from completion_fees where transaction_id = ${txId}) as fees,
      (select count(*)::int from home_logbooks where purchase_transaction_id = ${txId}) as logbooks,
      (select count(*)::int from notifications where transaction_id = ${txId} and kind = 'review_request') as reviews`)
    expect(followers.rows[0]).toEqual({ fees: 0, logbooks: 0, reviews: 0 })

    // Completed early by agreement: the actual date (today) is recorded.
    const res = await changeStatus(buyerConveyancer, txId, {
      action: 'complete',
      version: detail.version,
      completion_date: inDays(0),
    })
    expect(res.status).toBe(200)
    expect(TransactionDetail.parse(await res.json())).toMatchObject({ status: 'completed', completion_date: inDays(0) })
  })

  it('refuses exchange dated in the future with 400 naming exchange_date, changing nothing', async () => {
    const txId = await newMove('active')
    const detail = await detailOf(txId)
    const before = await snapshot(txId)
    const err = await expectError(
      await changeStatus(buyerConveyancer, txId, {
        action: 'exchange',
        version: detail.version,
        exchange_date: inDays(1),
        completion_date: inDays(15),
        confirm: true,
      }),
      400,
      `Exchange can be recorded only once it has happened: ${ukDay(inDays(1))} is still to come. Record it on that day, or enter the date contracts were actually exchanged.`,
    )
    expect(Object.keys(err.error.fields!)).toEqual(['exchange_date'])
    expect(await snapshot(txId)).toEqual(before)
  })

  it.each([
    [{ action: 'cancel', reason: '' }, 'reason'],
    [{ action: 'cancel', reason: '   ' }, 'reason'],
    [{ action: 'cancel' }, 'reason'],
    [{ action: 'exchange', completion_date: '2026-12-15', confirm: true }, 'exchange_date'],
    [{ action: 'exchange', exchange_date: '2026-12-01' }, 'completion_date'],
    [
      { action: 'exchange', exchange_date: '1 December 2026', completion_date: '2026-12-15', confirm: true },
      'exchange_date',
    ],
    [{ action: 'withdraw' }, 'action'],
  ])('answers 400 naming the field for %j, changing nothing', async (body, field) => {
    const txId = await newMove('active')
    const detail = await detailOf(txId)
    const before = await snapshot(txId)
    const err = await expectError(await changeStatus(buyerConveyancer, txId, { ...body, version: detail.version }), 400)
    expect(Object.keys(err.error.fields!)).toContain(field)
    expect(await snapshot(txId)).toEqual(before)
  })

  it.each([
    ['without confirm', {}],
    ['with confirm: false', { confirm: false }],
    ['with confirm: "yes"', { confirm: 'yes' }],
  ])('answers 400 naming confirm to an exchange %s, changing nothing', async (_label, extra) => {
    const txId = await newMove('active')
    const detail = await detailOf(txId)
    const before = await snapshot(txId)
    const err = await expectError(
      await changeStatus(buyerConveyancer, txId, {
        action: 'exchange',
        version: detail.version,
        exchange_date: '2026-12-01',
        completion_date: '2026-12-15',
        ...extra,
      }),
      400,
    )
    expect(err.error.fields!.confirm).toEqual(['Confirm that contracts have been exchanged'])
    expect(await snapshot(txId)).toEqual(before)
  })

  it('refuses exchange with 409 naming the blocked stages, changing nothing; once cleared it is recorded', async () => {
    const txId = await newMove('active')
    let detail = await detailOf(txId)
    for (const name of ['Searches', 'Enquiries & report on title']) {
      const res = await block(buyerConveyancer, txId, stageNamed(detail, name), 'Waiting on the council')
      detail = TransactionDetail.parse(await res.json())
    }
    const before = await snapshot(txId)
    const exchange = { ...EXCHANGE, version: detail.version }
    const err = await expectError(
      await changeStatus(sellerConveyancer, txId, exchange),
      409,
      'Searches and Enquiries & report on title are blocked. Clear the block before recording exchange: from exchange both sides are legally bound.',
    )
    expect(err.error.code).toBe('conflict')
    expect(await snapshot(txId)).toEqual(before)

    for (const name of ['Searches', 'Enquiries & report on title']) {
      const res = await block(buyerConveyancer, txId, stageNamed(detail, name), null)
      detail = TransactionDetail.parse(await res.json())
    }
    const res = await changeStatus(sellerConveyancer, txId, { ...EXCHANGE, version: detail.version })
    expect(res.status).toBe(200)
    expect(TransactionDetail.parse(await res.json()).status).toBe('exchange')
  })

  it('answers 409 to a stale version, changing nothing', async () => {
    const txId = await newMove('draft')
    const detail = await detailOf(txId)
    expect((await changeStatus(buyerConveyancer, txId, { action: 'activate', version: detail.version })).status).toBe(
      200,
    )
    const before = await snapshot(txId)
    await expectError(
      await changeStatus(buyer, txId, { action: 'cancel', reason: 'Chain collapsed', version: detail.version }),
      409,
      'Someone else changed this move a moment ago. We have loaded the latest version: please check it and try again.',
    )
    expect(await snapshot(txId)).toEqual(before)
  })

  it('lets exactly one of two concurrent status changes with the same version win', async () => {
    const txId = await newMove('active')
    const detail = await detailOf(txId)
    const results = await Promise.all([
      changeStatus(buyerConveyancer, txId, {
        action: 'exchange',
        version: detail.version,
        exchange_date: '2026-12-01',
        completion_date: '2026-12-15',
        confirm: true,
      }),
      changeStatus(buyer, txId, { action: 'cancel', version: detail.version, reason: 'Chain collapsed' }),
    ])
    expect(results.map((r) => r.status).sort()).toEqual([200, 409])
    const after = await detailOf(txId)
    expect(after.version).toBe(detail.version + 1)
    expect(['exchange', 'cancelled']).toContain(after.status)
  })

  it('answers 404 to an outsider and 401 to a signed-out caller, changing nothing', async () => {
    const txId = await newMove('active')
    const detail = await detailOf(txId)
    const before = await snapshot(txId)
    for (const [as, status] of [
      [outsider, 404],
      [null, 401],
    ] as const) {
      const err = await expectError(
        await changeStatus(as, txId, { action: 'cancel', reason: 'Not mine to cancel', version: detail.version }),
        status,
      )
      expect(err).toEqual(
        status === 401
          ? { error: { code: 'unauthenticated', message: 'Sign in to continue.' } }
          : { error: { code: 'not_found', message: 'Could not find this transaction.' } },
      )
    }
    expect(await snapshot(txId)).toEqual(before)
  })
})
