/**
 * The demo data against a real database (PGlite, or PostgreSQL with TEST_DATABASE_URL): counts, tiers
 * computed from the stored metrics, the demo accounts, the demo transaction obeying every table rule
 * and readable through the API by its three people; and a second run that changes nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import { DocumentListResponse } from '#shared/contracts/documents.ts'
import { ACCREDITATION_TIERS, ORGANIZATION_TYPES } from '#shared/domain/organizations.ts'
import { overallProgress } from '#shared/domain/progress.ts'
import { DOCUMENT_FOLDERS } from '#shared/domain/statuses.ts'
import { standardTimeline, TASK_TITLES } from '#shared/domain/timeline-template.ts'
import { addWorkingDays, isWorkingDay, londonDate } from '#shared/domain/working-days.ts'
import { accreditationTierFor } from '#shared/domain/tiers.ts'
import { BoardResponse } from '#shared/contracts/firms.ts'
import { sessionCookieFrom, type TestUser, useTestApp } from '../test/test-app'
import { createTestDatabase } from '../test/test-database'
import { storageFor } from '../platform/storage'
import { createAuth } from '../auth/auth'
import type { Database } from '../db/client'
import {
  DEMO_ACCOUNTS,
  DEMO_AGENT_SALES,
  DEMO_CONVEYANCER_ENQUIRIES,
  DEMO_REVIEW_CLIENT,
  DEMO_STALLED_SALE_ID,
  DEMO_SURVEYOR,
  DEMO_AGREED_PRICE_PENCE,
  DEMO_BLOCKED_REASON,
  DEMO_FIRM_ID,
  DEMO_FUNDING,
  DEMO_TRANSACTION_ID,
  seedDemoData,
  type SeedResult,
} from './index'

const TABLES = [
  '"user"',
  'account',
  'profiles',
  'user_roles',
  'organizations',
  'accreditation_metrics',
  'marketplace_reviews',
  'transactions',
  'properties',
  'timeline_stages',
  'tasks',
  'transaction_participants',
  'documents',
  'messages',
  'organization_members',
  'matters',
  'mortgage_cases',
  'mortgage_dips',
]

/** Row count and a digest of every row of each seeded table (timestamps included), to prove a rerun writes nothing. */
async function snapshot(database: Database) {
  const out: Record<string, string> = {}
  for (const table of TABLES) {
    const [row] = await database.query<{ n: number; digest: string | null }>(
      `select count(*)::int as n, md5(string_agg(t::text, '|' order by t::text)) as digest from ${table} t`,
    )
    out[table] = `${row.n}:${row.digest}`
  }
  return out
}

/** The directory's content without ids or timestamps: what must be identical on every install. */
async function directoryDigest(database: Database) {
  const [row] = await database.query<{ digest: string }>(
    `select md5(string_agg(concat_ws('|', o.name, o.type, o.accreditation_tier, o.town, o.postcode_district, o.description,
       o.contact_email, m.avg_days, m.collapse_rate, m.csat, m.cases_count, m.live_cases_count, m.document_accuracy, m.sla_rate,
       (select string_agg(r.rating_int || r.author_name || r.body, ',' order by r.id) from marketplace_reviews r where r.organization_id = o.id)),
       '#' order by o.name)) as digest
     from organizations o join accreditation_metrics m on m.organization_id = o.id`,
  )
  return row.digest
}

const t = useTestApp()
let first: SeedResult
const demoFiles = () => ({ storage: storageFor(t.config), publicUrl: t.config.publicUrl })

// The seed's time is measured by the start-up benchmark (bench/api.bench.ts), not asserted here.
beforeAll(async () => {
  first = await seedDemoData({ database: t.database, auth: t.auth, ...demoFiles() })
})

