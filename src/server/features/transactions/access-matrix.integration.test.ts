/**
 * The access matrix (ASVS 8.2): every transaction endpoint called as buyer, seller,
 * participant professional, outsider and anonymous. The allowed get their data; an outsider gets 404
 * with no transaction data in the body, a signed-out caller 401 before anything else
 * (docs/decisions/005-access-control.md). New transaction endpoints add a row to ENDPOINTS.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { Invitation, InvitationList } from '#shared/contracts/invitations.ts'
import { DashboardResponse, TransactionDetail } from '#shared/contracts/transactions.ts'
import { CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { createTransaction, type InsertedTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'
import { withoutRequestId } from '#server/test/error-body.ts'

type Actor = 'buyer' | 'seller' | 'professional' | 'outsider' | 'anonymous'
const ALLOWED: Actor[] = ['buyer', 'seller', 'professional']
const DENIED: Actor[] = ['outsider', 'anonymous']

const t = useTestApp()
let users: Record<Exclude<Actor, 'anonymous'>, TestUser>
let tx: InsertedTransaction
const SECRET_ADDRESS = '221 Secret Lane'
const SECRET_MESSAGE = 'The completion monies are ready for Friday'
const SECRET_INVITEE = 'secret-surveyor@homeward.test'
let invitation: Invitation

beforeAll(async () => {
  users = {
    buyer: await t.signUp({ role: 'buyer', name: 'Bea Buyer' }),
    seller: await t.signUp({ role: 'seller', name: 'Sam Seller' }),
    professional: await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' }),
    outsider: await t.signUp({ role: 'buyer', name: 'Olly Outsider' }),
  }
  tx = await createTransaction(t.database, {
    buyerProfileId: users.buyer.profileId,
    sellerProfileId: users.seller.profileId,
    participants: [
      { profileId: users.professional.profileId, role: 'buyer_conveyancer', invitedBy: users.buyer.profileId },
    ],
    property: { addressLines: [SECRET_ADDRESS, 'Harpenden'], postcode: 'AL5 2JX' },
  })
  await t.database.query(
    `insert into documents (transaction_id, filename, folder, version, uploaded_by, audience) values ($1, 'TA6 Property Information.pdf', 'Property', 1, $2, 'everyone')`,
    [tx.transactionId, users.seller.profileId],
  )
  // Into the 'General' thread every transaction gets on insert (migration 0005).
  await t.database.query(
    `insert into messages (transaction_id, thread_id, author_id, body_md)
     select $1, th.id, $2, $3 from message_threads th where th.transaction_id = $1 and th.topic = 'general'`,
    [tx.transactionId, users.buyer.profileId, SECRET_MESSAGE],
  )
  const invited = await t.request(`/api/transactions/${tx.transactionId}/invitations`, {
    as: users.buyer,
    json: { email: SECRET_INVITEE, role: 'surveyor' },
  })
  expect(invited.status).toBe(201)
  invitation = Invitation.parse(await invited.json())
})

const as = (actor: Actor) => (actor === 'anonymous' ? null : users[actor])

/** An outsider's 404 (same as an unknown id) or a signed-out caller's 401; returns the body text. */
async function expectDenied(actor: Actor, res: Response): Promise<string> {
  const signedOut = actor === 'anonymous'
  expect(res.status).toBe(signedOut ? 401 : 404)
  const text = await res.text()
  expect(withoutRequestId(JSON.parse(text))).toEqual(
    signedOut
      ? { error: { code: 'unauthenticated', message: 'Sign in to continue.' } }
      : { error: { code: 'not_found', message: 'Could not find this transaction.' } },
  )
  return text
}

/** Transaction-scoped endpoints: each returns the transaction's data to the allowed. */
const ENDPOINTS = [
  {
    name: 'GET /api/transactions/{txId}',
    call: (actor: Actor) => t.request(`/api/transactions/${tx.transactionId}`, { as: as(actor) }),
    check: (body: unknown) => {
      const detail = TransactionDetail.parse(body)
      expect(detail.id).toBe(tx.transactionId)
      expect(detail.property?.address_lines[0]).toBe(SECRET_ADDRESS)
    },
  },
  {
    name: 'GET /api/transactions/{txId}/invitations',
    call: (actor: Actor) => t.request(`/api/transactions/${tx.transactionId}/invitations`, { as: as(actor) }),
    check: (body: unknown) => {
      const list = InvitationList.parse(body)
      expect(list.invitations.map((i) => i.email)).toContain(SECRET_INVITEE)
    },
  },
]

describe.each(ENDPOINTS)('$name', ({ call, check }) => {
  it.each(ALLOWED)('gives the %s the data', async (actor) => {
    const res = await call(actor)
    expect(res.status).toBe(200)
    check(await res.json())
  })

  it.each(DENIED)('gives the %s 404 (signed out: 401) and no data', async (actor) => {
    const res = await call(actor)
    const text = await expectDenied(actor, res)
    expect(text).not.toContain(SECRET_ADDRESS)
    expect(text).not.toContain(SECRET_MESSAGE)
    expect(text).not.toContain(SECRET_INVITEE)
  })
})

