/**
 * Data for the plans of the hot statements (hot-statements.integration.test.ts and
 * scripts/hot-plans.ts): `moves` moves in the shape of bench/bench-data.ts (one person per five
 * moves, so a person's own rows stay the same at every size; 8 stages of 4 tasks, 4 participants, 7
 * document versions, 4 messages and 4 chained audit entries each), bulk-inserted through SQL, and on
 * top of them the professionals whose reads must cost their own rows: two conveyancing firms whose
 * fee earners hold 1,000 and 100 matters (each with an open SLA clock), and an estate agency of two
 * agents on 200 sales (one agent named on each, the firm on every one). PostgreSQL or PGlite.
 */
import type { Database } from '../db/client'

/** The people and moves the hot statements are read for. */
export interface HotStatementsData {
  /** A person outside any firm, buyer or seller on about ten moves and participant on a few more. */
  personId: string
  /** One of the person's moves. */
  personMoveId: string
  /** Fee earner (admin) of the firm with `bigMatters` matters. */
  bigFeeEarnerId: string
  /** Fee earner (admin) of the firm with `smallMatters` matters. */
  smallFeeEarnerId: string
  /** A move of the big firm. */
  bigFirmMoveId: string
  /** An agent of the estate agency (named on half its sales, reaching the others through the firm). */
  agentId: string
  /** A sale of the agency that names the firm and the other agent (reached through the firm). */
  agencySaleId: string
}

export const BIG_MATTERS = 1000
export const SMALL_MATTERS = 100
const AGENCY_SALES = 200

/**
 * Seeds the data into a migrated, empty database and analyses it. `moves` at least
 * BIG_MATTERS + SMALL_MATTERS + AGENCY_SALES. Returns the ids the statements are read for.
 */