describe('seedDemoData on a fresh database', () => {
  it('reports what it wrote', () => {
    // The five demo accounts, the demo surveyor, the demo firm's fee earner and assistant, and the
    // conveyancer's client in manual review.
    expect(first).toMatchObject({ alreadySeeded: false, usersCreated: 9, transactionCreated: true })
    expect(first.organizations).toBeGreaterThanOrEqual(300)
    expect(first.reviews).toBeGreaterThan(500)
  })

  it('lists 180+ conveyancers and 40+ surveyors, brokers and agents, with every tier for every type', async () => {
    const rows = await t.database.query<{ type: string; tier: string; n: number }>(
      `select type, accreditation_tier as tier, count(*)::int as n from organizations group by 1, 2`,
    )
    const count = (type: string) => rows.filter((r) => r.type === type).reduce((sum, r) => sum + r.n, 0)
    expect(count('law')).toBeGreaterThanOrEqual(180)
    expect(count('survey')).toBeGreaterThanOrEqual(40)
    expect(count('broker')).toBeGreaterThanOrEqual(40)
    expect(count('agent')).toBeGreaterThanOrEqual(40)
    for (const type of ORGANIZATION_TYPES) {
      for (const tier of ACCREDITATION_TIERS) {
        expect(rows.find((r) => r.type === type && r.tier === tier)?.n ?? 0, `${type} ${tier}`).toBeGreaterThan(0)
      }
    }
  })

  it('stores for each firm the tier the engine computed from its history, the same as the rules give for its latest metrics', async () => {
    const rows = await t.database.query<{
      tier: string
      metrics_tier: string
      source: string
      avg_days: number | null
      collapse_rate: string | null
      csat: string | null
      cases_count: number
      live_cases_count: number
      document_accuracy: string | null
      sla_rate: string | null
      onboarding_complete: boolean
      academy_lite_access: boolean
    }>(
      `select o.accreditation_tier as tier, m.tier as metrics_tier, m.*
       from organizations o join lateral (select * from accreditation_metrics x where x.organization_id = o.id
         order by x.recorded_at desc limit 1) m on true`,
    )
    expect(rows.length).toBe(first.organizations)
    const n = (v: string | null) => (v === null ? null : Number(v))
    for (const m of rows) {
      expect(m.source).toBe('seed')
      // Only SLA clocks that have closed give a figure (the demo firm's matters); seeded history has
      // none, so those firms have no figure, never a made-up one.
      if (m.sla_rate !== null) {
        expect(Number(m.sla_rate)).toBeGreaterThanOrEqual(0)
        expect(Number(m.sla_rate)).toBeLessThanOrEqual(1)
      }
      const computed = accreditationTierFor({
        onboardingComplete: m.onboarding_complete,
        academyLiteAccess: m.academy_lite_access,
        liveCases: m.live_cases_count,
        slaRate: n(m.sla_rate),
        completedCases: m.cases_count,
        avgDays: m.avg_days,
        collapseRate: n(m.collapse_rate),
        csat: n(m.csat),
        documentAccuracy: n(m.document_accuracy),
      })
      expect(computed).not.toBeNull()
      expect(m.tier).toBe(computed)
      expect(m.metrics_tier).toBe(computed)
    }
    const [history] = await t.database.query<{ n: number }>(
      `select count(distinct organization_id)::int as n from accreditation_tier_changes where from_tier is null and source = 'seed'`,
    )
    expect(history.n).toBe(first.organizations)
    const withSla = rows.filter((m) => m.sla_rate !== null).length
    expect(withSla).toBeLessThanOrEqual(1)
  })

  it('places firms in 60+ towns of England and Wales, with reviews on most but not all', async () => {
    const [row] = await t.database.query<{
      towns: number
      welsh: number
      english: number
      without_reviews: number
      max_reviews: number
      bad_emails: number
    }>(
      `select count(distinct town)::int as towns,
         count(*) filter (where postcode_district ~ '^(CF|SA|NP|LL|LD)')::int as welsh,
         count(*) filter (where postcode_district ~ '^(AL|LS|BS|NR|YO|EX)')::int as english,
         count(*) filter (where not exists (select 1 from marketplace_reviews r where r.organization_id = o.id))::int as without_reviews,
         (select max(n) from (select count(*)::int as n from marketplace_reviews group by organization_id) c) as max_reviews,
         count(*) filter (where contact_email !~ '\\.example$')::int as bad_emails
       from organizations o`,
    )
    expect(row.towns).toBeGreaterThanOrEqual(60)
    expect(row.welsh).toBeGreaterThan(10)
    expect(row.english).toBeGreaterThan(10)
    expect(row.without_reviews).toBeGreaterThan(0)
    expect(row.without_reviews).toBeLessThan(first.organizations / 4)
    expect(row.max_reviews).toBeLessThanOrEqual(15)
    expect(row.bad_emails).toBe(0)
    const [dates] = await t.database.query<{ oldest_days: number; newest_days: number }>(
      `select extract(day from now() - min(created_at))::int as oldest_days, extract(day from now() - max(created_at))::int as newest_days
       from marketplace_reviews`,
    )
    // Reviews follow the completions they are about, over up to three years of history.
    expect(dates.oldest_days).toBeGreaterThan(600)
    expect(dates.oldest_days).toBeLessThanOrEqual(1116)
    expect(dates.newest_days).toBeLessThan(30)
  })

  it("creates the six demo accounts, one per role, with Better Auth's password hash, each with a profile and its role, able to sign in", async () => {
    for (const account of DEMO_ACCOUNTS) {
      const rows = await t.database.query<{ full_name: string; role: string; has_password: boolean }>(
        `select p.full_name, r.role, exists(select 1 from account a where a.user_id = u.id and a.provider_id = 'credential' and a.password is not null) as has_password
         from "user" u join profiles p on p.auth_id = u.id join user_roles r on r.user_id = p.id where u.email = $1`,
        [account.email],
      )
      expect(rows).toEqual([{ full_name: account.name, role: account.role, has_password: true }])
      const res = await t.request('/api/auth/sign-in/email', {
        json: { email: account.email, password: account.password },
      })
      expect(res.status, account.email).toBe(200)
    }
    expect(DEMO_ACCOUNTS.map((a) => a.label)).toEqual([
      'Buyer',
      'Seller',
      'Conveyancer',
      'Estate agent',
      'Broker',
      'Surveyor',
    ])
  })

  it('creates them with their email confirmed and sends no verification email', async () => {
    const rows = await t.database.query<{ email: string; email_verified: boolean }>(
      `select email, email_verified from "user" where email = any($1::text[]) order by email`,
      [DEMO_ACCOUNTS.map((a) => a.email)],
    )
    expect(rows).toHaveLength(6)
    for (const row of rows) expect(row.email_verified, row.email).toBe(true)
    // Notifications of the conveyancer's day (an enquiry answered) stay local; no sign-up mail at all.
    const mails = await t.database.query(
      `select 1 from mail_outbox where to_address = any($1::text[]) and kind not like 'notification.%'`,
      [DEMO_ACCOUNTS.map((a) => a.email)],
    )
    expect(mails).toHaveLength(0)
  })

  it('lets the demo buyer invite someone at once, without confirming an email first', async () => {
    const buyer = DEMO_ACCOUNTS.find((a) => a.label === 'Buyer')!
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: buyer.email, password: buyer.password },
    })
    const cookie = sessionCookieFrom(signIn)
    const res = await t.request(`/api/transactions/${DEMO_TRANSACTION_ID}/invitations`, {
      headers: { cookie },
      json: { email: `surveyor-${Date.now()}@homeward.test`, role: 'surveyor' },
    })
    expect(res.status, await res.clone().text()).toBe(201)
  })

  it("holds the demo move's deposit with the sandbox partner: 10% of the price, its ledger balanced", async () => {
    const [deposit] = await t.database.query<{ status: string; amount: string; held: string; total: string }>(
      `select d.status, d.amount_pence::text as amount,
         (select balance_pence::text from ledger_accounts where transaction_id = d.transaction_id and code = 'held_for_buyer') as held,
         (select sum(l.amount_pence)::text from ledger_lines l join ledger_entries e on e.id = l.entry_id
           where e.transaction_id = d.transaction_id) as total
       from deposits d where d.transaction_id = $1`,
      [DEMO_TRANSACTION_ID],
    )
    expect(deposit).toEqual({
      status: 'held',
      amount: String(DEMO_AGREED_PRICE_PENCE / 10),
      held: String(DEMO_AGREED_PRICE_PENCE / 10),
      total: '0',
    })
  })

  it('makes the demo transaction: 12 Clarence Road, St Albans AL1 4NG, £525,000, active, 38 days old', async () => {
    const [tx] = await t.database.query<Record<string, unknown>>(
      `select t.status, t.agreed_price_pence::text as price, extract(day from now() - t.created_at)::int as age_days,
         b.email as buyer, s.email as seller, p.address_lines, p.postcode, p.uprn, p.tenure
       from transactions t join properties p on p.transaction_id = t.id
       join profiles b on b.id = t.buyer_user_id join profiles s on s.id = t.seller_user_id
       where t.id = $1`,
      [DEMO_TRANSACTION_ID],
    )
    expect(tx).toMatchObject({
      status: 'active',
      price: String(DEMO_AGREED_PRICE_PENCE),
      buyer: 'amelia.buyer@homeward.example',
      seller: 'tom.seller@homeward.example',
      address_lines: ['12 Clarence Road', 'St Albans'],
      postcode: 'AL1 4NG',
      tenure: 'freehold',
    })
    expect(tx.uprn).toMatch(/^[0-9]{12}$/)
    expect([37, 38]).toContain(tx.age_days)
  })

  it('gives it the standard stages and tasks, done, in progress, blocked and not started, consistently', async () => {
    const stages = await t.database.query<{
      stage_name: string
      sort_index: number
      status: string
      percent_complete: number
      blocked_reason: string | null
      titles: string[]
      done: number
      total: number
      stamped: number
    }>(
      `select s.stage_name, s.sort_index, s.status, s.percent_complete, s.blocked_reason,
         array_agg(k.title order by k.sort_index) as titles,
         count(*) filter (where k.status = 'completed')::int as done, count(*)::int as total,
         count(*) filter (where k.status = 'completed' and k.completed_at is not null and k.completed_at <= now())::int as stamped
       from timeline_stages s join tasks k on k.stage_id = s.id
       where s.transaction_id = $1 group by s.id order by s.sort_index`,
      [DEMO_TRANSACTION_ID],
    )
    const template = standardTimeline({ tenure: 'freehold' })
    expect(stages.map((s) => s.stage_name)).toEqual(template.map((s) => s.stageName))
    expect(stages.map((s) => s.titles)).toEqual(template.map((s) => s.tasks.map((k) => k.title)))
    expect(stages.map((s) => s.sort_index)).toEqual(template.map((_, i) => i))
    expect(stages.map((s) => s.status)).toEqual([
      'completed',
      'completed',
      'in_progress',
      'blocked',
      'not_started',
      'not_started',
      'not_started',
      'not_started',
      'not_started',
    ])
    for (const s of stages) {
      expect(s.percent_complete, s.stage_name).toBe(Math.round((s.done / s.total) * 100))
      expect(s.stamped).toBe(s.done)
      expect(s.blocked_reason !== null).toBe(s.status === 'blocked')
      if (s.status === 'completed') expect(s.done).toBe(s.total)
      if (s.status === 'not_started') expect(s.done).toBe(0)
      if (s.status === 'in_progress') expect(s.done).toBeGreaterThan(0)
      if (s.status === 'in_progress') expect(s.done).toBeLessThan(s.total)
    }
    expect(stages[3].blocked_reason).toBe(DEMO_BLOCKED_REASON)
  })

  it('has Amelia, Tom, Priya, Jordan (agent), Marcus (broker) and Oliver (surveyor) as participants, Priya for the demo firm, Jordan invited by Tom, Marcus by Amelia', async () => {
    const rows = await t.database.query<{
      email: string
      role: string
      org_type: string | null
      invited_by: string | null
    }>(
      `select p.email, tp.role, o.type as org_type, i.email as invited_by, tp.organization_id
       from transaction_participants tp join profiles p on p.id = tp.user_id
       left join organizations o on o.id = tp.organization_id left join profiles i on i.id = tp.invited_by
       where tp.transaction_id = $1 order by tp.created_at`,
      [DEMO_TRANSACTION_ID],
    )
    expect(rows).toEqual([
      {
        email: 'amelia.buyer@homeward.example',
        role: 'buyer',
        org_type: null,
        invited_by: null,
        organization_id: null,
      },
      { email: 'tom.seller@homeward.example', role: 'seller', org_type: null, invited_by: null, organization_id: null },
      {
        email: 'priya.conveyancer@homeward.example',
        role: 'buyer_conveyancer',
        org_type: 'law',
        invited_by: 'amelia.buyer@homeward.example',
        organization_id: DEMO_FIRM_ID,
      },
      {
        email: 'jordan.agent@homeward.example',
        role: 'estate_agent',
        org_type: null,
        invited_by: 'tom.seller@homeward.example',
        organization_id: null,
      },
      {
        email: 'marcus.broker@homeward.example',
        role: 'mortgage_broker',
        org_type: null,
        invited_by: 'amelia.buyer@homeward.example',
        organization_id: null,
      },
      // The demo surveyor (demo-surveyor.ts), for his survey firm from the directory.
      {
        email: 'oliver.surveyor@homeward.example',
        role: 'surveyor',
        org_type: 'survey',
        invited_by: null,
        organization_id: expect.any(String),
      },
    ])
  })

  it('has documents in the six folders, one signed, and 6 to 8 messages among the three over past weeks', async () => {
    const docs = await t.database.query<{ folder: string; filename: string; version: number; signed: boolean }>(
      `select folder, filename, version, signed_at is not null as signed from documents where transaction_id = $1`,
      [DEMO_TRANSACTION_ID],
    )
    expect(docs.length).toBeGreaterThanOrEqual(3)
    for (const d of docs) expect(DOCUMENT_FOLDERS).toContain(d.folder)
    expect(docs.filter((d) => d.signed).length).toBeGreaterThanOrEqual(1)
    expect(docs.some((d) => d.version > 1)).toBe(true)

    const msgs = await t.database.query<{ email: string; days_ago: number }>(
      `select p.email, extract(epoch from now() - m.created_at) / 86400 as days_ago
       from messages m join profiles p on p.id = m.author_id where m.transaction_id = $1 order by m.created_at`,
      [DEMO_TRANSACTION_ID],
    )
    expect(msgs.length).toBeGreaterThanOrEqual(6)
    expect(msgs.length).toBeLessThanOrEqual(8)
    // Jordan (estate agent) and Marcus (broker) have not written in the move's chat.
    expect(new Set(msgs.map((m) => m.email))).toEqual(new Set(DEMO_ACCOUNTS.slice(0, 3).map((a) => a.email)))
    for (const m of msgs) expect(Number(m.days_ago)).toBeGreaterThan(0)
    expect(Number(msgs[0].days_ago) - Number(msgs[msgs.length - 1].days_ago)).toBeGreaterThan(14)
  })

  it('shows the transaction through the API to each of its six demo people', async () => {
    for (const account of DEMO_ACCOUNTS) {
      const signIn = await t.request('/api/auth/sign-in/email', {
        json: { email: account.email, password: account.password },
      })
      const cookie = sessionCookieFrom(signIn)
      const res = await t.request(`/api/transactions/${DEMO_TRANSACTION_ID}`, { headers: { cookie } })
      expect(res.status, account.email).toBe(200)
      // Only the fields this test is about: the full contract is the transactions feature's to test.
      const detail = (await res.json()) as {
        timeline_stages: Array<{ percent_complete: number }>
        transaction_participants: unknown[]
      }
      expect(detail.timeline_stages).toHaveLength(9)
      expect(detail.transaction_participants).toHaveLength(6)
      expect(overallProgress(detail.timeline_stages)).toBe(39)
      const list = (await (await t.request('/api/transactions', { headers: { cookie } })).json()) as {
        transactions: Array<{ id: string }>
      }
      expect(list.transactions.map((x) => x.id)).toContain(DEMO_TRANSACTION_ID)
    }
  })

  it('lists its documents and their versions within the contract, rows without a stored file included', async () => {
    const [amelia] = DEMO_ACCOUNTS
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: amelia.email, password: amelia.password },
    })
    const cookie = sessionCookieFrom(signIn)
    // Outside production every answer is parsed against its contract: a mismatch would be a 500.
    const res = await t.request(`/api/transactions/${DEMO_TRANSACTION_ID}/documents`, { headers: { cookie } })
    expect(res.status).toBe(200)
    const { documents } = DocumentListResponse.parse(await res.json())
    expect(documents.length).toBeGreaterThan(0)
    // The demo's uploads are rows only (no bytes, no hash); the TA6 and TA10 Tom signed in Homeward
    // are real PDFs filed by the signing path, with their hash.
    const signed = documents.filter((d) => d.sha256 !== null).map((d) => d.filename)
    expect(signed.sort()).toEqual(['TA10 Fittings and Contents Form.pdf', 'TA6 Property Information Form.pdf'])
    const versions = await t.request(`/api/transactions/${DEMO_TRANSACTION_ID}/documents/${documents[0].id}/versions`, {
      headers: { cookie },
    })
    expect(versions.status).toBe(200)
  })
})

