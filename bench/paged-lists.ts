/**
 * `npx tsx bench/paged-lists.ts`: what the agent's portfolio and the broker's pipeline cost for one
 * person of 100 rows against one of 1,000 (decision 075), before and after they took their page first.
 * Creates a scratch database beside PAGED_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
 * seeds PAGED_MOVES (default 5,000) moves (8 stages of 4 tasks each; two agents on 100 and 1,000 of them; two brokers with
 * 100 and 1,000 client records, half on moves with a DIP), and prints per statement the median
 * execution time of PAGED_RUNS (default 9) EXPLAIN (ANALYZE, BUFFERS) runs and the shared buffers of
 * the last, and the median wall time of the whole use case; drops the database at the end.
 * Before: the portfolio's signals, waiting steps and held seats over every sale; the pipeline's
 * statement over every row (the text as it was). After: the signals over every sale, the steps and
 * seats for the page's 25; the paged pipeline statement.
 */
import { loadavg } from 'node:os'
import { sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import { openPostgres, type Database } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import type { Viewer } from '../src/server/auth/viewer'
import { agentSaleIdsSql, readSaleSignals, saleSignalsSql } from '../src/server/features/portfolio/sale-signals'
import { heldSeatsSql, readWaitingSteps, waitingStepsSql } from '../src/server/features/portfolio/waiting-steps'
import { listPortfolio } from '../src/server/features/portfolio/list-portfolio'
import { listPipeline, pipelineSql } from '../src/server/features/mortgages/list-pipeline'
import { brokerClientVisibleSql, brokerTransactionIdsSql } from '../src/server/access/mortgages'

const RUNS = Number(process.env.PAGED_RUNS ?? 9)
const SERVER_URL = process.env.PAGED_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const MOVES = Number(process.env.PAGED_MOVES ?? 5000)

/** The pipeline's statement before decision 075: every row, no filter, no page. */
const ORIGINAL_PIPELINE_SQL = `with mine as (
    select c.* from mortgage_cases c
    left join transactions t on t.id = c.transaction_id
    where ${brokerClientVisibleSql('c', '$1')} and (t.id is null or t.status <> 'cancelled')
  ), rowsof as (
    select c.id as client_id, c.transaction_id, c.client_status, c.buyer_name as client_name, c.stage,
      c.offer_expires_on, c.updated_at, c.id as dip_case
    from mine c
    union all
    select null::uuid, t.id, 'client', null, 'fact_find', null::date, t.updated_at, null::uuid
    from transactions t
    where t.id in ${brokerTransactionIdsSql('$1')} and t.status <> 'cancelled'
      and not exists (select 1 from mine m where m.transaction_id = t.id)
  )
  select r.client_id, r.transaction_id, r.client_status,
    coalesce(b.full_name, r.client_name) as client_name,
    case when p.transaction_id is null then null else array_to_string(p.address_lines, ', ') || ', ' || p.postcode end as address,
    r.stage, dip.lender as dip_lender, to_char(dip.expires_on, 'YYYY-MM-DD') as dip_expires_on,
    to_char(r.offer_expires_on, 'YYYY-MM-DD') as offer_expires_on,
    greatest(t.updated_at, r.updated_at) as updated_at
  from rowsof r
  left join transactions t on t.id = r.transaction_id
  left join profiles b on b.id = t.buyer_user_id
  left join properties p on p.transaction_id = r.transaction_id
  left join lateral (select m.lender, m.expires_on from mortgage_dips m where m.case_id = r.dip_case
                     order by m.created_at desc limit 1) dip on true`

async function seed(
  database: Database,
): Promise<Record<'agent100' | 'agent1000' | 'broker100' | 'broker1000', string>> {
  const q = (text: string, params: unknown[] = []) => database.query(text, params)
  await q(`insert into "user" (id, name, email, email_verified, signup_role)
    select 'pl-' || g, 'Paged Person ' || g, 'pl' || g || '@homeward.test', true,
      case when g <= 2 then 'pro_agent' when g <= 4 then 'pro_broker' else 'consumer_buyer' end
    from generate_series(1, 2004) g`)
  const ids = await database.query<{ n: string; id: string }>(
    `select substr(u.id, 4) as n, p.id from profiles p join "user" u on u.id = p.auth_id where u.id in ('pl-1','pl-2','pl-3','pl-4')`,
  )
  const who = Object.fromEntries(ids.map((r) => [r.n, r.id]))
  // One seller of their own on each of the first 2,000 moves, no buyer joined: chains of one sale.
  await q(`insert into transactions (id, status, buyer_user_id, seller_user_id, agreed_price_pence, created_at)
    select md5('pl' || g)::uuid, case when g % 10 = 0 then 'completed' else 'active' end, null,
      (select p.id from profiles p where p.auth_id = 'pl-' || (4 + g)), 30000000 + g, now() - (g % 60) * interval '1 day'
    from generate_series(1, ${MOVES}) g`)
  await q(`insert into properties (transaction_id, address_lines, postcode, uprn, tenure)
    select md5('pl' || g)::uuid, array[g || ' Paged Road', 'Harpenden'], 'AL5 ' || (g % 9) || 'AB', (200000 + g)::text, 'freehold'
    from generate_series(1, ${MOVES}) g`)
  // Stages and tasks 5,000 moves at a time, each statement within the connection's statement timeout.
  for (let from = 1; from <= MOVES; from += 5000) {
    const range = [from, Math.min(from + 4999, MOVES)]
    await q(
      `insert into timeline_stages (id, transaction_id, stage_name, sort_index, status, percent_complete)
      select md5('pls' || g || '-' || s)::uuid, md5('pl' || g)::uuid, 'Stage ' || s, s,
        case when s < 3 then 'completed' when s = 3 then 'in_progress' else 'not_started' end,
        case when s < 3 then 100 when s = 3 then 50 else 0 end
      from generate_series($1::int, $2::int) g cross join generate_series(1, 8) s`,
      range,
    )
    await q(
      `insert into tasks (stage_id, title, status, sort_index, owner_side, completed_at)
      select md5('pls' || g || '-' || s)::uuid, 'Task ' || k, case when s < 3 then 'completed' else 'not_completed' end, k,
        (array['buyer_conveyancer','seller_conveyancer','buyer','seller'])[k],
        case when s < 3 then now() - (g % 40) * interval '1 day' end
      from generate_series($1::int, $2::int) g cross join generate_series(1, 8) s cross join generate_series(1, 4) k`,
      range,
    )
  }
  // Agent 1 on moves 1-100, agent 2 on moves 1001-2000 (a tenth of each completed, so 90 and 900 live).
  await q(
    `insert into transaction_participants (transaction_id, user_id, role)
    select md5('pl' || g)::uuid, $1::uuid, 'estate_agent' from generate_series(1, 100) g
    union all select md5('pl' || g)::uuid, $2::uuid, 'estate_agent' from generate_series(1001, 2000) g`,
    [who['1'], who['2']],
  )
  // Broker 3: 100 records, broker 4: 1,000; half on moves 2001-... with a DIP, half leads.
  await q(
    `insert into mortgage_cases (id, transaction_id, broker_profile_id, buyer_name, stage, client_status, updated_at)
    select md5('plc' || b || '-' || g)::uuid, case when g % 2 = 0 then md5('pl' || (2000 + b * 1000 + g))::uuid end,
      case when b = 1 then $1::uuid else $2::uuid end, 'Client ' || g,
      (array['fact_find','decision_in_principle','application_submitted','valuation','offer_issued'])[1 + g % 5],
      case when g % 3 = 0 then 'lead' else 'client' end, now() - g * interval '1 minute'
    from (select 1 as b, g from generate_series(1, 100) g union all select 2, g from generate_series(1, 1000) g) x`,
    [who['3'], who['4']],
  )
  await q(`insert into mortgage_dips (case_id, transaction_id, lender, amount_pence, term_months, reference, issued_on, expires_on)
    select c.id, c.transaction_id, (array['Halifax','Nationwide','Barclays'])[1 + abs(hashtext(c.id::text)) % 3], 30000000, 300, 'R',
      current_date - 30, current_date + (abs(hashtext(c.id::text)) % 120)
    from mortgage_cases c where c.transaction_id is not null`)
  await q(`analyze`)
  return { agent100: who['1']!, agent1000: who['2']!, broker100: who['3']!, broker1000: who['4']! }
}

interface Explained {
  'Execution Time': number
  Plan: { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number }
}
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Median execution time (ms) of RUNS EXPLAIN ANALYZE runs and the last run's shared buffers. */
async function explain(database: Database, stmt: SQL | { text: string; params: unknown[] }) {
  const times: number[] = []
  let buffers = 0
  for (let i = 0; i < RUNS; i++) {
    const res =
      'text' in stmt
        ? await database.query<{ 'QUERY PLAN': Explained[] }>(
            `explain (analyze, buffers, format json) ${stmt.text}`,
            stmt.params,
          )
        : (
            (await database.db.execute(sql`explain (analyze, buffers, format json) ${stmt}`)) as unknown as {
              rows: { 'QUERY PLAN': Explained[] }[]
            }
          ).rows
    const plan = res[0]!['QUERY PLAN'][0]!
    times.push(plan['Execution Time'])
    buffers = (plan.Plan['Shared Hit Blocks'] ?? 0) + (plan.Plan['Shared Read Blocks'] ?? 0)
  }
  return { ms: median(times), buffers }
}

async function wall(fn: () => Promise<unknown>): Promise<number> {
  const times: number[] = []
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now()
    await fn()
    times.push(performance.now() - t0)
  }
  return median(times)
}