export async function seedHotStatements(database: Database, moves: number): Promise<HotStatementsData> {
  if (moves < BIG_MATTERS + SMALL_MATTERS + AGENCY_SALES) throw new Error(`At least 1,300 moves, not ${moves}`)
  const people = Math.max(1000, Math.round(moves / 5))
  const q = (text: string, params: unknown[] = []) => database.query(text, params)
  await q(
    `insert into "user" (id, name, email, email_verified, signup_role)
     select 'hot-user-' || g, 'Hot Person ' || g, 'hot' || g || '@homeward.test', true,
       (array['consumer_buyer','consumer_seller','pro_conveyancer','pro_agent'])[1 + g % 4]
     from generate_series(1, $1::int) g`,
    [people],
  )
  await q(`create temporary table hot_profiles as
    select row_number() over (order by u.id) as n, p.id from profiles p join "user" u on u.id = p.auth_id
    where u.email like 'hot%@homeward.test'`)
  await q(`create unique index on hot_profiles (n)`)
  await q(`analyze hot_profiles`)
  const person = `(select id from hot_profiles where n = 1 + (g * 7) % ${people})`
  // A statement over the moves g in [$1, $2] ($3 the number of people), run 5,000 moves at a time
  // (each within the connection's statement timeout).
  const byMoves = async (text: string) => {
    for (let from = 1; from <= moves; from += 5000) {
      const range = [from, Math.min(from + 4999, moves)]
      await q(text, text.includes('$3') ? [...range, people] : range)
    }
  }
  await byMoves(
    `insert into transactions (id, status, buyer_user_id, seller_user_id, agreed_price_pence, created_at)
     select md5('hot' || g)::uuid, (array['draft','active','active','exchange','completed'])[1 + g % 5],
       ${person}, (select id from hot_profiles where n = 1 + (g * 13 + 1) % $3::int),
       30000000 + g * 1000, now() - (g % 300) * interval '1 day'
     from generate_series($1::int, $2::int) g`,
  )
  await byMoves(
    `insert into properties (transaction_id, address_lines, postcode, uprn, tenure)
     select md5('hot' || g)::uuid, array[g || ' Park Road', 'Harpenden'], 'AL5 ' || (g % 9) || 'AB', (100000 + g)::text, 'freehold'
     from generate_series($1::int, $2::int) g`,
  )
  await byMoves(
    `insert into transaction_participants (transaction_id, user_id, role)
     select md5('hot' || g)::uuid, p.id, (array['buyer','seller','buyer_conveyancer','seller_conveyancer'])[k]
     from generate_series($1::int, $2::int) g
     cross join generate_series(1, 4) k
     join hot_profiles p on p.n = 1 + (g * 7 + (k - 1) * 6 * (g % 3 + 1)) % $3::int
     on conflict do nothing`,
  )
  await byMoves(
    `insert into timeline_stages (id, transaction_id, stage_name, sort_index, status, percent_complete)
     select md5('hst' || g || '-' || s)::uuid, md5('hot' || g)::uuid, 'Stage ' || s, s,
       case when s < 3 then 'completed' when s = 3 then 'in_progress' else 'not_started' end,
       case when s < 3 then 100 when s = 3 then 50 else 0 end
     from generate_series($1::int, $2::int) g cross join generate_series(1, 8) s`,
  )
  await byMoves(
    `insert into tasks (stage_id, title, status, sort_index)
     select md5('hst' || g || '-' || s)::uuid, 'Task ' || k, case when s < 3 then 'completed' else 'not_completed' end, k
     from generate_series($1::int, $2::int) g cross join generate_series(1, 8) s cross join generate_series(1, 4) k`,
  )
  await byMoves(
    `insert into documents (transaction_id, filename, folder, version, uploaded_by, content_type, size_bytes, storage_key, sha256, created_at, audience)
     select md5('hot' || g)::uuid, d.filename, d.folder, d.version, ${person}, 'application/pdf', 180000 + g % 97 * 1000,
       'hot/' || g || '/' || d.filename || '.v' || d.version, encode(sha256(convert_to(g || d.filename || d.version, 'UTF8')), 'hex'),
       now() - (g % 300) * interval '1 day' + d.version * interval '3 days', 'everyone'
     from generate_series($1::int, $2::int) g
     cross join (values ('passport-buyer.pdf', 'Identity', 1), ('TA6-property-information.pdf', 'Property', 1),
       ('TA6-property-information.pdf', 'Property', 2), ('local-authority-search.pdf', 'Searches', 1),
       ('mortgage-offer.pdf', 'Mortgage', 1), ('draft-contract.pdf', 'Contracts', 1),
       ('TA10-fittings-and-contents.pdf', 'Fixtures', 1)) as d(filename, folder, version)`,
  )
  await byMoves(
    `insert into messages (transaction_id, thread_id, author_id, body_md, created_at)
     select md5('hot' || g)::uuid, th.id, ${person}, 'Update ' || k || ' on ' || g || ' Park Road: the searches are back.',
       now() - (g % 300) * interval '1 day' + k * interval '5 hours'
     from generate_series($1::int, $2::int) g cross join generate_series(1, 4) k
     join message_threads th on th.transaction_id = md5('hot' || g)::uuid and th.topic = 'general'`,
  )
  // The audit trail, chained with the app's hash function (migration 0010), as bench/bench-data.ts.
  await byMoves(
    `insert into activity_events (id, transaction_id, actor_id, actor_ref, kind, summary, summary_salt, summary_digest,
       payload, created_at, seq, prev_hash, hash)
     with recursive chain(g, k, id, actor, summary, created_at, prev_hash, hash) as (
       select g, 1, i.id, a.id, 'ticked "Task 1"', c.t, null::text,
         homeward_activity_hash_v2(i.id, md5('hot' || g)::uuid, 1, 'task.completed', a.id, c.t,
           homeward_activity_summary_digest('hot', 'ticked "Task 1"'), jsonb_build_object('task', 'Task 1'), null)
       from generate_series($1::int, $2::int) g
       cross join lateral (select id from hot_profiles where n = 1 + (g * 7) % $3::int) a
       cross join lateral (select date_trunc('milliseconds', now() - (g % 300) * interval '1 day') as t) c
       cross join lateral (select gen_random_uuid() as id, g as unused) i
       union all
       select g, k + 1, i.id, actor, 'ticked "Task ' || (k + 1) || '"', created_at + interval '1 day', hash,
         homeward_activity_hash_v2(i.id, md5('hot' || g)::uuid, k + 1, 'task.completed', actor, created_at + interval '1 day',
           homeward_activity_summary_digest('hot', 'ticked "Task ' || (k + 1) || '"'),
           jsonb_build_object('task', 'Task ' || (k + 1)), hash)
       from chain cross join lateral (select gen_random_uuid() as id, k as unused) i
       where k < 4
     )
     select id, md5('hot' || g)::uuid, actor, actor, 'task.completed', summary, 'hot',
       homeward_activity_summary_digest('hot', summary), jsonb_build_object('task', 'Task ' || k), created_at, k, prev_hash, hash
     from chain`,
  )
  // Statistics before the matters' triggers read the moves (an empty table's plan would scan them).
  await q('analyze')
  // The professionals: four profiles beyond the people above, in no one's moves yet.
  const pro = async (n: string, role: string) => {
    await q(`insert into "user" (id, name, email, email_verified, signup_role) values ($1, $2, $3, true, $4)`, [
      `hot-pro-${n}`,
      `Hot ${n}`,
      `hot-pro-${n}@homeward.test`,
      role,
    ])
    const [row] = await database.query<{ id: string }>(`select id from profiles where auth_id = $1`, [`hot-pro-${n}`])
    return row.id
  }
  const bigFeeEarnerId = await pro('big', 'pro_conveyancer')
  const smallFeeEarnerId = await pro('small', 'pro_conveyancer')
  const agentId = await pro('agent', 'pro_agent')
  const agent2Id = await pro('agent2', 'pro_agent')
  const firm = async (name: string, type: string, members: string[]) => {
    const [o] = await database.query<{ id: string }>(
      `insert into organizations (name, type, town) values ($1, $2, 'Harpenden') returning id`,
      [name, type],
    )
    for (const m of members) {
      await q(`insert into organization_members (organization_id, profile_id, role) values ($1, $2, 'admin')`, [
        o.id,
        m,
      ])
    }
    return o.id
  }
  const bigFirm = await firm('Hot Big Conveyancing LLP', 'law', [bigFeeEarnerId])
  const smallFirm = await firm('Hot Small Conveyancing LLP', 'law', [smallFeeEarnerId])
  const agency = await firm('Hot Estates', 'agent', [agentId, agent2Id])
  // Matters on the first 1,100 moves, buyer's side, instructed over the last 300 days, with the fee
  // earner as the buyer's conveyancer, and one open clock each (milestones spread around today).
  const matters = async (org: string, feeEarner: string, from: number, count: number) => {
    await q(
      `insert into transaction_participants (transaction_id, user_id, role, organization_id)
       select md5('hot' || g)::uuid, $3::uuid, 'buyer_conveyancer', $4::uuid from generate_series($1::int, $2::int) g
       on conflict do nothing`,
      [from, from + count - 1, feeEarner, org],
    )
    // By hundreds: the matters' triggers refresh each statement's matters at once (migration 0019).
    for (let at = from; at < from + count; at += 100) {
      await q(
        `insert into matters (organization_id, transaction_id, side, fee_earner_id, client_name, instructed_at, reference)
         select $4::uuid, md5('hot' || g)::uuid, 'buyer', $3::uuid, 'Client ' || g, now() - (g % 300) * interval '1 day', 'HOT-' || g
         from generate_series($1::int, $2::int) g`,
        [at, Math.min(at + 99, from + count - 1), feeEarner, org],
      )
    }
    await q(
      `insert into sla_clocks (transaction_id, organization_id, clock_type, side, target_working_days, started_at,
         due_soon_on, due_on, breached_on)
       select md5('hot' || g)::uuid, $3::uuid, 'searches', 'buyer', 10, now() - (g % 30) * interval '1 day',
         current_date + (g % 30 - 20), current_date + (g % 30 - 15), current_date + (g % 30 - 14)
       from generate_series($1::int, $2::int) g`,
      [from, from + count - 1, org],
    )
  }
  // The other firms of the country: one per 100 moves, each with four members, acting on every second
  // move beyond the firms above (so that matters, clocks and members grow with all moves).
  const firms = Math.floor(moves / 100)
  await q(
    `insert into organizations (id, name, type, town)
     select md5('hotfirm' || k)::uuid, 'Hot Conveyancing ' || k, 'law', 'Harpenden' from generate_series(1, $1::int) k`,
    [firms],
  )
  await q(
    `insert into organization_members (organization_id, profile_id, role)
     select md5('hotfirm' || k)::uuid, (select id from hot_profiles where n = $2::int - (k - 1) * 4 - j),
       (array['admin', 'fee_earner', 'fee_earner', 'assistant'])[j + 1]
     from generate_series(1, $1::int) k cross join generate_series(0, 3) j`,
    [firms, people],
  )
  const firstOther = BIG_MATTERS + SMALL_MATTERS + AGENCY_SALES + 1
  for (let at = firstOther; at <= moves; at += 200) {
    await q(
      `insert into matters (organization_id, transaction_id, side, client_name, instructed_at, reference)
       select md5('hotfirm' || (1 + (g / 2) % $3::int))::uuid, md5('hot' || g)::uuid, 'seller', 'Client ' || g,
         now() - (g % 300) * interval '1 day', 'HOT-' || g
       from generate_series($1::int, $2::int) g where g % 2 = 0`,
      [at, Math.min(at + 199, moves), firms],
    )
  }
  await q(
    `insert into sla_clocks (transaction_id, organization_id, clock_type, side, target_working_days, started_at,
       due_soon_on, due_on, breached_on)
     select m.transaction_id, m.organization_id, 'searches', m.side, 10, now() - interval '5 days',
       current_date + 2, current_date + 5, current_date + 6
     from matters m`,
  )
  await matters(bigFirm, bigFeeEarnerId, 1, BIG_MATTERS)
  await matters(smallFirm, smallFeeEarnerId, BIG_MATTERS + 1, SMALL_MATTERS)
  // The agency's sales: the firm named on every one (the marketplace's invite), the agent on half.
  const firstSale = BIG_MATTERS + SMALL_MATTERS + 1
  await q(
    `insert into transaction_participants (transaction_id, user_id, role, organization_id)
     select md5('hot' || g)::uuid, case when g % 2 = 0 then $3::uuid else $4::uuid end, 'estate_agent', $5::uuid
     from generate_series($1::int, $2::int) g on conflict do nothing`,
    [firstSale, firstSale + AGENCY_SALES - 1, agentId, agent2Id, agency],
  )
  await q('analyze')
  const [p] = await database.query<{ id: string; tx: string }>(
    `select tp.user_id as id, min(tp.transaction_id::text) as tx from transaction_participants tp
     join hot_profiles h on h.id = tp.user_id
     where not exists (select 1 from organization_members om where om.profile_id = tp.user_id)
     group by tp.user_id order by count(*) desc, tp.user_id limit 1`,
  )
  const id = (g: number) => database.query<{ id: string }>(`select md5('hot' || $1::int)::uuid::text as id`, [g])
  return {
    personId: p.id,
    personMoveId: p.tx,
    bigFeeEarnerId,
    smallFeeEarnerId,
    bigFirmMoveId: (await id(7))[0].id,
    agentId,
    agencySaleId: (await id(firstSale))[0].id,
  }
}