describe("each trade's day (issue 40 item 4)", () => {
  const one = async <T>(text: string, params: unknown[] = []) => (await t.database.query<T>(text, params))[0]!
  const profileOf = async (email: string) =>
    (await one<{ id: string }>(`select id from profiles where lower(email) = $1`, [email])).id

  it("the conveyancer: clocks breached and due on her firm's open matters, and the seller's signed TA6 and TA10 ticked", async () => {
    const clocks = await one<{ breached: number; due_within_2_days: number; open: number }>(
      `select count(*) filter (where breached_on <= current_date)::int as breached,
         count(*) filter (where due_on between current_date and current_date + 2)::int as due_within_2_days,
         count(*)::int as open
       from sla_clocks where organization_id = $1 and stopped_at is null and cancelled_at is null`,
      [DEMO_FIRM_ID],
    )
    expect(clocks.breached).toBeGreaterThanOrEqual(2)
    expect(clocks.open).toBeGreaterThanOrEqual(10)
    const forms = await t.database.query<{ form: string; signed_name: string; task_status: string }>(
      `select f.form, f.signed_name,
         (select k.status from tasks k join timeline_stages s on s.id = k.stage_id where s.transaction_id = f.transaction_id
            and k.title = case f.form when 'ta6' then $2 else $3 end) as task_status
       from property_forms f where f.transaction_id = $1 order by f.form desc`,
      [DEMO_TRANSACTION_ID, TASK_TITLES.ta6Form, TASK_TITLES.ta10Form],
    )
    expect(forms).toEqual([
      { form: 'ta6', signed_name: 'Tom Whitfield', task_status: 'completed' },
      { form: 'ta10', signed_name: 'Tom Whitfield', task_status: 'completed' },
    ])
  })

  it("the conveyancer: enquiries she raised await replies, one reply waits for her review, and a client's identity check is in manual review", async () => {
    const priya = await profileOf('priya.conveyancer@homeward.example')
    const client = await profileOf(DEMO_REVIEW_CLIENT.email)
    const enquiries = await one<{
      tx: string
      open: number
      answered: number
      clocks: number
      raised: number
      task: string
    }>(
      `select e.transaction_id as tx, count(*) filter (where e.status = 'open')::int as open,
         count(*) filter (where e.status = 'answered')::int as answered,
         (select count(*)::int from sla_clocks c where c.transaction_id = e.transaction_id and c.clock_type = 'enquiry_replies'
            and c.stopped_at is null and c.cancelled_at is null) as clocks,
         (select count(*)::int from activity_events a where a.transaction_id = e.transaction_id and a.kind = 'enquiry.raised') as raised,
         (select k.status from tasks k join timeline_stages s on s.id = k.stage_id where s.transaction_id = e.transaction_id
            and k.title = $2) as task
       from enquiries e where e.raised_by = $1 group by e.transaction_id`,
      [priya, TASK_TITLES.enquiriesRaised],
    )
    expect(enquiries).toMatchObject({
      open: DEMO_CONVEYANCER_ENQUIRIES.length - 1,
      answered: 1,
      clocks: DEMO_CONVEYANCER_ENQUIRIES.length - 1,
      raised: DEMO_CONVEYANCER_ENQUIRIES.length,
      task: 'completed',
    })
    // The client with an account on that matter: her check came back in manual review, unresolved.
    const review = await one<{
      status: string
      confidence: string
      side: string
      decision: string | null
      reviewed: string | null
    }>(
      `select i.status, i.confidence, c.side, c.decision, c.identity_review as reviewed
       from cdd_records c join identity_checks i on i.id = c.identity_check_id
       where c.transaction_id = $1 and c.client_profile_id = $2`,
      [enquiries.tx, client],
    )
    expect(review).toEqual({ status: 'needs_review', confidence: 'low', side: 'buyer', decision: null, reviewed: null })
  })

  it('the estate agent: a sale without a memorandum of sale document has its memorandum task open', async () => {
    const open = await t.database.query<{ id: string; status: string; docs: number }>(
      `select s.transaction_id as id, k.status,
         (select count(*)::int from documents d where d.transaction_id = s.transaction_id and d.filename ilike 'memorandum of sale%') as docs
       from tasks k join timeline_stages s on s.id = k.stage_id
       where s.transaction_id = any($1::uuid[]) and k.title = $2 order by s.transaction_id`,
      [DEMO_AGENT_SALES.map((s) => s.id), TASK_TITLES.memorandumOfSale],
    )
    expect(open).toHaveLength(DEMO_AGENT_SALES.length)
    for (const sale of open) expect(sale).toEqual({ id: sale.id, status: 'not_completed', docs: 0 })
  })

  it('the estate agent: five sales at SSTC, four recorded with sellers off Homeward, each with a weekly update to send', async () => {
    const jordan = await profileOf('jordan.agent@homeward.example')
    const sales = await one<{ live: number; recorded: number; updates_sent: number }>(
      `select count(*)::int as live,
         count(*) filter (where exists(select 1 from agent_sales a where a.transaction_id = tp.transaction_id and a.seller_email is not null))::int as recorded,
         (select count(*)::int from sale_weekly_updates w where w.transaction_id in
           (select transaction_id from transaction_participants where user_id = $1)) as updates_sent
       from transaction_participants tp where tp.user_id = $1 and tp.role = 'estate_agent'`,
      [jordan],
    )
    expect(sales).toEqual({ live: 1 + DEMO_AGENT_SALES.length, recorded: DEMO_AGENT_SALES.length, updates_sent: 0 })
  })

  it('the broker: clients before an offer (a lead, a joint fact find in progress), a DIP expiring within 14 days and a deal ending within 120', async () => {
    const marcus = await profileOf('marcus.broker@homeward.example')
    const day = await one<{
      before_offer: number
      leads: number
      joint: number
      dip_expiring: number
      deal_ending: number
    }>(
      `select count(*) filter (where c.transaction_id is null)::int as before_offer,
         count(*) filter (where c.client_status = 'lead')::int as leads,
         count(*) filter (where jsonb_array_length(c.fact_find -> 'applicants') = 2)::int as joint,
         (select count(*)::int from mortgage_dips d join mortgage_cases x on x.id = d.case_id where x.broker_profile_id = $1
            and d.expires_on between current_date and current_date + 14) as dip_expiring,
         (select count(*)::int from mortgage_recommendations r join mortgage_cases x on x.id = r.case_id where x.broker_profile_id = $1
            and r.deal_ends_on between current_date and current_date + 120) as deal_ending
       from mortgage_cases c where c.broker_profile_id = $1`,
      [marcus],
    )
    expect(day).toEqual({ before_offer: 3, leads: 1, joint: 1, dip_expiring: 1, deal_ending: 1 })
  })

  it('the surveyor: paid visits on the next four working days, never a weekend or bank holiday, a report ready to release and a payout statement that adds up', async () => {
    const oliver = await profileOf(DEMO_SURVEYOR.email)
    const bookings = await t.database.query<{
      day: string
      status: string
      ready: boolean
      paid: boolean
      terms: boolean
      fee: number
      ex_vat: number
      vat: number
      platform: number
      net: number
      payout: string
    }>(
      `select to_char(b.starts_at at time zone 'Europe/London', 'YYYY-MM-DD') as day, b.status,
         b.ready_to_release_at is not null and b.report_document_id is not null as ready,
         b.paid_at is not null and b.payment_reference is not null as paid, b.terms_accepted_at is not null as terms,
         p.fee_pence as fee, p.fee_ex_vat_pence as ex_vat, p.vat_pence as vat, p.platform_fee_pence as platform,
         p.net_pence as net, p.status as payout
       from survey_bookings b join survey_payouts p on p.booking_id = b.id where b.surveyor_id = $1 order by b.starts_at`,
      [oliver],
    )
    const today = londonDate(new Date())
    const upcoming = bookings.filter((b) => b.day > today && b.status === 'booked')
    expect(upcoming).toHaveLength(4)
    expect(upcoming.at(-1)!.day <= addWorkingDays(today, 4)).toBe(true)
    for (const b of bookings) {
      expect(isWorkingDay(b.day), b.day).toBe(true)
      expect(b.paid && b.terms).toBe(true)
      expect(b.ex_vat + b.vat).toBe(b.fee)
      expect(b.net + b.platform).toBe(b.fee)
    }
    expect(bookings.filter((b) => b.status === 'booked' && b.ready && b.day < today)).toHaveLength(1)
    expect(
      bookings
        .filter((b) => b.status === 'report_delivered')
        .map((b) => b.payout)
        .sort(),
    ).toEqual(['paid', 'pending'])
    expect(bookings.filter((b) => b.status === 'booked').every((b) => b.payout === 'held')).toBe(true)
  })
})

