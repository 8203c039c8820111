/**
 * The audit trail's audience matrix (issue 35 items 3 and 5; docs/decisions/052-activity-audiences.md):
 * one entry of every kind in ACTIVITY_KIND_RULES (both sides for the kinds about a client's due
 * diligence), read by every role on both sides of one move, an ex-participant, a giftor, an outsider
 * and a firm colleague of each conveyancer, through the Activity view and its API, the workspace's
 * recent activity, an API token and the verifier. The entries come from the table, so a new kind is
 * in the matrix the day it is added; who reads each audience is written out here by hand from the
 * issue, not computed with the code under test. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.
 */
import { randomUUID } from 'node:crypto'
import { describe, expect, it, beforeAll } from 'vitest'
import { z } from 'zod'
import {
  ACTIVITY_KIND_RULES,
  ACTIVITY_KINDS,
  type ActivityAudience,
  type ActivityKind,
  type ActivitySide,
} from '#shared/domain/activity-audiences.ts'
import { AuditTrailResponse, AuditVerifyResponse } from '#shared/contracts/activity.ts'
import { recordActivity, type ActivityEvent } from '#server/core/audit/record-activity.ts'
import { notifyPeople } from '#server/core/notify/notify-people.ts'
import { unzip } from '#server/test/unzip.ts'
import { createOrganization, createTransaction } from '#server/test/factories.ts'
import { type TestUser, useTestApp } from '#server/test/test-app.ts'

const PEOPLE = [
  'buyer',
  'seller',
  'buyerConveyancer',
  'buyerFirmColleague',
  'sellerConveyancer',
  'sellerFirmColleague',
  'estateAgent',
  'broker',
  'surveyor',
  'giftor',
  'formerParticipant',
  'outsider',
] as const
type Person = (typeof PEOPLE)[number]

/** Who reads each audience, from the issue's words (never from activityAudienceRoles). */
const READERS: Record<ActivityAudience, readonly Person[]> = {
  everyone: [
    'buyer',
    'seller',
    'buyerConveyancer',
    'buyerFirmColleague',
    'sellerConveyancer',
    'sellerFirmColleague',
    'estateAgent',
    'broker',
    'surveyor',
  ],
  buyer_side: ['buyer', 'buyerConveyancer', 'buyerFirmColleague', 'broker', 'surveyor'],
  seller_side: ['seller', 'sellerConveyancer', 'sellerFirmColleague', 'estateAgent'],
  buyer_client: ['buyer', 'buyerConveyancer', 'buyerFirmColleague'],
  seller_client: ['seller', 'sellerConveyancer', 'sellerFirmColleague'],
  buyer_funds: ['buyer', 'buyerConveyancer', 'buyerFirmColleague'],
  buyer_firm: ['buyerConveyancer', 'buyerFirmColleague'],
  seller_firm: ['sellerConveyancer', 'sellerFirmColleague'],
}
/** People who may not see the move at all: every read answers 404. */
const OFF_THE_MOVE: readonly Person[] = ['giftor', 'formerParticipant', 'outsider']

/** One entry of the matrix: a kind, the side of the client it is about (client-firm kinds), its audience. */
interface Row {
  kind: ActivityKind
  side: ActivitySide | null
  audience: ActivityAudience
  summary: string
}

/** The audience the issue asks for, by kind and side, to check the table against (issue 35 item 3). */
function audienceTheIssueAsksFor(kind: ActivityKind, side: ActivitySide | null): ActivityAudience | null {
  // Due diligence, screening, EDD, MLRO referral, identity: the client's firm only.
  if (kind.startsWith('cdd.') || kind.startsWith('identity.')) return side === 'seller' ? 'seller_firm' : 'buyer_firm'
  // The source-of-funds review: the buyer's firm only.
  if (kind === 'funds.satisfied' || kind === 'funds.more_info_requested') return 'buyer_firm'
  // Funds, gifts and giftors: the buyer and their conveyancer.
  if (kind.startsWith('funds.')) return 'buyer_funds'
  return null
}