/** Tables whose rows grow with all moves (or all people): a hot statement reads none of them whole. */
export const GROWING_TABLES = [
  'transactions',
  'transaction_participants',
  'properties',
  'timeline_stages',
  'tasks',
  'documents',
  'messages',
  'message_threads',
  'thread_reads',
  'activity_events',
  'matters',
  'matter_unread',
  'sla_clocks',
  'profiles',
  'organization_members',
  'session',
  'user',
]

/** One hot statement, as the app prepares it, with its parameters for the seeded people. */
export interface HotStatement {
  name: string
  sql: string
  params: unknown[]
}

/**
 * The hot statements for the seeded data: the dashboard of a person, of a fee earner (1,000 matters)
 * and of an agent; the detail for each; the visibility check that guards every other read; the Pro
 * gate; the cases board's first page (default sort) for both fee earners. `sqls` are the app's own
 * statement texts, passed in so that this file imports no feature.
 */
export function hotStatements(
  d: HotStatementsData,
  sqls: { dashboard: string; detail: string; canSee: string; proGate: string; board: string },
  now = new Date(),
): HotStatement[] {
  const today = now.toISOString().slice(0, 10)
  const board = (viewer: string) => [viewer, null, null, null, null, null, null, null, 50, today, now.toISOString()]
  return [
    { name: 'dashboard, person', sql: sqls.dashboard, params: [d.personId] },
    { name: 'dashboard, fee earner of 1,000 matters', sql: sqls.dashboard, params: [d.bigFeeEarnerId] },
    { name: 'dashboard, estate agent', sql: sqls.dashboard, params: [d.agentId] },
    { name: 'detail, person', sql: sqls.detail, params: [d.personId, d.personMoveId] },
    { name: 'detail, fee earner', sql: sqls.detail, params: [d.bigFeeEarnerId, d.bigFirmMoveId] },
    { name: 'detail, estate agent', sql: sqls.detail, params: [d.agentId, d.agencySaleId] },
    { name: 'visibility check, estate agent', sql: sqls.canSee, params: [d.agentId, d.agencySaleId] },
    { name: 'visibility check, fee earner', sql: sqls.canSee, params: [d.bigFeeEarnerId, d.bigFirmMoveId] },
    { name: 'Pro gate, fee earner', sql: sqls.proGate, params: [d.bigFeeEarnerId] },
    { name: 'cases board, 1,000 matters', sql: sqls.board, params: board(d.bigFeeEarnerId) },
    { name: 'cases board, 100 matters', sql: sqls.board, params: board(d.smallFeeEarnerId) },
  ]
}

/** A plan node of EXPLAIN (FORMAT JSON), as far as the checks read it. */
export interface PlanNode {
  'Node Type': string
  'Relation Name'?: string
  Plans?: PlanNode[]
}

/** The tables of `tables` (GROWING_TABLES unless given) that the plan reads by a sequential scan. */
export function seqScannedGrowingTables(plan: PlanNode, tables: readonly string[] = GROWING_TABLES): string[] {
  const found = new Set<string>()
  const walk = (n: PlanNode) => {
    if (n['Node Type'] === 'Seq Scan' && n['Relation Name'] && tables.includes(n['Relation Name'])) {
      found.add(n['Relation Name'])
    }
    n.Plans?.forEach(walk)
  }
  walk(plan)
  return [...found].sort()
}