describe("the demo firm's cases board", () => {
  it("Priya's firm works at least 30 matters at varied stages with a fee earner and an assistant, some clocks breached and one due soon", async () => {
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: 'priya.conveyancer@homeward.example', password: 'homeward-demo-2025' },
    })
    expect(signIn.status).toBe(200)
    const cookie = sessionCookieFrom(signIn)
    const res = await t.request('/api/cases', { as: { cookie } as TestUser })
    expect(res.status).toBe(200)
    const board = BoardResponse.parse(await res.json())
    expect(board.viewer_role).toBe('admin')
    expect(board.total).toBeGreaterThanOrEqual(30)
    expect(new Set(board.rows.map((r) => r.stage)).size).toBeGreaterThanOrEqual(5)
    expect(new Set(board.rows.map((r) => r.side))).toEqual(new Set(['buyer', 'seller']))
    expect(new Set(board.rows.map((r) => r.fee_earner?.full_name))).toEqual(new Set(['Priya Shah', 'Daniel Mercer']))
    expect(board.rows.filter((r) => r.sla.status === 'breached').length).toBeGreaterThan(0)
    expect(board.rows.filter((r) => r.sla.status === 'due_soon').length).toBeGreaterThan(0)
    expect(board.rows.find((r) => r.transaction_id === DEMO_TRANSACTION_ID)).toMatchObject({
      client_names: ['Amelia Clarke'],
      side: 'buyer',
    })
    const members = await t.database.query<{ email: string; role: string }>(
      `select p.email, om.role from organization_members om join profiles p on p.id = om.profile_id
       where om.organization_id = $1 and om.removed_at is null order by p.email`,
      [DEMO_FIRM_ID],
    )
    expect(members).toEqual([
      { email: 'daniel.feeearner@homeward.example', role: 'fee_earner' },
      { email: 'grace.assistant@homeward.example', role: 'assistant' },
      { email: 'priya.conveyancer@homeward.example', role: 'admin' },
    ])
  })
})

