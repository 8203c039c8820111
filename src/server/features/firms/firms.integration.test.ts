/**
 * Firms and the cases board, through the API on a real database: creating and claiming a firm,
 * inviting colleagues by email (the outbox) and their joining, member rules (one firm at a time, the
 * last admin, live matters before removal), opening a matter and inviting the client, reassigning
 * (422 for a non-member or an assistant, 409 for a stale version), what firm members see of a move
 * (the access matrix: member, assistant, member of another firm, ex-member), and the board: one row
 * per matter, filters, sorts, keyset pages past 100 rows, one SQL statement; its SLA column from the
 * matter's open clocks (breached, paused, a bank holiday moving a due date) and its stored progress
 * (stage, next task) following a tick in the same transaction.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import {
  BoardResponse,
  FirmEventsResponse,
  MyFirmResponse,
  OpenMatterResponse,
  TransactionMatterResponse,
} from '#shared/contracts/firms.ts'
import { TransactionDetail } from '#shared/contracts/transactions.ts'
import { CDD_TASK_TITLES } from '#shared/domain/client-due-diligence.ts'
import { standardTimeline } from '#shared/domain/timeline-template.ts'
import { londonDate } from '#shared/domain/working-days.ts'
import { createOrganization, createTransaction, stagesInProgress } from '#server/test/factories.ts'
import { TEST_PUBLIC_URL, type TestUser, useTestApp } from '#server/test/test-app.ts'
import { refreshClockMilestones } from '#server/core/clocks/clock-milestones.ts'
import { listBoard } from './list-board'
import { withoutRequestId } from '#server/test/error-body.ts'

const t = useTestApp()
const LINK = new RegExp(`${TEST_PUBLIC_URL.replace(/[/.]/g, '\\$&')}/join/([A-Za-z0-9_-]{43})\\?email=`)

let admin: TestUser
let feeEarner: TestUser
let assistant: TestUser
let otherFirmAdmin: TestUser
let exMember: TestUser
let buyerClient: TestUser
let firmId: string

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text()
  expect(res.status, text).toBe(status)
  return (text ? JSON.parse(text) : undefined) as T
}

async function expectError(res: Response, status: number, message?: RegExp) {
  const body = await json<{ error: { message: string } }>(res, status)
  if (message) expect(body.error.message).toMatch(message)
}

const domain = `firm-${randomUUID().slice(0, 8)}.test`

async function createFirm(as: TestUser, name: string) {
  return MyFirmResponse.parse(
    await json(
      await t.request('/api/firm', {
        as,
        json: { name, town: 'St Albans', postcode_district: 'al1', contact_email: `hello@${domain}` },
      }),
      201,
    ),
  )
}

async function latestJoinToken(email: string): Promise<string> {
  const rows = await t.database.query<{ text_body: string }>(
    `select text_body from mail_outbox where to_address = $1 and kind = 'firm_invitation' order by created_at desc limit 1`,
    [email],
  )
  const m = LINK.exec(rows[0]?.text_body ?? '')
  if (!m) throw new Error(`no firm invitation link mailed to ${email}`)
  return m[1]
}

async function join(as: TestUser, inviter: TestUser, role: string) {
  await json(await t.request('/api/firm/invitations', { as: inviter, json: { email: as.email, role } }), 201)
  const token = await latestJoinToken(as.email.toLowerCase())
  return t.request(`/api/firm-invitations/${token}/accept`, { as, method: 'POST' })
}

const MATTER = {
  address_line_1: '4 Holywell Hill',
  town: 'St Albans',
  postcode: 'AL1 1BT',
  agreed_price: 610000,
  tenure: 'freehold',
}

async function openMatter(as: TestUser, extra: Record<string, unknown>) {
  return t.request('/api/matters', { as, json: { ...MATTER, side: 'buyer', ...extra } })
}

async function board(as: TestUser, query = ''): Promise<BoardResponse> {
  return BoardResponse.parse(await json(await t.request(`/api/cases${query}`, { as }), 200))
}

beforeAll(async () => {
  ;[admin, feeEarner, assistant, otherFirmAdmin, exMember, buyerClient] = await Promise.all([
    t.signUp({ role: 'conveyancer', name: 'Ada Admin', email: `ada@${domain}` }),
    t.signUp({ role: 'conveyancer', name: 'Fern Earner' }),
    t.signUp({ role: 'conveyancer', name: 'Asha Assistant' }),
    t.signUp({ role: 'conveyancer', name: 'Otto Other' }),
    t.signUp({ role: 'conveyancer', name: 'Ezra Former' }),
    t.signUp({ role: 'buyer', name: 'Cleo Client' }),
  ])
  firmId = (await createFirm(admin, 'Admin & Co Conveyancing')).firm!.id
  await json(await join(feeEarner, admin, 'fee_earner'), 200)
  await json(await join(assistant, admin, 'assistant'), 200)
  await json(await join(exMember, admin, 'fee_earner'), 200)
  await createFirm(otherFirmAdmin, 'Other Firm LLP')
})

describe('firm membership', () => {
  it('lists the firm, its members in their roles and my role', async () => {
    const mine = MyFirmResponse.parse(await json(await t.request('/api/firm', { as: feeEarner }), 200))
    expect(mine.firm?.id).toBe(firmId)
    expect(mine.firm?.listed).toBe(false)
    expect(mine.my_role).toBe('fee_earner')
    expect(mine.members.map((m) => [m.full_name, m.role])).toEqual(
      expect.arrayContaining([
        ['Ada Admin', 'admin'],
        ['Fern Earner', 'fee_earner'],
        ['Asha Assistant', 'assistant'],
      ]),
    )
    expect(mine.invitations).toEqual([]) // only admins see invitations
  })

  it('a buyer has no firm and cannot create one', async () => {
    expect(MyFirmResponse.parse(await json(await t.request('/api/firm', { as: buyerClient }), 200)).firm).toBeNull()
    await expectError(
      await t.request('/api/firm', {
        as: buyerClient,
        json: { name: 'Nope', town: 'X', postcode_district: 'AL1', contact_email: 'a@b.test' },
      }),
      403,
      /Only professionals/,
    )
  })

  it('a person works in one firm at a time: creating a second firm or joining another is 409', async () => {
    await expectError(
      await t.request('/api/firm', {
        as: feeEarner,
        json: { name: 'Breakaway', town: 'X', postcode_district: 'AL1', contact_email: 'a@b.test' },
      }),
      409,
      /already belong to Admin & Co/,
    )
    await expectError(await join(feeEarner, otherFirmAdmin, 'fee_earner'), 409, /Leave it before you join Other Firm/)
  })

  it('only an admin invites; the link works once and only for the invited email', async () => {
    await expectError(
      await t.request('/api/firm/invitations', { as: feeEarner, json: { email: 'x@y.test', role: 'assistant' } }),
      403,
      /Only an admin/,
    )
    const stranger = await t.signUp({ role: 'conveyancer' })
    await json(
      await t.request('/api/firm/invitations', { as: admin, json: { email: stranger.email, role: 'assistant' } }),
      201,
    )
    const token = await latestJoinToken(stranger.email.toLowerCase())
    const wrong = await t.signUp({ role: 'conveyancer' })
    await expectError(
      await t.request(`/api/firm-invitations/${token}/accept`, { as: wrong, method: 'POST' }),
      403,
      /another email/,
    )
    await json(await t.request(`/api/firm-invitations/${token}/accept`, { as: stranger, method: 'POST' }), 200)
    await expectError(await t.request(`/api/firm-invitations/${token}/accept`, { as: stranger, method: 'POST' }), 410)
  })

  it('the invitation link opens a public preview naming the firm and the inviter, with the address only in the link', async () => {
    const invited = `joiner-${randomUUID().slice(0, 8)}@example.test`
    await json(
      await t.request('/api/firm/invitations', { as: admin, json: { email: invited, role: 'fee_earner' } }),
      201,
    )
    const [mail] = await t.database.query<{ text_body: string }>(
      `select text_body from mail_outbox where to_address = $1 and kind = 'firm_invitation' order by created_at desc limit 1`,
      [invited],
    )
    // The emailed link carries the address (it went to that address), for Sign Up to be filled in.
    expect(mail.text_body).toContain(`/join/`)
    expect(mail.text_body).toContain(`?email=${encodeURIComponent(invited)}`)
    const token = await latestJoinToken(invited)
    // Public: no session needed; the address is masked in the answer.
    const res = await t.request(`/api/firm-invitations/${token}`)
    const preview = await json<Record<string, unknown>>(res, 200)
    const firm = await t.database.query<{ name: string; type: string }>(
      `select o.name, o.type from organizations o join organization_members om on om.organization_id = o.id
       where om.profile_id = $1 and om.removed_at is null`,
      [admin.profileId],
    )
    const [inviter] = await t.database.query<{ full_name: string }>(`select full_name from profiles where id = $1`, [
      admin.profileId,
    ])
    expect(preview).toMatchObject({
      status: 'pending',
      firm_name: firm[0].name,
      firm_type: firm[0].type,
      role: 'fee_earner',
      invited_by_name: inviter.full_name,
      email: `${invited[0]}***@example.test`,
    })
    expect(JSON.stringify(preview)).not.toContain(invited)
    await expectError(await t.request(`/api/firm-invitations/${'x'.repeat(43)}`), 404, /not valid/)
    const joiner = await t.signUp({ role: 'conveyancer', email: invited })
    await json(await t.request(`/api/firm-invitations/${token}/accept`, { as: joiner, method: 'POST' }), 200)
    expect(await json<{ status: string }>(await t.request(`/api/firm-invitations/${token}`), 200)).toMatchObject({
      status: 'accepted',
    })
  })

  it('keeps at least one admin, and only admins change roles', async () => {
    await expectError(
      await t.request(`/api/firm/members/${admin.profileId}`, {
        as: admin,
        method: 'PATCH',
        json: { role: 'fee_earner' },
      }),
      409,
      /at least one admin/,
    )
    await expectError(
      await t.request(`/api/firm/members/${assistant.profileId}`, {
        as: feeEarner,
        method: 'PATCH',
        json: { role: 'admin' },
      }),
      403,
    )
  })

  it('claims an unjoined listing only from an email at its domain', async () => {
    const { organizationId } = await createOrganization(t.database)
    const loner = await t.signUp({ role: 'conveyancer' })
    await expectError(
      await t.request('/api/firm/claim', { as: loner, json: { organization_id: organizationId } }),
      403,
      /email address at its own domain/,
    )
    const owner = await t.signUp({ role: 'conveyancer', email: `owner@${organizationId}.example` })
    const claimed = MyFirmResponse.parse(
      await json(await t.request('/api/firm/claim', { as: owner, json: { organization_id: organizationId } }), 200),
    )
    expect(claimed).toMatchObject({ firm: { id: organizationId, listed: true }, my_role: 'admin' })
    const second = await t.signUp({ role: 'conveyancer', email: `second@${organizationId}.example` })
    await expectError(
      await t.request('/api/firm/claim', { as: second, json: { organization_id: organizationId } }),
      409,
      /already has people/,
    )
  })
})

describe('matters and access', () => {
  let matterId: string
  let txId: string

  beforeAll(async () => {
    const opened = await json<{ matter_id: string; transaction_id: string }>(
      await openMatter(feeEarner, { client_name: 'Cleo Client', client_email: buyerClient.email }),
      201,
    )
    ;({ matter_id: matterId, transaction_id: txId } = opened)
    // The ex-member holds a matter, which is reassigned before they leave.
    const theirs = await json<{ matter_id: string }>(
      await openMatter(exMember, { client_name: 'Someone', client_email: 'someone@example.test', side: 'seller' }),
      201,
    )
    await json(await t.request(`/api/firm/members/${exMember.profileId}`, { as: admin, method: 'DELETE' }), 409)
    await json(
      await t.request(`/api/matters/${theirs.matter_id}/fee-earner`, {
        as: admin,
        method: 'PATCH',
        json: { fee_earner_id: admin.profileId, version: 1 },
      }),
      200,
    )
    await json(await t.request(`/api/firm/members/${exMember.profileId}`, { as: admin, method: 'DELETE' }), 204)
  })

  it('opening a matter makes a draft move with the fee earner as the conveyancer and invites the client by email', async () => {
    const mail = await t.database.query<{ subject: string }>(
      `select subject from mail_outbox where to_address = $1 and kind = 'invitation'`,
      [buyerClient.email.toLowerCase()],
    )
    expect(mail).toHaveLength(1)
    const detail = await json<{
      status: string
      viewer_role: string
      transaction_participants: { role: string; user_id: string }[]
    }>(await t.request(`/api/transactions/${txId}`, { as: feeEarner }), 200)
    expect(detail.status).toBe('draft')
    expect(detail.viewer_role).toBe('buyer_conveyancer')
    expect(detail.transaction_participants).toEqual([
      expect.objectContaining({ user_id: feeEarner.profileId, role: 'buyer_conveyancer' }),
    ])
  })

  it('an assistant cannot open a matter; a fee earner cannot open one for a colleague', async () => {
    await expectError(
      await openMatter(assistant, { client_name: 'X', client_email: 'x@example.test' }),
      403,
      /assistant cannot open/,
    )
    await expectError(
      await openMatter(feeEarner, { client_name: 'X', client_email: 'x@example.test', fee_earner_id: admin.profileId }),
      403,
    )
  })

  it.each([
    ['the admin', 200, () => admin, 'buyer_conveyancer'],
    ['the fee earner', 200, () => feeEarner, 'buyer_conveyancer'],
    ['an assistant', 200, () => assistant, 'buyer_conveyancer'],
    ['a member of another firm', 404, () => otherFirmAdmin, null],
    ['an ex-member', 404, () => exMember, null],
  ] as const)('%s: transaction detail %i', async (_who, status, as, role) => {
    const res = await t.request(`/api/transactions/${txId}`, { as: as() })
    const body = await json<{ viewer_role?: string; error?: { code: string } }>(res, status)
    if (role) expect(body.viewer_role).toBe(role)
    else
      expect(withoutRequestId(body)).toEqual({
        error: { code: 'not_found', message: 'Could not find this transaction.' },
      })
  })

  it.each([
    ['an assistant', 200, () => assistant],
    ['a member of another firm', 404, () => otherFirmAdmin],
    ['an ex-member', 404, () => exMember],
  ] as const)('%s: writing (ticking a task) answers %i', async (_who, status, as) => {
    const [task] = await t.database.query<{ id: string; version: number }>(
      `select k.id, k.version from tasks k join timeline_stages s on s.id = k.stage_id
       where s.transaction_id = $1 and k.owner_side = 'buyer_conveyancer' and k.status = 'not_completed'
         and k.title <> all($2) order by s.sort_index, k.sort_index limit 1`,
      // The ID and AML tasks tick only from approved CDD records (features/verification): pick another.
      [txId, Object.values(CDD_TASK_TITLES)],
    )
    const res = await t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
      as: as(),
      method: 'PATCH',
      json: { status: 'completed', version: task.version },
    })
    expect(res.status).toBe(status)
    if (status === 200) {
      await t.request(`/api/transactions/${txId}/tasks/${task.id}`, {
        as: as(),
        method: 'PATCH',
        json: { status: 'not_completed', version: task.version + 1 },
      })
    }
  })

  it('the board shows the firm its matters and nobody else', async () => {
    expect((await board(assistant)).rows.map((r) => r.matter_id)).toContain(matterId)
    expect((await board(otherFirmAdmin)).rows.map((r) => r.matter_id)).not.toContain(matterId)
    expect(await board(exMember)).toMatchObject({ rows: [], total: 0, viewer_role: null })
    expect(await board(buyerClient)).toMatchObject({ rows: [], viewer_role: null })
  })

  it('reassigning: admins only; to a non-member or an assistant 422 naming the rule; stale version 409', async () => {
    const reassign = (as: TestUser, fee_earner_id: string, version = 1) =>
      t.request(`/api/matters/${matterId}/fee-earner`, { as, method: 'PATCH', json: { fee_earner_id, version } })
    await expectError(await reassign(feeEarner, admin.profileId), 403, /Only an admin/)
    await expectError(
      await reassign(admin, otherFirmAdmin.profileId),
      422,
      /must be a current member of Admin & Co Conveyancing/,
    )
    await expectError(await reassign(admin, exMember.profileId), 422, /must be a current member/)
    await expectError(await reassign(admin, assistant.profileId), 422, /assistant cannot be the fee earner/)
    await expectError(await reassign(otherFirmAdmin, otherFirmAdmin.profileId), 404)
    expect(await json(await reassign(admin, admin.profileId), 200)).toEqual({ version: 2 })
    await expectError(await reassign(admin, feeEarner.profileId, 1), 409, /now version 2/)
    const row = (await board(admin)).rows.find((r) => r.matter_id === matterId)!
    expect(row.fee_earner).toEqual({ id: admin.profileId, full_name: 'Ada Admin' })
    // The conveyancer seat on the move followed the matter.
    const detail = await json<{ transaction_participants: { role: string; user_id: string }[] }>(
      await t.request(`/api/transactions/${txId}`, { as: admin }),
      200,
    )
    expect(detail.transaction_participants.find((p) => p.role === 'buyer_conveyancer')?.user_id).toBe(admin.profileId)
    await json(await reassign(admin, feeEarner.profileId, 2), 200)
  })
})

describe('cases board', () => {
  let boardFirmAdmin: TestUser
  let colleague: TestUser
  const DAY = 86_400_000

  /** Inserts `n` matters for the board firm straight into the database (as the seed does). */
  async function seedMatters(
    n: number,
    orgId: string,
    make: (i: number) => Partial<{
      side: string
      feeEarner: string
      completedStages: number
      instructedDaysAgo: number
      postcode: string
      client: string
    }>,
  ) {
    const template = standardTimeline({ tenure: 'freehold' })
    for (let i = 0; i < n; i++) {
      const o = make(i)
      const inserted = await createTransaction(t.database, {
        stages: stagesInProgress(template, { completedStages: o.completedStages ?? 1 }),
        property: { addressLines: [`${i + 1} Board Street`, 'Harpenden'], postcode: o.postcode ?? 'AL5 2AA' },
        createdAt: new Date(Date.now() - (o.instructedDaysAgo ?? i) * DAY),
      })
      await t.database.query(
        `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name, instructed_at)
         values ($1, $2, $3, $4, $5, now() - make_interval(days => $6::int) - make_interval(secs => $7::int))`,
        [
          orgId,
          inserted.transactionId,
          o.side ?? 'buyer',
          o.feeEarner ?? boardFirmAdmin.profileId,
          o.client ?? `Client ${i + 1}`,
          o.instructedDaysAgo ?? i,
          i,
        ],
      )
    }
  }

  beforeAll(async () => {
    boardFirmAdmin = await t.signUp({ role: 'conveyancer', name: 'Bo Board' })
    colleague = await t.signUp({ role: 'conveyancer', name: 'Col League' })
    const firm = await createFirm(boardFirmAdmin, 'Board Firm')
    await json(await join(colleague, boardFirmAdmin, 'fee_earner'), 200)
    await seedMatters(130, firm.firm!.id, (i) => ({
      side: i % 3 === 0 ? 'seller' : 'buyer',
      feeEarner: i % 4 === 0 ? colleague.profileId : boardFirmAdmin.profileId,
      completedStages: i % 5,
      instructedDaysAgo: i % 60,
      postcode: i === 7 ? 'AL5 9ZZ' : 'AL5 2AA',
      client: i === 11 ? 'Zebedee Quill' : undefined,
    }))
  })

  it('pages past 100 rows with a keyset cursor: every matter exactly once, in order', async () => {
    const first = await board(boardFirmAdmin)
    expect(first.total).toBe(130)
    expect(first.rows).toHaveLength(100)
    expect(first.next_cursor).not.toBeNull()
    const second = await board(boardFirmAdmin, `?cursor=${first.next_cursor}`)
    expect(second.rows).toHaveLength(30)
    expect(second.next_cursor).toBeNull()
    const ids = [...first.rows, ...second.rows].map((r) => r.matter_id)
    expect(new Set(ids).size).toBe(130)
    const instructed = [...first.rows, ...second.rows].map((r) => r.instructed_at)
    expect(instructed).toEqual([...instructed].sort((a, b) => Date.parse(a) - Date.parse(b)))
  })

  it.each(['due', 'completion', 'activity', 'address'] as const)(
    'keyset pages stay complete when sorted by %s',
    async (sort) => {
      const ids: string[] = []
      let cursor: string | null = null
      do {
        const page: BoardResponse = await board(
          boardFirmAdmin,
          `?sort=${sort}&limit=40${cursor ? `&cursor=${cursor}` : ''}`,
        )
        ids.push(...page.rows.map((r) => r.matter_id))
        cursor = page.next_cursor
      } while (cursor)
      expect(ids).toHaveLength(130)
      expect(new Set(ids).size).toBe(130)
    },
  )

  it('filters by side, fee earner, stage and text on address, postcode and client', async () => {
    const sellers = await board(boardFirmAdmin, '?side=seller')
    expect(sellers.total).toBe(44)
    expect(sellers.rows.every((r) => r.side === 'seller')).toBe(true)
    const theirs = await board(boardFirmAdmin, `?fee_earner=${colleague.profileId}`)
    expect(theirs.total).toBe(33)
    expect(theirs.rows.every((r) => r.fee_earner?.full_name === 'Col League')).toBe(true)
    const searches = await board(boardFirmAdmin, `?stage=${encodeURIComponent('Searches')}`)
    expect(searches.total).toBe(26)
    expect(searches.rows.every((r) => r.stage === 'Searches')).toBe(true)
    expect((await board(boardFirmAdmin, '?q=al5%209zz')).rows.map((r) => r.address)).toEqual([
      '8 Board Street, Harpenden',
    ])
    expect((await board(boardFirmAdmin, '?q=AL59ZZ')).total).toBe(1)
    expect((await board(boardFirmAdmin, '?q=zebedee')).rows.map((r) => r.client_names)).toEqual([['Zebedee Quill']])
    // '12 Board Street' and '112 Board Street' both contain it.
    expect((await board(boardFirmAdmin, '?q=12%20Board%20Street')).total).toBe(2)
    // LIKE wildcards are taken literally.
    expect((await board(boardFirmAdmin, '?q=%25')).total).toBe(0)
    const combined = await board(boardFirmAdmin, `?side=seller&fee_earner=${colleague.profileId}`)
    expect(combined.rows.every((r) => r.side === 'seller' && r.fee_earner?.id === colleague.profileId)).toBe(true)
    expect(combined.total).toBe(11)
  })

  it('gives each row its stage, next task of the firm side, days since instruction and an SLA status from a running clock', async () => {
    const first = await board(boardFirmAdmin)
    const rows = [...first.rows, ...(await board(boardFirmAdmin, `?cursor=${first.next_cursor}`)).rows]
    const fresh = rows.find((r) => r.address === '1 Board Street, Harpenden')!
    expect(fresh).toMatchObject({ stage: 'Offer accepted', side: 'seller', days_since_instruction: 0 })
    expect(fresh.next_task).toBe('Seller ID and AML checks (customer due diligence) and proof of ownership completed')
    // No clock has started on a matter inserted without its firm as a participant.
    expect(fresh.sla).toEqual({ status: 'none', clock: null, due_on: null, paused: false })
    const old = rows.find((r) => r.address === '40 Board Street, Harpenden')! // i = 39: seller side, 39 days ago
    expect(old.side).toBe('seller')
    // Counted in London calendar days, as the board counts them, not in 24-hour periods: late in a
    // winter evening, an instruction 39 x 24 hours ago in summer time fell on the London day 38 back.
    const londonDaysAgo = (at: string) =>
      (Date.parse(londonDate(new Date())) - Date.parse(londonDate(new Date(at)))) / 86_400_000
    expect(old.days_since_instruction).toBe(londonDaysAgo(old.instructed_at))
    expect([38, 39]).toContain(old.days_since_instruction)
  })

  it('answers 400 for a cursor it did not give out', async () => {
    await expectError(await t.request('/api/cases?cursor=bm9wZQ', { as: boardFirmAdmin }), 400, /cursor/)
  })

  it('runs ONE SQL statement per board request', async () => {
    const viewer = { profileId: boardFirmAdmin.profileId } as Parameters<typeof listBoard>[0]['viewer']
    const seen: string[] = []
    const database = new Proxy(t.appDatabase, {
      get(target, prop, receiver) {
        if (prop === 'queryJson' || prop === 'query') {
          return (...args: unknown[]) => {
            seen.push(String(prop))
            return (Reflect.get(target, prop, receiver) as (...a: unknown[]) => unknown).apply(target, args)
          }
        }
        if (prop === 'db') throw new Error('the board must not use the query builder')
        return Reflect.get(target, prop, receiver)
      },
    })
    const text = await listBoard({
      database,
      viewer,
      query: { sort: 'instructed', limit: 100, side: 'buyer', q: 'Board' },
    })
    expect(seen).toEqual(['queryJson'])
    expect(BoardResponse.parse(JSON.parse(text)).rows.length).toBe(86)
  })
})