/** Everything a write could change on the transaction, read straight from the database. */
async function snapshot() {
  const [row] = await t.database.query<{ s: string }>(
    `select json_build_object(
       'tx', (select row_to_json(x) from transactions x where x.id = $1),
       'stages', (select json_agg(row_to_json(s) order by s.sort_index) from timeline_stages s where s.transaction_id = $1),
       'tasks', (select json_agg(row_to_json(k) order by k.id) from tasks k
                 join timeline_stages s on s.id = k.stage_id where s.transaction_id = $1),
       'participants', (select json_agg(row_to_json(p) order by p.id) from transaction_participants p where p.transaction_id = $1),
       'invitations', (select json_agg(row_to_json(i) order by i.id) from invitations i where i.transaction_id = $1),
       'mail', (select count(*) from mail_outbox where transaction_id = $1),
       'activity', (select count(*) from activity_events where transaction_id = $1)
     )::text as s`,
    [tx.transactionId],
  )
  return JSON.parse(row.s) as Record<string, unknown>
}

/** The current version of a task and of a stage, so that a denied write fails on access alone. */
async function taskOwnedBy(ownerSide: string) {
  const [task] = await t.database.query<{ id: string; version: number }>(
    `select k.id, k.version from tasks k join timeline_stages s on s.id = k.stage_id
     where s.transaction_id = $1 and k.owner_side = $2 and k.status = 'not_completed' and k.title <> all($3)
     order by s.sort_index, k.sort_index limit 1`,
    // The ID and AML tasks tick only from approved CDD records (features/verification): pick another.
    [tx.transactionId, ownerSide, Object.values(CDD_TASK_TITLES)],
  )
  return task
}

async function currentVersions() {
  const [stage] = await t.database.query<{ id: string; version: number }>(
    'select id, version from timeline_stages where transaction_id = $1 order by sort_index limit 1',
    [tx.transactionId],
  )
  const [row] = await t.database.query<{ version: number }>('select version from transactions where id = $1', [
    tx.transactionId,
  ])
  return { task: await taskOwnedBy('buyer_side'), stage, txVersion: row.version }
}

/**
 * Transaction-scoped writes, each as the allowed actor would send it (current versions): the denied
 * get the same 404 as for reads, and nothing changes.
 */
const WRITES = [
  {
    name: 'PATCH /api/transactions/{txId}/tasks/{taskId}',
    call: async (actor: Actor) => {
      const { task } = await currentVersions()
      return t.request(`/api/transactions/${tx.transactionId}/tasks/${task.id}`, {
        method: 'PATCH',
        json: { status: 'completed', version: task.version },
        as: as(actor),
      })
    },
  },
  {
    name: 'PATCH /api/transactions/{txId}/stages/{stageId}',
    call: async (actor: Actor) => {
      const { stage } = await currentVersions()
      return t.request(`/api/transactions/${tx.transactionId}/stages/${stage.id}`, {
        method: 'PATCH',
        json: { blocked_reason: 'Blocked by someone who should not', version: stage.version },
        as: as(actor),
      })
    },
  },
  {
    name: 'POST /api/transactions/{txId}/status',
    call: async (actor: Actor) => {
      const { txVersion } = await currentVersions()
      return t.request(`/api/transactions/${tx.transactionId}/status`, {
        json: { action: 'cancel', reason: 'Cancelled by someone who should not', version: txVersion },
        as: as(actor),
      })
    },
  },
  {
    name: 'POST /api/transactions/{txId}/invitations',
    call: async (actor: Actor) =>
      t.request(`/api/transactions/${tx.transactionId}/invitations`, {
        json: { email: 'intruder-friend@homeward.test', role: 'buyer_conveyancer' },
        as: as(actor),
      }),
  },
  {
    name: 'POST /api/transactions/{txId}/invitations/{invitationId}/resend',
    call: async (actor: Actor) =>
      t.request(`/api/transactions/${tx.transactionId}/invitations/${invitation.id}/resend`, {
        method: 'POST',
        as: as(actor),
      }),
  },
  {
    name: 'DELETE /api/transactions/{txId}/invitations/{invitationId}',
    call: async (actor: Actor) =>
      t.request(`/api/transactions/${tx.transactionId}/invitations/${invitation.id}`, {
        method: 'DELETE',
        as: as(actor),
      }),
  },
]

describe.each(WRITES)('$name', ({ call }) => {
  it.each(DENIED)('gives the %s 404 (signed out: 401) and changes nothing', async (actor) => {
    const before = await snapshot()
    const res = await call(actor)
    const text = await expectDenied(actor, res)
    expect(text).not.toContain(SECRET_ADDRESS)
    expect(text).not.toContain(SECRET_INVITEE)
    expect(await snapshot()).toEqual(before)
  })
})