describe('seedDemoData again', () => {
  it('changes nothing and returns quickly', async () => {
    const before = await snapshot(t.database)
    const started = performance.now()
    const again = await seedDemoData({ database: t.database, auth: t.auth, ...demoFiles() })
    const ms = performance.now() - started
    expect(again).toMatchObject({
      alreadySeeded: true,
      organizations: 0,
      reviews: 0,
      usersCreated: 0,
      transactionCreated: false,
    })
    expect(ms).toBeLessThan(500)
    expect(await snapshot(t.database)).toEqual(before)
  })
})

describe('seedDemoData with accounts: false (the directory only)', () => {
  it('loads the directory but no demo account and no demo transaction', async () => {
    const other = await createTestDatabase()
    try {
      const auth = createAuth({
        database: other.database,
        config: { authSecret: 'x'.repeat(32), publicUrl: 'http://localhost:3000', secure: false },
      })
      const result = await seedDemoData({ database: other.database, auth, accounts: false, ...demoFiles() })
      expect(result).toMatchObject({ usersCreated: 0, transactionCreated: false })
      expect(result.organizations).toBe(first.organizations)
      const [counts] = await other.database.query<{ users: number; tx: number }>(
        `select (select count(*)::int from "user") as users, (select count(*)::int from transactions where buyer_user_id is not null) as tx`,
      )
      // The directory's track record (history.ts) is moves without a buyer or seller account.
      expect(counts).toEqual({ users: 0, tx: 0 })
      expect(await seedDemoData({ database: other.database, auth, accounts: false, ...demoFiles() })).toMatchObject({
        alreadySeeded: true,
      })
    } finally {
      await other.drop()
    }
  })
})