const viewer = (profileId: string, role: 'pro_agent' | 'pro_broker'): Viewer =>
  ({ profileId, authId: 'x', email: 'x', emailVerified: true, fullName: 'x', roles: [role], sessionId: 'x' }) as Viewer

async function main() {
  const name = `homeward_paged_lists_${process.pid}`
  const admin = new pg.Client({ connectionString: SERVER_URL })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(SERVER_URL)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString(), { max: 2 })
  try {
    await runMigrations(database)
    const who = await seed(database)
    console.log(
      `load average at start: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    )
    console.log('\n| list | rows | statement | before ms | before buffers | after ms | after buffers |')
    console.log('|---|---|---|---|---|---|---|')
    const wallRows: string[] = []
    for (const [rowsN, agent] of [
      [100, who.agent100],
      [1000, who.agent1000],
    ] as const) {
      const all = agentSaleIdsSql(agent)
      const pageIds = (await readSaleSignals(database.db, all, agent)).slice(0, 25).map((s) => s.transaction_id)
      const page = sql`select unnest(${`{${pageIds.join(',')}}`}::uuid[])`
      const signals = await explain(database, saleSignalsSql(all, agent))
      const beforeSteps = await explain(database, waitingStepsSql(all, agent))
      const beforeHeld = await explain(database, heldSeatsSql(all, agent))
      const afterSteps = await explain(database, waitingStepsSql(page, agent))
      const afterHeld = await explain(database, heldSeatsSql(page, agent))
      const row = (what: string, b: { ms: number; buffers: number }, a: { ms: number; buffers: number }) =>
        console.log(
          `| portfolio | ${rowsN} | ${what} | ${b.ms.toFixed(2)} | ${b.buffers} | ${a.ms.toFixed(2)} | ${a.buffers} |`,
        )
      row('sale signals (every sale)', signals, signals)
      row('waiting steps', beforeSteps, afterSteps)
      row('held seats', beforeHeld, afterHeld)
      const before = await wall(async () => {
        await readSaleSignals(database.db, all, agent)
        await readWaitingSteps(database.db, all, agent)
      })
      const after = await wall(() => listPortfolio({ database, viewer: viewer(agent, 'pro_agent'), query: {} }))
      wallRows.push(`| portfolio | ${rowsN} | ${before.toFixed(1)} | ${after.toFixed(1)} |`)
    }
    for (const [rowsN, broker] of [
      [100, who.broker100],
      [1000, who.broker1000],
    ] as const) {
      const before = await explain(database, { text: ORIGINAL_PIPELINE_SQL, params: [broker] })
      const params = [broker, null, null, null, false, new Date().toISOString().slice(0, 10), 25, 0]
      const after = await explain(database, { text: pipelineSql('expiry'), params })
      console.log(
        `| pipeline | ${rowsN} | the list | ${before.ms.toFixed(2)} | ${before.buffers} | ${after.ms.toFixed(2)} | ${after.buffers} |`,
      )
      const b = await wall(() => database.query(ORIGINAL_PIPELINE_SQL, [broker]))
      const a = await wall(() => listPipeline({ database, viewer: viewer(broker, 'pro_broker'), query: {} }))
      wallRows.push(`| pipeline | ${rowsN} | ${b.toFixed(1)} | ${a.toFixed(1)} |`)
    }
    console.log('\n| list | rows | before wall ms | after wall ms (first page) |\n|---|---|---|---|')
    for (const r of wallRows) console.log(r)
    if (process.env.PAGED_PLAN === '1')
      for (const broker of [who.broker100, who.broker1000]) {
        const plan = await database.query<{ 'QUERY PLAN': string }>(
          `explain (analyze, buffers) ${pipelineSql('expiry')}`,
          [broker, null, null, null, false, new Date().toISOString().slice(0, 10), 25, 0],
        )
        console.log(plan.map((r) => r['QUERY PLAN']).join('\n'))
      }
    console.log(
      `\nload average at end: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    )
  } finally {
    await database.close()
    await admin.query(`drop database ${name} with (force)`)
    await admin.end()
  }
}

await main()