describe('writes by the allowed', () => {
  it.each([
    ['buyer', 'buyer_side'],
    ['seller', 'seller_side'],
    ['professional', 'buyer_conveyancer'],
  ] as const)('the %s ticks a %s task and gets the refreshed detail', async (actor, ownerSide) => {
    const task = await taskOwnedBy(ownerSide)
    const res = await t.request(`/api/transactions/${tx.transactionId}/tasks/${task.id}`, {
      method: 'PATCH',
      json: { status: 'completed', version: task.version },
      as: as(actor),
    })
    expect(res.status).toBe(200)
    const detail = TransactionDetail.parse(await res.json())
    const ticked = detail.timeline_stages.flatMap((s) => s.tasks).find((k) => k.id === task.id)
    expect(ticked).toMatchObject({ status: 'completed', completed_by_name: users[actor].name })
  })

  it.each(ALLOWED)('the %s invites someone and re-sends the pending invitation', async (actor) => {
    const email = `invited-by-${actor}@homeward.test`
    const created = await t.request(`/api/transactions/${tx.transactionId}/invitations`, {
      // Each side appoints its own people.
      json: { email, role: actor === 'seller' ? 'estate_agent' : 'mortgage_broker' },
      as: as(actor),
    })
    expect(created.status).toBe(201)
    const inv = Invitation.parse(await created.json())
    const resent = await t.request(`/api/transactions/${tx.transactionId}/invitations/${inv.id}/resend`, {
      method: 'POST',
      as: as(actor),
    })
    expect(resent.status).toBe(200)
    expect(Invitation.parse(await resent.json())).toMatchObject({ id: inv.id, send_count: 2 })
  })

  it('the professional withdraws a pending invitation of their side', async () => {
    const created = await t.request(`/api/transactions/${tx.transactionId}/invitations`, {
      json: { email: 'to-withdraw@homeward.test', role: 'surveyor' },
      as: users.buyer,
    })
    const inv = Invitation.parse(await created.json())
    const res = await t.request(`/api/transactions/${tx.transactionId}/invitations/${inv.id}`, {
      method: 'DELETE',
      as: users.professional,
    })
    expect(res.status).toBe(204)
  })
})

describe('GET /api/transactions (dashboard)', () => {
  it.each(ALLOWED)('lists the transaction for the %s', async (actor) => {
    const res = await t.request('/api/transactions', { as: as(actor) })
    expect(res.status).toBe(200)
    const body = DashboardResponse.parse(await res.json())
    expect(body.transactions.map((x) => x.id)).toContain(tx.transactionId)
  })

  it('does not list it for an outsider', async () => {
    const res = await t.request('/api/transactions', { as: users.outsider })
    expect(res.status).toBe(200)
    const text = await res.text()
    expect(DashboardResponse.parse(JSON.parse(text)).transactions).toEqual([])
    expect(text).not.toContain(SECRET_ADDRESS)
  })

  it('answers 401 to anonymous callers', async () => {
    const res = await t.request('/api/transactions')
    expect(res.status).toBe(401)
    expect((await res.json()).error.code).toBe('unauthenticated')
  })
})

describe('ids replayed by someone else (ASVS 8.2.2)', () => {
  it('a removed participant loses access at once', async () => {
    const extra = await t.signUp({ role: 'surveyor' })
    const other = await createTransaction(t.database, {
      buyerProfileId: users.buyer.profileId,
      participants: [{ profileId: extra.profileId, role: 'surveyor' }],
    })
    expect((await t.request(`/api/transactions/${other.transactionId}`, { as: extra })).status).toBe(200)
    await t.database.query(`delete from transaction_participants where transaction_id = $1 and user_id = $2`, [
      other.transactionId,
      extra.profileId,
    ])
    expect((await t.request(`/api/transactions/${other.transactionId}`, { as: extra })).status).toBe(404)
  })

  it('task, stage and invitation ids replayed under the outsider’s own transaction are not found', async () => {
    const own = await createTransaction(t.database, { buyerProfileId: users.outsider.profileId })
    const { task, stage } = await currentVersions()
    const before = await snapshot()
    const base = `/api/transactions/${own.transactionId}`
    const attempts = [
      t.request(`${base}/tasks/${task.id}`, {
        method: 'PATCH',
        json: { status: 'completed', version: task.version },
        as: users.outsider,
      }),
      t.request(`${base}/stages/${stage.id}`, {
        method: 'PATCH',
        json: { blocked_reason: 'Replayed', version: stage.version },
        as: users.outsider,
      }),
      t.request(`${base}/invitations/${invitation.id}/resend`, { method: 'POST', as: users.outsider }),
      t.request(`${base}/invitations/${invitation.id}`, { method: 'DELETE', as: users.outsider }),
    ]
    for (const res of await Promise.all(attempts)) {
      expect(res.status).toBe(404)
      expect(await res.text()).not.toContain(SECRET_INVITEE)
    }
    expect(await snapshot()).toEqual(before)
  })

  it('an unknown id reads exactly like a forbidden one', async () => {
    const unknown = await t.request('/api/transactions/00000000-0000-4000-8000-000000000000', { as: users.buyer })
    const forbidden = await t.request(`/api/transactions/${tx.transactionId}`, { as: users.outsider })
    expect(unknown.status).toBe(forbidden.status)
    expect(withoutRequestId(JSON.parse(await unknown.text()))).toEqual(
      withoutRequestId(JSON.parse(await forbidden.text())),
    )
  })
})