describe('cases board: SLA clocks and stored progress', () => {
  let clockAdmin: TestUser
  let clockFirmId: string

  /** A matter of the clock firm on a fresh move; returns its transaction id. */
  async function matterAt(address: string, side: 'buyer' | 'seller') {
    const inserted = await createTransaction(t.database, {
      stages: stagesInProgress(standardTimeline({ tenure: 'freehold' }), { completedStages: 2 }),
      property: { addressLines: [address, 'Harpenden'], postcode: 'AL5 4CK' },
    })
    await t.database.query(
      `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name) values ($1, $2, $3, $4, 'C')`,
      [clockFirmId, inserted.transactionId, side, clockAdmin.profileId],
    )
    return inserted.transactionId
  }

  async function clock(
    txId: string,
    type: string,
    side: 'buyer' | 'seller',
    startedAt: string,
    target: number,
    pausedAt?: string,
  ) {
    const [row] = await t.database.query<{ id: string }>(
      `insert into sla_clocks (transaction_id, organization_id, clock_type, side, target_working_days, started_at)
       values ($1, $2, $3, $4, $5, $6) returning id`,
      [txId, clockFirmId, type, side, target, startedAt],
    )
    if (pausedAt) {
      await t.database.query(`insert into sla_clock_pauses (clock_id, paused_at) values ($1, $2)`, [row.id, pausedAt])
    }
    await t.database.db.transaction((tx) => refreshClockMilestones(tx, txId))
  }

  async function boardAt(now: string, q: string, extra: Partial<Parameters<typeof listBoard>[0]['query']> = {}) {
    const text = await listBoard({
      database: t.appDatabase,
      viewer: { profileId: clockAdmin.profileId } as Parameters<typeof listBoard>[0]['viewer'],
      query: { sort: 'instructed', limit: 100, q, ...extra },
      now: new Date(now),
    })
    return BoardResponse.parse(JSON.parse(text))
  }

  beforeAll(async () => {
    clockAdmin = await t.signUp({ role: 'conveyancer', name: 'Cara Clock' })
    clockFirmId = (await createFirm(clockAdmin, 'Clockwork Conveyancing')).firm!.id
  })

  it('shows breached for a matter whose open clock nearest breach has passed its last working day', async () => {
    const txId = await matterAt('1 Breach Road', 'buyer')
    // Searches: 10 working days from Monday 2 November 2026, due Monday 16 November.
    await clock(txId, 'searches', 'buyer', '2026-11-02T10:00:00Z', 10)
    // On track, due later: not the one that drives the status.
    await clock(txId, 'mortgage_offer_to_exchange', 'buyer', '2026-11-20T10:00:00Z', 15)
    // The other side's clock is not the firm's to meet.
    await clock(txId, 'contract_pack', 'seller', '2026-10-01T10:00:00Z', 5)
    const [row] = (await boardAt('2026-11-26T12:00:00Z', 'Breach Road')).rows
    expect(row.sla).toEqual({ status: 'breached', clock: 'Searches back', due_on: '2026-11-16', paused: false })
    // The day it falls due it is due soon; the working day after, breached.
    expect((await boardAt('2026-11-16T12:00:00Z', 'Breach Road')).rows[0].sla.status).toBe('due_soon')
    expect((await boardAt('2026-11-17T08:00:00Z', 'Breach Road')).rows[0].sla.status).toBe('breached')
    expect((await boardAt('2026-11-06T12:00:00Z', 'Breach Road')).rows[0].sla.status).toBe('on_track')
    const filtered = await boardAt('2026-11-26T12:00:00Z', 'Breach Road', { sla: 'breached' })
    expect(filtered.total).toBe(1)
    expect((await boardAt('2026-11-26T12:00:00Z', 'Breach Road', { sla: 'on_track' })).total).toBe(0)
  })

  it('shows a paused clock as paused, with no due date while its block has not let it reach one', async () => {
    const txId = await matterAt('2 Pause Lane', 'seller')
    // Started Friday 20 November, paused from Monday 23: no working day counted yet.
    await clock(txId, 'contract_pack', 'seller', '2026-11-20T10:00:00Z', 5, '2026-11-23T09:00:00Z')
    const [row] = (await boardAt('2026-12-10T12:00:00Z', 'Pause Lane')).rows
    expect(row.sla).toEqual({ status: 'on_track', clock: 'Draft contract pack', due_on: null, paused: true })
    // The Paused filter finds it; a running clock's matter is not paused.
    const paused = await boardAt('2026-12-10T12:00:00Z', 'Pause Lane', { sla: 'paused' })
    expect(paused.rows.map((r) => r.transaction_id)).toEqual([txId])
    const running = await matterAt('2 Pause Lane Running', 'seller')
    await clock(running, 'contract_pack', 'seller', '2026-11-20T10:00:00Z', 5)
    expect((await boardAt('2026-12-10T12:00:00Z', 'Pause Lane', { sla: 'paused' })).total).toBe(1)
    expect((await boardAt('2026-12-10T12:00:00Z', 'Pause Lane', {})).total).toBe(2)
  })

  it('moves a due date over the England and Wales bank holidays', async () => {
    const txId = await matterAt('3 Holiday Close', 'buyer')
    // 5 working days from Tuesday 22 December 2026: Christmas Day (Friday 25) and the Boxing Day
    // substitute (Monday 28) do not count, so it is due Thursday 31 December, not Tuesday 29.
    await clock(txId, 'report_on_title', 'buyer', '2026-12-22T10:00:00Z', 5)
    const [row] = (await boardAt('2026-12-23T12:00:00Z', 'Holiday Close')).rows
    expect(row.sla).toEqual({ status: 'on_track', clock: 'Report on title', due_on: '2026-12-31', paused: false })
    // Tuesday 29 December is still on track: two working days left.
    expect((await boardAt('2026-12-29T12:00:00Z', 'Holiday Close')).rows[0].sla.status).toBe('on_track')
  })

  it('keeps client names and last activity on the matter through joins, renames, messages and deletions', async () => {
    const txId = await matterAt('3 Joiner Close', 'buyer')
    const row = async () => (await boardAt('2026-11-27T12:00:00Z', 'Joiner Close')).rows[0]
    const stored = async () =>
      (
        await t.database.query<{ last_activity_at: Date | null }>(
          `select last_activity_at from matters where transaction_id = $1`,
          [txId],
        )
      )[0].last_activity_at
    // Nobody has joined: the name the firm typed.
    expect((await row()).client_names).toEqual(['C'])
    const jo = await t.signUp({ role: 'buyer', name: 'Jo Joiner' })
    const al = await t.signUp({ role: 'buyer', name: 'Al Joiner' })
    const seller = await t.signUp({ role: 'seller', name: 'Sam Other-Side' })
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role, created_at)
       values ($1, $2, 'buyer', now() - interval '2 minutes'), ($1, $3, 'buyer', now() - interval '1 minute'),
         ($1, $4, 'seller', now())`,
      [txId, jo.profileId, al.profileId, seller.profileId],
    )
    expect((await row()).client_names).toEqual(['Jo Joiner', 'Al Joiner'])
    await t.database.query(`update profiles set full_name = 'Jo Renamed' where id = $1`, [jo.profileId])
    expect((await row()).client_names).toEqual(['Jo Renamed', 'Al Joiner'])
    await t.database.query(`delete from transaction_participants where transaction_id = $1 and user_id = $2`, [
      txId,
      al.profileId,
    ])
    expect((await row()).client_names).toEqual(['Jo Renamed'])

    // Last activity moves forward with an audit entry or a message; deleting the latest message
    // takes it back to what remains.
    const [thread] = await t.database.query<{ id: string }>(
      `insert into message_threads (transaction_id, title, topic) values ($1, 'Board test', 'other') returning id`,
      [txId],
    )
    await t.database.query(
      `insert into activity_events (transaction_id, kind, summary, created_at)
       values ($1, 'status.changed', 'test', '2026-11-20T10:00:00Z')`,
      [txId],
    )
    expect((await stored())?.toISOString()).toBe('2026-11-20T10:00:00.000Z')
    const [message] = await t.database.query<{ id: string }>(
      `insert into messages (transaction_id, thread_id, author_id, body_md, created_at)
       values ($1, $2, $3, 'hello', '2026-11-25T09:30:00Z') returning id`,
      [txId, thread.id, jo.profileId],
    )
    expect((await stored())?.toISOString()).toBe('2026-11-25T09:30:00.000Z')
    // An older entry does not move it back.
    await t.database.query(
      `insert into activity_events (transaction_id, kind, summary, created_at)
       values ($1, 'status.changed', 'older', '2026-11-21T10:00:00Z')`,
      [txId],
    )
    expect((await stored())?.toISOString()).toBe('2026-11-25T09:30:00.000Z')
    await t.database.query(`delete from messages where id = $1`, [message.id])
    expect((await stored())?.toISOString()).toBe('2026-11-21T10:00:00.000Z')
  })

  it('keeps the address, status, fee earner and unread count on the matter through every write that changes them', async () => {
    const jo = await t.signUp({ role: 'buyer', name: 'Jo Copy' })
    const inserted = await createTransaction(t.database, {
      buyerProfileId: jo.profileId,
      stages: stagesInProgress(standardTimeline({ tenure: 'freehold' }), { completedStages: 2 }),
      property: { addressLines: ['5 Copy Court', 'Harpenden'], postcode: 'AL5 4CK' },
    })
    const txId = inserted.transactionId
    const [matter] = await t.database.query<{ id: string }>(
      `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name)
       values ($1, $2, 'buyer', $3, 'C') returning id`,
      [clockFirmId, txId, clockAdmin.profileId],
    )
    const rowAs = async (viewer: { profileId: string }, q = 'Copy Court') => {
      const text = await listBoard({
        database: t.appDatabase,
        viewer: { profileId: viewer.profileId } as Parameters<typeof listBoard>[0]['viewer'],
        query: { sort: 'instructed', limit: 100, q },
        now: new Date('2026-11-27T12:00:00Z'),
      })
      return BoardResponse.parse(JSON.parse(text)).rows[0]
    }
    const row = (q?: string) => rowAs(clockAdmin, q)
    expect(await row()).toMatchObject({
      address: '5 Copy Court, Harpenden',
      postcode: 'AL5 4CK',
      transaction_status: 'active',
      fee_earner: { id: clockAdmin.profileId, full_name: 'Cara Clock' },
      unread_messages: 0,
    })

    // The property's address and postcode (the free-text filter reads them too).
    await t.database.query(
      `update properties set address_lines = array['5A Copy Court', 'Harpenden'], postcode = 'AL5 4CX' where transaction_id = $1`,
      [txId],
    )
    expect(await row('al5 4cx')).toMatchObject({ address: '5A Copy Court, Harpenden', postcode: 'AL5 4CX' })
    // The move's status.
    await t.database.query(`update transactions set status = 'exchange' where id = $1`, [txId])
    expect((await row()).transaction_status).toBe('exchange')
    // The fee earner renamed, then the matter reassigned through the API to a colleague who joins.
    await t.database.query(`update profiles set full_name = 'Cara Renamed' where id = $1`, [clockAdmin.profileId])
    expect((await row()).fee_earner?.full_name).toBe('Cara Renamed')
    await t.database.query(`update profiles set full_name = 'Cara Clock' where id = $1`, [clockAdmin.profileId])
    expect((await row()).fee_earner?.full_name).toBe('Cara Clock')

    // Unread: messages by others after the viewer last read the thread, through the chat API.
    const [general] = await t.database.query<{ id: string }>(
      `select id from message_threads where transaction_id = $1 and topic = 'general'`,
      [txId],
    )
    const messages = `/api/transactions/${txId}/threads/${general.id}/messages`
    const posted = async (body: string) =>
      (await json<{ id: string }>(await t.request(messages, { as: jo, json: { body_md: body } }), 201)).id
    await posted('First question')
    const second = await posted('Second question')
    expect((await row()).unread_messages).toBe(2)
    // Posting reads the thread for its author (as the chat does); their own message is never unread.
    await json(await t.request(messages, { as: clockAdmin, json: { body_md: 'On it' } }), 201)
    expect((await row()).unread_messages).toBe(0)
    await posted('Fourth question')
    expect((await row()).unread_messages).toBe(1)
    const read = await t.request(`/api/transactions/${txId}/threads/${general.id}/read`, {
      as: clockAdmin,
      method: 'POST',
    })
    expect(read.status).toBe(204)
    expect((await row()).unread_messages).toBe(0)
    const third = await posted('Third question')
    expect((await row()).unread_messages).toBe(1)
    // The author deletes it: nothing left unread.
    const deleted = await t.request(`/api/transactions/${txId}/messages/${third}`, { as: jo, method: 'DELETE' })
    expect(deleted.status).toBe(200)
    expect((await row()).unread_messages).toBe(0)

    // A colleague who joins the firm has every message by others unread, then takes the matter.
    const colleague = await t.signUp({ role: 'conveyancer', name: 'Kit Copy' })
    await t.database.query(
      `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'fee_earner')`,
      [clockFirmId, colleague.profileId],
    )
    expect((await rowAs(colleague)).unread_messages).toBe(4)
    const [{ version }] = await t.database.query<{ version: number }>(`select version from matters where id = $1`, [
      matter.id,
    ])
    await json(
      await t.request(`/api/matters/${matter.id}/fee-earner`, {
        as: clockAdmin,
        method: 'PATCH',
        json: { fee_earner_id: colleague.profileId, version },
      }),
      200,
    )
    expect((await row()).fee_earner).toEqual({ id: colleague.profileId, full_name: 'Kit Copy' })
    // A message deleted by an administrator (a plain delete) leaves the count.
    await t.database.query(`delete from messages where id = $1`, [second])
    expect((await rowAs(colleague)).unread_messages).toBe(3)
    // What the trigger keeps is what counting on the spot gives, for both members.
    const [counted] = await t.database.query<{ admin: number; colleague: number }>(
      `select homeward_unread_count($1, $2) as admin, homeward_unread_count($1, $3) as colleague`,
      [txId, clockAdmin.profileId, colleague.profileId],
    )
    expect(counted).toEqual({ admin: 0, colleague: 3 })
    await t.database.query(`update organization_members set removed_at = now() where profile_id = $1`, [
      colleague.profileId,
    ])
  })

  it("keeps the board row's stored JSON (migration 0043) current through target dates, blocks, ticks and client changes, byte for byte a rebuild", async () => {
    const txId = await matterAt('9 Fragment Way', 'buyer')
    const row = async () => (await boardAt('2026-11-27T12:00:00Z', 'Fragment Way')).rows[0]
    /** The stored pieces equal what rebuilding them from the matter's columns gives (the trigger runs on any update). */
    const storedIsRebuilt = async () => {
      const [stored] = await t.database.query<{ j: string[] }>(
        `select board_row_json as j from matters where transaction_id = $1`,
        [txId],
      )
      const [rebuilt] = await t.database.query<{ j: string[] }>(
        `update matters set board_row_json = null where transaction_id = $1 returning board_row_json as j`,
        [txId],
      )
      return stored.j.length === 4 && stored.j.every((piece, i) => piece === rebuilt.j[i])
    }
    const before = await row()
    expect(before).toMatchObject({ target_exchange_date: null, target_completion_date: null, stage_blocked: false })
    await t.database.query(
      `update matters set target_exchange_date = '2027-01-08', target_completion_date = '2027-01-22', version = version + 1
       where transaction_id = $1`,
      [txId],
    )
    expect(await row()).toMatchObject({
      target_exchange_date: '2027-01-08',
      target_completion_date: '2027-01-22',
      version: before.version + 1,
    })
    // A block on the current stage, then a tick of the next task of the firm's side.
    await t.database.query(
      `update timeline_stages set status = 'blocked', blocked_reason = 'Waiting' where transaction_id = $1 and stage_name = $2`,
      [txId, before.stage],
    )
    expect((await row()).stage_blocked).toBe(true)
    const [next] = await t.database.query<{ id: string }>(
      `select next_task_id as id from matters where transaction_id = $1`,
      [txId],
    )
    await t.database.query(
      `update tasks set status = 'completed', completed_at = '2026-11-20T09:30:00Z' where id = $1`,
      [next.id],
    )
    const ticked = await row()
    expect(ticked.next_task).not.toBe(before.next_task)
    const [activity] = await t.database.query<{ v: string }>(
      `select to_json(greatest(last_activity_at, last_ticked_at)) #>> '{}' as v
       from matters where transaction_id = $1 and last_ticked_at is not null`,
      [txId],
    )
    expect(ticked.last_activity_at).toBe(activity.v)
    // The client's name on the matter (no one has joined the move).
    await t.database.query(`update matters set client_name = 'Fran Fragment' where transaction_id = $1`, [txId])
    expect((await row()).client_names).toEqual(['Fran Fragment'])
    // Written in UTC whatever the writing session's time zone, as the app's sessions read.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'America/New_York'`)
      await tx.execute(sql`update matters set instructed_at = '2026-11-02T15:00:00Z' where transaction_id = ${txId}`)
    })
    expect((await row()).instructed_at).toBe('2026-11-02T15:00:00+00:00')
    expect(await storedIsRebuilt()).toBe(true)
  })

  it('stores the stage and next task on the matter in the tick that changes them, and a tick starts the clock the board shows', async () => {
    const opened = OpenMatterResponse.parse(
      await json(
        await t.request('/api/matters', {
          as: clockAdmin,
          json: {
            ...MATTER,
            address_line_1: '9 Tick Terrace',
            side: 'buyer',
            client_name: 'Tia Tick',
            client_email: `tick-${randomUUID()}@example.test`,
          },
        }),
        201,
      ),
    )
    const stored = async () =>
      (
        await t.database.query<{ next_task_id: string; next_task_title: string; current_stage: string }>(
          `select next_task_id, next_task_title, current_stage from matters where id = $1`,
          [opened.matter_id],
        )
      )[0]
    const detail = async () =>
      TransactionDetail.parse(
        await json(await t.request(`/api/transactions/${opened.transaction_id}`, { as: clockAdmin }), 200),
      )
    // The ID and AML task ticks itself from an approved CDD record (features/verification), never by hand:
    // done here as the approval would, so that the next task is one a person ticks.
    await t.database.query(
      `update tasks set status = 'completed', completed_at = now() where title = any($2) and stage_id in
         (select id from timeline_stages where transaction_id = $1)`,
      [opened.transaction_id, Object.values(CDD_TASK_TITLES)],
    )
    const before = await stored()
    const d = await detail()
    const task = d.timeline_stages.flatMap((s) => s.tasks).find((k) => k.id === before.next_task_id)!
    expect(task.title).toBe(before.next_task_title)
    const onBoard = async () => (await board(clockAdmin, '?q=Tick%20Terrace')).rows[0]
    expect((await onBoard()).next_task).toBe(before.next_task_title)

    await json(
      await t.request(`/api/transactions/${opened.transaction_id}/tasks/${task.id}`, {
        as: clockAdmin,
        method: 'PATCH',
        json: { status: 'completed', version: task.version },
      }),
      200,
    )
    const after = await stored()
    expect(after.next_task_id).not.toBe(before.next_task_id)
    expect((await onBoard()).next_task).toBe(after.next_task_title)

    // Unticking it puts it back.
    const ticked = (await detail()).timeline_stages.flatMap((s) => s.tasks).find((k) => k.id === task.id)!
    await json(
      await t.request(`/api/transactions/${opened.transaction_id}/tasks/${task.id}`, {
        as: clockAdmin,
        method: 'PATCH',
        json: { status: 'not_completed', version: ticked.version },
      }),
      200,
    )
    expect(await stored()).toEqual(before)

    // Ticking the order of the local search starts the searches clock, which the board shows.
    const order = (await detail()).timeline_stages
      .flatMap((s) => s.tasks)
      .find((k) => k.title === 'Local authority search (LLC1 + CON29) ordered')!
    await json(
      await t.request(`/api/transactions/${opened.transaction_id}/tasks/${order.id}`, {
        as: clockAdmin,
        method: 'PATCH',
        json: { status: 'completed', version: order.version },
      }),
      200,
    )
    const withClock = await onBoard()
    expect(withClock.sla).toMatchObject({ status: 'on_track', clock: 'Searches back', paused: false })
    expect(withClock.sla.due_on).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })
})