const ROWS: Row[] = ACTIVITY_KINDS.flatMap((kind) => {
  const rule = ACTIVITY_KIND_RULES[kind] as string
  const sides: (ActivitySide | null)[] = rule === 'client_firm' ? ['buyer', 'seller'] : [null]
  return sides.map((side) => ({
    kind,
    side,
    audience: (rule === 'client_firm' ? `${side}_firm` : rule) as ActivityAudience,
    summary: `matrix ${kind}${side ? ` (${side})` : ''}`,
  }))
})

const t = useTestApp()
let users: Record<Person, TestUser>
let txId: string
const firmOf: Partial<Record<ActivitySide, string>> = {}

beforeAll(async () => {
  const entries = await Promise.all(
    PEOPLE.map(async (p) => {
      const role = p === 'buyer' || p === 'giftor' || p === 'outsider' ? 'buyer' : p === 'seller' ? 'seller' : p
      const choice = /Conveyancer|Colleague/.test(role)
        ? 'conveyancer'
        : role === 'estateAgent'
          ? 'agent'
          : role === 'formerParticipant'
            ? 'surveyor'
            : (role as 'buyer' | 'seller' | 'broker' | 'surveyor')
      return [p, await t.signUp({ role: choice, name: `Matrix ${p}` })] as const
    }),
  )
  users = Object.fromEntries(entries) as Record<Person, TestUser>
  const id = (p: Person) => users[p].profileId
  const move = await createTransaction(t.database, {
    buyerProfileId: id('buyer'),
    sellerProfileId: id('seller'),
    participants: [
      { profileId: id('buyerConveyancer'), role: 'buyer_conveyancer', invitedBy: id('buyer') },
      { profileId: id('sellerConveyancer'), role: 'seller_conveyancer', invitedBy: id('seller') },
      { profileId: id('estateAgent'), role: 'estate_agent', invitedBy: id('seller') },
      { profileId: id('broker'), role: 'mortgage_broker', invitedBy: id('buyer') },
      { profileId: id('surveyor'), role: 'surveyor', invitedBy: id('buyer') },
      { profileId: id('formerParticipant'), role: 'surveyor', invitedBy: id('buyer') },
    ],
  })
  txId = move.transactionId
  // The former participant was taken off the move.
  await t.database.query(`delete from transaction_participants where transaction_id = $1 and user_id = $2`, [
    txId,
    id('formerParticipant'),
  ])
  // Each conveyancer's firm has the move as a matter; each has a colleague who is not on the move.
  for (const side of ['buyer', 'seller'] as const) {
    const { organizationId } = await createOrganization(t.database, { type: 'law' })
    firmOf[side] = organizationId
    const conveyancer = id(`${side}Conveyancer`)
    await t.database.query(
      `insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'admin'), ($1, $3, 'fee_earner')`,
      [organizationId, conveyancer, id(`${side}FirmColleague`)],
    )
    await t.database.query(
      `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name) values ($1, $2, $3, $4, 'Matrix client')`,
      [organizationId, txId, side, conveyancer],
    )
  }
  // The giftor confirmed a gift towards the buyer's deposit (they see only their gift: decision 037).
  await t.database.query(
    `insert into funding_gifts (transaction_id, giftor_name, giftor_email, relationship, amount_pence, giftor_profile_id)
     values ($1, 'Matrix giftor', $2, 'parent', 1000000, $3)`,
    [txId, users.giftor.email, id('giftor')],
  )
})

/** Writes one entry as the writer does; returns its seq. */
function write(row: Row, extra: Partial<ActivityEvent> = {}) {
  const event = {
    transactionId: txId,
    actorId: users.buyerConveyancer.profileId,
    kind: row.kind,
    summary: row.summary,
    payload: { ref: randomUUID() },
    ...(row.side ? { side: row.side } : {}),
    ...extra,
  } as ActivityEvent
  return t.database.db.transaction((tx) => recordActivity(tx, event))
}

const DetailActivity = z.object({ activity: z.array(z.object({ kind: z.string(), summary: z.string() })) })

/** The matrix summaries a person reads in the workspace's recent activity (null: 404). */
async function recentActivity(p: Person, init: { token?: string } = {}): Promise<Set<string> | null> {
  const res = init.token
    ? await t.app.request(`/api/transactions/${txId}`, { headers: { authorization: `Bearer ${init.token}` } })
    : await t.request(`/api/transactions/${txId}`, { as: users[p] })
  if (res.status === 404) return null
  expect(res.status, `${p}: ${await res.clone().text()}`).toBe(200)
  return new Set(
    DetailActivity.parse(await res.json())
      .activity.map((e) => e.summary)
      .filter((s) => s.startsWith('matrix ')),
  )
}