describe('seedDemoData on other databases', () => {
  it('writes the same directory on every install, and is safe when two seeders run at once', async () => {
    const other = await createTestDatabase()
    try {
      const auth = createAuth({
        database: other.database,
        config: { authSecret: 'x'.repeat(32), publicUrl: 'http://localhost:3000', secure: false },
      })
      const results = await Promise.all([
        seedDemoData({ database: other.database, auth, ...demoFiles() }),
        seedDemoData({ database: other.database, auth, ...demoFiles() }),
      ])
      expect(results.reduce((n, r) => n + r.organizations, 0)).toBe(first.organizations)
      expect(results.reduce((n, r) => n + r.usersCreated, 0)).toBe(9)
      expect(results.filter((r) => r.transactionCreated)).toHaveLength(1)
      expect(await directoryDigest(other.database)).toBe(await directoryDigest(t.database))
      const [counts] = await other.database.query<{ users: number; tx: number; stages: number }>(
        `select (select count(*)::int from "user") as users, (select count(distinct transaction_id)::int from timeline_stages) as tx,
           (select count(*)::int from timeline_stages) as stages`,
      )
      // The demo move, the demo firm's 33 other matters, the demo sale (the demo conveyancer acting
      // for a seller, with enquiries), the demo agent's four other sales, the demo broker's five other
      // moves and the two other moves of the demo chain, nine stages each.
      expect(counts).toEqual({ users: 9, tx: 46, stages: 414 })
    } finally {
      await other.drop()
    }
  })
})