describe('firm events and listings to claim', () => {
  /** The firm events recorded for the account behind `as`, oldest first. */
  async function firmEvents(as: TestUser) {
    return t.database.query<{ kind: string; detail: Record<string, unknown> }>(
      `select e.kind, e.detail from security_events e join "user" u on u.id = e.user_id
       where u.email = $1 and e.kind like 'firm.%' order by e.created_at, e.id`,
      [as.email.toLowerCase()],
    )
  }

  it('records each membership change as a firm event of its actor, and nothing for a refused one', async () => {
    const boss = await t.signUp({ role: 'conveyancer', name: 'Bea Boss' })
    const colleague = await t.signUp({ role: 'conveyancer', name: 'Cal Colleague' })
    const firm = (await createFirm(boss, 'Events & Partners')).firm!
    await json(await join(colleague, boss, 'assistant'), 200)
    const pending = MyFirmResponse.parse(
      await json(
        await t.request('/api/firm/invitations', {
          as: boss,
          json: { email: 'later@example.test', role: 'fee_earner' },
        }),
        201,
      ),
    ).invitations.find((i) => i.email === 'later@example.test')!
    await json(await t.request(`/api/firm/invitations/${pending.id}`, { as: boss, method: 'DELETE' }), 204)
    await json(
      await t.request(`/api/firm/members/${colleague.profileId}`, {
        as: boss,
        method: 'PATCH',
        json: { role: 'fee_earner' },
      }),
      200,
    )
    // Refused: the last admin cannot remove themselves; no event for it.
    await expectError(
      await t.request(`/api/firm/members/${boss.profileId}`, { as: boss, method: 'DELETE' }),
      409,
      /at least one admin/,
    )
    await json(await t.request(`/api/firm/members/${colleague.profileId}`, { as: boss, method: 'DELETE' }), 204)

    const mine = await firmEvents(boss)
    expect(mine.map((e) => e.kind)).toEqual([
      'firm.created',
      'firm.invitation_sent',
      'firm.invitation_sent',
      'firm.invitation_revoked',
      'firm.role_changed',
      'firm.member_removed',
    ])
    for (const e of mine) expect(e.detail).toMatchObject({ organization_id: firm.id, firm: 'Events & Partners' })
    expect(mine[4].detail).toMatchObject({ profile_id: colleague.profileId, from: 'assistant', to: 'fee_earner' })
    expect(mine[3].detail).toMatchObject({ email: 'later@example.test', role: 'fee_earner' })
    expect(JSON.stringify(mine)).not.toMatch(/token/i)
    expect((await firmEvents(colleague)).map((e) => e.kind)).toEqual(['firm.member_joined'])
  })

  it("shows the firm's admins its activity, newest first in keyset pages; 403 for its other members, 404 for others", async () => {
    const boss = await t.signUp({ role: 'conveyancer', name: 'Hana Head' })
    const earner = await t.signUp({ role: 'conveyancer', name: 'Ivo Earner' })
    const second = await t.signUp({ role: 'conveyancer', name: 'Jen Second' })
    const firm = (await createFirm(boss, 'Activity & Co')).firm!
    await json(await join(earner, boss, 'fee_earner'), 200)
    await json(await join(second, boss, 'fee_earner'), 200)
    const opened = await json<{ matter_id: string; transaction_id: string }>(
      await openMatter(earner, { client_name: 'Kit Client', client_email: 'kit@example.test' }),
      201,
    )
    // The workspace's view of the matter: members read it, the admin may reassign to a fee earner.
    const { matter } = TransactionMatterResponse.parse(
      await json(await t.request(`/api/transactions/${opened.transaction_id}/matter`, { as: boss }), 200),
    )
    expect(matter).toMatchObject({
      matter_id: opened.matter_id,
      version: 1,
      side: 'buyer',
      fee_earner: { id: earner.profileId, full_name: 'Ivo Earner' },
      viewer_role: 'admin',
    })
    expect(matter!.fee_earners.map((f) => f.full_name)).toEqual(['Hana Head', 'Ivo Earner', 'Jen Second'])
    await expectError(await t.request(`/api/transactions/${opened.transaction_id}/matter`, { as: otherFirmAdmin }), 404)
    // A conveyancer on a move their firm holds no matter on: null, not an error.
    const own = await createTransaction(t.database, {
      participants: [{ profileId: boss.profileId, role: 'seller_conveyancer' }],
    })
    expect(
      TransactionMatterResponse.parse(
        await json(await t.request(`/api/transactions/${own.transactionId}/matter`, { as: boss }), 200),
      ),
    ).toEqual({ matter: null })
    await json(
      await t.request(`/api/matters/${opened.matter_id}/fee-earner`, {
        as: boss,
        method: 'PATCH',
        json: { fee_earner_id: second.profileId, version: 1 },
      }),
      200,
    )
    await json(
      await t.request(`/api/firms/${firm.id}/sla-settings`, {
        method: 'PUT',
        as: boss,
        json: { clocks: [{ clock_type: 'searches', working_days: 12 }] },
      }),
      200,
    )
    await json(
      await t.request(`/api/firms/${firm.id}/standard-enquiries`, {
        method: 'PUT',
        as: boss,
        json: { category: 'title', items: [] },
      }),
      200,
    )

    const page = async (as: TestUser, query = '') => t.request(`/api/firms/${firm.id}/events${query}`, { as })
    const all = FirmEventsResponse.parse(await json(await page(boss), 200))
    expect(all.next_cursor).toBeNull()
    expect(all.events.map((e) => e.kind)).toEqual([
      'firm.standard_enquiries_changed',
      'firm.sla_targets_changed',
      'firm.matter_reassigned',
      'firm.member_joined',
      'firm.invitation_sent',
      'firm.member_joined',
      'firm.invitation_sent',
      'firm.created',
    ])
    // Each person's events, the joiner's own included.
    expect(all.events[3].actor).toEqual({ full_name: 'Jen Second' })
    expect(all.events[2]).toMatchObject({
      actor: { full_name: 'Hana Head' },
      detail: { from_name: 'Ivo Earner', to_name: 'Jen Second', transaction_id: opened.transaction_id },
    })
    expect(all.events[2].detail.address).toMatch(/^4 Holywell Hill/)
    expect(all.events[1].detail).toMatchObject({ changes: [{ clock_type: 'searches', from: 10, to: 12 }] })
    expect(all.events[0].detail).toMatchObject({ category: 'title', restored_default: true })
    // Another firm's events are not in the list.
    expect(JSON.stringify(all)).not.toContain('Other Firm LLP')

    // Keyset pages of 3: every event once, in the same order.
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const q: string = `?limit=3${cursor ? `&cursor=${cursor}` : ''}`
      const p = FirmEventsResponse.parse(await json(await page(boss, q), 200))
      expect(p.events.length).toBeLessThanOrEqual(3)
      seen.push(...p.events.map((e) => e.id))
      cursor = p.next_cursor
    } while (cursor)
    expect(seen).toEqual(all.events.map((e) => e.id))

    await expectError(await page(earner), 403, /Only an admin of Activity & Co/)
    await expectError(await page(otherFirmAdmin), 404)
    await expectError(await page(boss, '?cursor=bm90LWEtY3Vyc29y'), 400)
  })

  it('finds listings of my trade nobody has joined, and says whether my email may claim each', async () => {
    const mark = randomUUID().slice(0, 8)
    const { organizationId: open } = await createOrganization(t.database, { name: `Searchable ${mark} Law` })
    const { organizationId: joined } = await createOrganization(t.database, { name: `Searchable ${mark} Joined` })
    await createOrganization(t.database, { name: `Searchable ${mark} Survey`, type: 'survey' })
    const insider = await t.signUp({ role: 'conveyancer', email: `insider@${joined}.example` })
    await json(await t.request('/api/firm/claim', { as: insider, json: { organization_id: joined } }), 200)

    const owner = await t.signUp({ role: 'conveyancer', email: `owner@${open}.example` })
    const found = await json<{ listings: { id: string; domain: string; claimable: boolean }[] }>(
      await t.request(`/api/firm/listings?q=${encodeURIComponent(`searchable ${mark}`)}`, { as: owner }),
      200,
    )
    expect(found.listings).toEqual([expect.objectContaining({ id: open, domain: `${open}.example`, claimable: true })])
    const stranger = await t.signUp({ role: 'conveyancer' })
    const theirs = await json<{ listings: { id: string; claimable: boolean }[] }>(
      await t.request(`/api/firm/listings?q=${mark}`, { as: stranger }),
      200,
    )
    expect(theirs.listings).toEqual([expect.objectContaining({ id: open, claimable: false })])
    await expectError(await t.request('/api/firm/listings?q=a', { as: stranger }), 400)
    await expectError(await t.request(`/api/firm/listings?q=${mark}`, { as: buyerClient }), 403, /Only professionals/)
  })
})