/** The matrix summaries a person reads in the Activity view (the trail's API), and the entries' seqs. */
async function trail(p: Person): Promise<{ summaries: Set<string>; seqs: number[] } | null> {
  const res = await t.request(`/api/transactions/${txId}/activity?limit=200`, { as: users[p] })
  if (res.status === 404) return null
  expect(res.status).toBe(200)
  const { entries } = AuditTrailResponse.parse(await res.json())
  return {
    summaries: new Set(entries.map((e) => e.summary).filter((s) => s.startsWith('matrix '))),
    seqs: entries.map((e) => e.seq),
  }
}

const expectedFor = (p: Person, rows: Row[]) =>
  new Set(rows.filter((r) => READERS[r.audience].includes(p)).map((r) => r.summary))

describe('the activity audience matrix', () => {
  it('the table gives due diligence, the funds review and funds the audiences the issue asks for', () => {
    for (const row of ROWS) {
      const asked = audienceTheIssueAsksFor(row.kind, row.side)
      if (asked) expect(row.audience, row.summary).toBe(asked)
    }
    // The matrix covers every kind of the table, and the client-firm kinds on both sides.
    expect(new Set(ROWS.map((r) => r.kind))).toEqual(new Set(ACTIVITY_KINDS))
  })

  it('every kind against every person: recent activity (session and API token), Activity, verify', async () => {
    const tokens: Partial<Record<Person, string>> = {}
    for (const p of ['seller', 'buyer', 'estateAgent'] as const) {
      const res = await t.request('/api/api-tokens', {
        as: users[p],
        json: { name: `matrix ${p}`, scopes: ['transactions:read'], expires_in_days: 30 },
      })
      expect(res.status, await res.clone().text()).toBe(201)
      tokens[p] = z.object({ secret: z.string() }).parse(await res.json()).secret
    }
    // Recent activity lists the newest 30 entries the viewer may read: batches of 20, each checked
    // whole by everyone, so every kind passes through it. Views of sealed data are never listed there.
    const written: Row[] = []
    for (let i = 0; i < ROWS.length; i += 20) {
      const batch = ROWS.slice(i, i + 20)
      for (const row of batch) await write(row)
      written.push(...batch)
      const listed = batch.filter((r) => !r.kind.endsWith('viewed'))
      for (const p of PEOPLE) {
        const recent = await recentActivity(p)
        if (OFF_THE_MOVE.includes(p)) {
          expect(recent, p).toBeNull()
          continue
        }
        const batchSummaries = new Set(listed.map((r) => r.summary))
        const seen = new Set([...recent!].filter((s) => batchSummaries.has(s)))
        expect(seen, `recent activity of ${p}`).toEqual(expectedFor(p, listed))
      }
      for (const [p, token] of Object.entries(tokens) as [Person, string][]) {
        const recent = await recentActivity(p, { token })
        const batchSummaries = new Set(listed.map((r) => r.summary))
        const seen = new Set([...recent!].filter((s) => batchSummaries.has(s)))
        expect(seen, `recent activity of ${p} through an API token`).toEqual(expectedFor(p, listed))
      }
    }

    const total = written.length
    for (const p of PEOPLE) {
      const read = await trail(p)
      const verify = await t.request(`/api/transactions/${txId}/activity/verify`, { as: users[p] })
      if (OFF_THE_MOVE.includes(p)) {
        expect(read, p).toBeNull()
        expect(verify.status, p).toBe(404)
        continue
      }
      const expected = expectedFor(p, written)
      expect(read!.summaries, `Activity of ${p}`).toEqual(expected)
      // The verifier checks every entry and gives the hidden ones as links only.
      const result = AuditVerifyResponse.parse(await verify.json())
      expect(result.intact, p).toBe(true)
      expect(result.entries, p).toBe(total)
      expect(result.visible_entries, p).toBe(expected.size)
      expect(result.hidden_links.length, p).toBe(total - expected.size)
      for (const link of result.hidden_links) expect(Object.keys(link).sort()).toEqual(['hash', 'prev_hash', 'seq'])
      // Listed and hidden together: every seq once, each link pointing at the one before.
      const seqs = [...read!.seqs, ...result.hidden_links.map((l) => l.seq)].sort((a, b) => a - b)
      expect(seqs).toEqual(Array.from({ length: total }, (_, i) => i + 1))
    }
  })

  it('no client and no one on the other side reads a due diligence, screening, EDD, MLRO or funds-review entry', async () => {
    const confidential = ROWS.filter(
      (r) => r.kind.startsWith('cdd.') || r.kind === 'funds.satisfied' || r.kind === 'funds.more_info_requested',
    )
    for (const p of ['buyer', 'seller', 'estateAgent', 'broker', 'surveyor'] as const) {
      const read = await trail(p)
      for (const row of confidential) expect(read!.summaries.has(row.summary), `${p}: ${row.summary}`).toBe(false)
    }
    // The other side's conveyancer and firm do not read the buyer's due diligence, and the other way round.
    const sellerFirm = await trail('sellerFirmColleague')
    const buyerFirm = await trail('buyerFirmColleague')
    for (const row of confidential) {
      if (row.side !== 'seller') expect(sellerFirm!.summaries.has(row.summary), row.summary).toBe(false)
      if (row.side === 'seller') expect(buyerFirm!.summaries.has(row.summary), row.summary).toBe(false)
    }
  })

  it('an entry naming a document follows that document’s audience', async () => {
    const [doc] = await t.database.query<{ id: string }>(
      `insert into documents (transaction_id, filename, folder, version, uploaded_by, content_type, size_bytes, storage_key, sha256, audience)
       values ($1, 'gift-declaration-matrix.pdf', 'Mortgage', 1, $2, 'application/pdf', 10, 'k', 'h', 'buyer_funds') returning id`,
      [txId, users.buyer.profileId],
    )
    const row: Row = { kind: 'document.viewed', side: null, audience: 'everyone', summary: 'matrix viewed the gift' }
    await write(row, { payload: { documentId: doc.id } })
    for (const p of PEOPLE.filter((x) => !OFF_THE_MOVE.includes(x))) {
      const read = await trail(p)
      expect(read!.summaries.has(row.summary), p).toBe(READERS.buyer_funds.includes(p))
    }
  })
})