describe("the demo move's money (issue 40 item 4: one consistent story)", () => {
  const signInAs = async (label: string) => {
    const account = DEMO_ACCOUNTS.find((a) => a.label === label)!
    const res = await t.request('/api/auth/sign-in/email', {
      json: { email: account.email, password: account.password },
    })
    return sessionCookieFrom(res)
  }

  it('adds up on the funds page, the broker panel and the CDD record alike', async () => {
    const buyer = await signInAs('Buyer')
    const funds = await t.request(`/api/transactions/${DEMO_TRANSACTION_ID}/funds`, { headers: { cookie: buyer } })
    expect(funds.status).toBe(200)
    const picture = (await funds.json()) as {
      totals: Record<string, number>
      gifts: Array<{ giftor_name: string; amount_pence: number; progress: string }>
      mortgage: { amount_pence: number; source: string; lender: string | null }
      issues: Array<{ kind: string }>
      sdlt: { total_pence: number; relief_refused: string | null } | null
    }
    const savings = DEMO_FUNDING.accounts.reduce((sum, a) => sum + a.balancePence, 0)
    // £525,000 + £16,250 SDLT (first-time buyer's relief stops at £500,000) + £3,500 fees = £544,750.
    expect(picture.sdlt).toMatchObject({ total_pence: 16_250_00, relief_refused: expect.stringContaining('£500,000') })
    expect(picture.totals).toMatchObject({
      price_pence: DEMO_AGREED_PRICE_PENCE,
      mortgage_pence: DEMO_FUNDING.mortgagePence,
      gifts_pence: DEMO_FUNDING.gift.pence,
      savings_pence: savings,
      needed_pence: 544_750_00,
      available_pence: DEMO_FUNDING.mortgagePence + DEMO_FUNDING.gift.pence + savings,
      shortfall_pence: 0,
    })
    expect(picture.mortgage).toMatchObject({ source: 'dip', lender: 'Nationwide' })
    // The gift letter on file is a gift on the funds page, its declaration awaiting the father's signature.
    expect(picture.gifts).toEqual([
      expect.objectContaining({ giftor_name: 'David Clarke', amount_pence: 40_000_00, progress: 'invited' }),
    ])
    expect(picture.issues.map((i) => i.kind)).toEqual(['gift_unsigned'])
    // The deposit is price less mortgage, 80% loan to value; the own funds cover it and SDLT and fees.
    expect(DEMO_AGREED_PRICE_PENCE - DEMO_FUNDING.mortgagePence).toBe(105_000_00)
    expect(DEMO_FUNDING.ownFundsPence).toBe(savings + DEMO_FUNDING.gift.pence)

    // The broker sees the same money: no gap, 80% LTV, the DIP within the estimate.
    const broker = await signInAs('Broker')
    const caseRes = await t.request(`/api/mortgages/${DEMO_TRANSACTION_ID}`, { headers: { cookie: broker } })
    expect(caseRes.status).toBe(200)
    const position = ((await caseRes.json()) as { position: Record<string, unknown> | null }).position
    expect(position).toMatchObject({
      price_pence: DEMO_AGREED_PRICE_PENCE,
      mortgage_pence: DEMO_FUNDING.mortgagePence,
      gap_pence: 0,
      loan_to_value_percent: 80,
      above_affordability: false,
    })

    // The conveyancer's CDD: low risk is true now (no shortfall, UK nationality and residence).
    const priya = await signInAs('Conveyancer')
    const [amelia] = await t.database.query<{ id: string }>(`select id from profiles where lower(email) = $1`, [
      DEMO_ACCOUNTS.find((a) => a.label === 'Buyer')!.email,
    ])
    const cdd = await t.request(`/api/transactions/${DEMO_TRANSACTION_ID}/cdd/${amelia.id}`, {
      headers: { cookie: priya },
    })
    expect(cdd.status).toBe(200)
    const record = (await cdd.json()) as { risk: { level: string }; countries: Record<string, unknown> }
    expect(record.countries).toMatchObject({ nationality: 'GB', residence_country: 'GB', high_risk: [] })
    expect(record.risk.level).toBe('low')
  })
})