/** The SSE text a stream sends within `ms`, or until `until` holds for what came so far. */
async function readStream(res: Response, ms: number, until: (text: string) => boolean = () => false): Promise<string> {
  const reader = res.body!.getReader()
  const decoder = new TextDecoder()
  let text = ''
  const deadline = Date.now() + ms
  try {
    while (Date.now() < deadline && !until(text)) {
      const chunk = await Promise.race([
        reader.read(),
        new Promise<null>((resolve) => setTimeout(() => resolve(null), Math.max(deadline - Date.now(), 1))),
      ])
      if (!chunk || chunk.done) break
      text += decoder.decode(chunk.value, { stream: true })
    }
  } finally {
    await reader.cancel().catch(() => undefined)
  }
  return text
}

/** The activity events of an SSE text: the data of each `event: activity`. */
function activityEvents(text: string): { seq: number; kind: string; payload: Record<string, unknown> }[] {
  return text
    .split('\n\n')
    .filter((block) => block.includes('event: activity'))
    .map(
      (block) =>
        JSON.parse(
          block
            .split('\n')
            .find((l) => l.startsWith('data: '))!
            .slice(6),
        ) as never,
    )
}

describe('every channel follows the entries’ audience', () => {
  const confidentialKinds = (kind: string) =>
    kind.startsWith('cdd.') ||
    kind.startsWith('identity.') ||
    kind === 'funds.satisfied' ||
    kind === 'funds.more_info_requested'

  it('live stream: the catch-up and the live entries hold only what the viewer may read', async () => {
    // Catch-up from the start: the seller gets none of the firm's or the buyer's entries.
    const caught = activityEvents(
      await readStream(
        await t.request(`/api/transactions/${txId}/events?lastEventId=0`, { as: users.seller }),
        4_000,
        (text) => text.includes('matrix viewed the gift'),
      ),
    )
    expect(caught.length).toBeGreaterThan(0)
    for (const e of caught) {
      expect(confidentialKinds(e.kind), e.kind).toBe(false)
      expect(e.kind.startsWith('funds.'), e.kind).toBe(false)
      expect(e).not.toHaveProperty('audience')
    }
    const firmCaught = activityEvents(
      await readStream(
        await t.request(`/api/transactions/${txId}/events?lastEventId=0`, { as: users.buyerFirmColleague }),
        4_000,
      ),
    )
    expect(firmCaught.some((e) => e.kind === 'cdd.decided')).toBe(true)

    // Live: a referral and then a message; the seller and the buyer get the message, never the referral.
    for (const p of ['seller', 'buyer'] as const) {
      const res = await t.request(`/api/transactions/${txId}/events`, { as: users[p] })
      expect(res.status).toBe(200)
      const reading = readStream(res, 8_000, (text) => text.includes(`live marker ${p}`))
      await new Promise((r) => setTimeout(r, 300))
      await write(
        { kind: 'cdd.decided', side: 'buyer', audience: 'buyer_firm', summary: `referred ${p}` },
        { payload: { decision: 'refer', note: `live referral ${p}` } },
      )
      await write(
        { kind: 'message.posted', side: null, audience: 'everyone', summary: 'matrix live' },
        { payload: { note: `live marker ${p}` } },
      )
      const text = await reading
      const live = activityEvents(text)
      expect(
        live.map((e) => e.kind),
        p,
      ).toEqual(['message.posted'])
      expect(text).not.toContain('refer')
    }
  })

  it('webhooks: an endpoint whose owner may not read an entry is not sent it', async () => {
    const owners: [string, string, string | null][] = [
      ['seller', users.seller.profileId, null],
      ['buyer', users.buyer.profileId, null],
      ['buyerConveyancer', users.buyerConveyancer.profileId, null],
      ['estateAgent', users.estateAgent.profileId, null],
      ['buyerFirm', users.buyerConveyancer.profileId, firmOf.buyer!],
      ['sellerFirm', users.sellerConveyancer.profileId, firmOf.seller!],
    ]
    const endpoint: Record<string, string> = {}
    for (const [name, profileId, organizationId] of owners) {
      const [row] = await t.database.query<{ id: string }>(
        `insert into webhook_endpoints (url, event_types, secret_sealed, profile_id, organization_id)
         values ('https://receiver.example/hook', array['task.completed', 'signature.signed', 'document.uploaded'], 'sealed', $1, $2)
         returning id`,
        [profileId, organizationId],
      )
      endpoint[name] = row.id
    }
    const receivers = async (seq: number) =>
      new Set(
        (
          await t.database.query<{ endpoint_id: string }>(
            `select endpoint_id from webhook_deliveries where transaction_id = $1 and (body::jsonb -> 'data' ->> 'activity_seq')::int = $2`,
            [txId, seq],
          )
        ).map((r) => Object.entries(endpoint).find(([, id]) => id === r.endpoint_id)![0]),
      )
    const everyone = await write({ kind: 'task.completed', side: null, audience: 'everyone', summary: 'matrix tick' })
    expect(await receivers(everyone)).toEqual(new Set(Object.keys(endpoint)))
    const gift = await write(
      { kind: 'signature.signed', side: null, audience: 'buyer_funds', summary: 'matrix gift signed' },
      { audience: 'buyer_funds' },
    )
    expect(await receivers(gift)).toEqual(new Set(['buyer', 'buyerConveyancer', 'buyerFirm']))

    // The real thing: the buyer's conveyancer marks the source of funds satisfied, which ticks the task.
    const review = await t.request(`/api/transactions/${txId}/funds/review`, {
      as: users.buyerConveyancer,
      json: { decision: 'satisfied' },
    })
    expect(review.status, await review.clone().text()).toBe(200)
    const [tick] = await t.database.query<{ seq: number }>(
      `select seq from activity_events where transaction_id = $1 and kind = 'task.completed' order by seq desc limit 1`,
      [txId],
    )
    expect(await receivers(tick.seq)).toEqual(new Set(['buyerConveyancer', 'buyerFirm']))
  })

  it('notifications and emails: nobody outside an entry’s audience is told of it', async () => {
    const all = PEOPLE.map((p) => users[p].profileId)
    await t.database.db.transaction((tx) =>
      notifyPeople(tx, {
        recipients: all,
        kind: 'task_reopened',
        transactionId: txId,
        actorId: null,
        title: 'Matrix: a client’s due diligence is no longer approved',
        link: `/app/transactions/${txId}`,
        audience: 'buyer_firm',
        publicUrl: t.config.publicUrl,
        deliverMail: false,
      }),
    )
    const told = await t.database.query<{ profile_id: string }>(
      `select profile_id from notifications where title like 'Matrix: a client%'`,
    )
    expect(new Set(told.map((r) => r.profile_id))).toEqual(
      new Set([users.buyerConveyancer.profileId, users.buyerFirmColleague.profileId]),
    )
    const mailed = await t.database.query<{ to_address: string }>(
      `select to_address from mail_outbox where subject like '%Matrix: a client%' or text_body like '%Matrix: a client%'`,
    )
    const firmEmails = new Set(
      [users.buyerConveyancer.email, users.buyerFirmColleague.email].map((e) => e.toLowerCase()),
    )
    for (const m of mailed) expect(firmEmails.has(m.to_address.toLowerCase()), m.to_address).toBe(true)

    // Asking the buyer for more on their source of funds: the seller's side hears nothing of it.
    const review = await t.request(`/api/transactions/${txId}/funds/review`, {
      as: users.buyerConveyancer,
      json: { decision: 'more_info', note: 'Matrix: the large credit in March' },
    })
    expect(review.status, await review.clone().text()).toBe(200)
    for (const p of [
      'seller',
      'sellerConveyancer',
      'sellerFirmColleague',
      'estateAgent',
      'broker',
      'surveyor',
    ] as const) {
      const notes = await t.database.query<{ title: string; body: string | null }>(
        `select title, body from notifications where profile_id = $1 and transaction_id = $2`,
        [users[p].profileId, txId],
      )
      for (const n of notes)
        expect(`${n.title} ${n.body ?? ''}`, p).not.toMatch(/source of funds|due diligence|Matrix:/i)
      const mails = await t.database.query<{ subject: string; text_body: string }>(
        `select subject, text_body from mail_outbox where lower(to_address) = lower($1)`,
        [users[p].email],
      )
      for (const m of mails)
        expect(`${m.subject} ${m.text_body}`, p).not.toMatch(/source of funds|due diligence|Matrix:/i)
    }
    // The trail entry of the review is the buyer's firm's only, the buyer included out.
    for (const p of ['buyer', 'seller'] as const) {
      const read = await t.request(`/api/transactions/${txId}/activity?limit=200`, { as: users[p] })
      const kinds = AuditTrailResponse.parse(await read.json()).entries.map((e) => e.kind)
      expect(kinds, p).not.toContain('funds.more_info_requested')
      expect(kinds, p).not.toContain('funds.satisfied')
    }
  })

  it('data-rights export: a person’s own entries, as far as their audience takes them in', async () => {
    // The buyer viewed their own identity photo: an entry for their firm, not in their own export.
    await write(
      {
        kind: 'identity.image_viewed',
        side: 'buyer',
        audience: 'buyer_firm',
        summary: 'matrix viewed their own photo',
      },
      { actorId: users.buyer.profileId },
    )
    await write(
      { kind: 'message.posted', side: null, audience: 'everyone', summary: 'matrix buyer said hello' },
      {
        actorId: users.buyer.profileId,
      },
    )
    const exported = async (p: Person) => {
      const res = await t.request('/api/account/export', { as: users[p] })
      expect(res.status).toBe(200)
      const files = await unzip(Buffer.from(await res.arrayBuffer()))
      return files.get('activity.json')!.toString()
    }
    const buyers = await exported('buyer')
    expect(buyers).toContain('matrix buyer said hello')
    expect(buyers).not.toContain('matrix viewed their own photo')
    // The conveyancer's export keeps the due diligence they recorded.
    expect(await exported('buyerConveyancer')).toContain('matrix cdd.decided (buyer)')
  })
})