describe('the demo estate agent', () => {
  it("ranks Jordan Hale's stalled sale first in the portfolio, with its reasons", async () => {
    const agent = DEMO_ACCOUNTS.find((a) => a.label === 'Estate agent')!
    const signIn = await t.request('/api/auth/sign-in/email', {
      json: { email: agent.email, password: agent.password },
    })
    const res = await t.request('/api/portfolio', { headers: { cookie: sessionCookieFrom(signIn) } })
    expect(res.status).toBe(200)
    const body = (await res.json()) as {
      sales: Array<{ transaction_id: string; address: string; risk: { band: string; reasons: string[] } }>
    }
    expect(body.sales).toHaveLength(5)
    expect(body.sales[0]).toMatchObject({ transaction_id: DEMO_STALLED_SALE_ID, address: '14 Holywell Hill' })
    expect(body.sales[0].risk.band).toBe('high')
    // Whole days since 10:00 UTC 21 and 35 days ago: one fewer before 10:00.
    expect(body.sales[0].risk.reasons).toEqual([
      expect.stringMatching(/^Searches blocked for 2[01] days$/),
      expect.stringMatching(/^No progress for 3[45] days$/),
    ])
    expect(body.sales.map((s) => s.transaction_id)).toContain(DEMO_TRANSACTION_ID)
  })
})
