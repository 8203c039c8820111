/**
 * `npx tsx bench/sla-job.bench.ts [moves...]` (default 5000 50000): the periodic SLA clock check's
 * cost per run on PostgreSQL (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/test),
 * before and after it worked from what changed (docs/benchmarks.md, "Periodic jobs").
 *
 * Data per size, in the bench data's shape (bench/bench-data.ts: 1,000 users; moves 1 in 5 each
 * draft, exchange and completed, 2 in 5 active; 4 participants with both conveyancers; 8 stages of 4
 * tasks), in a database homeward_bench_sla_<moves> made anew. The seller's conveyancer joined 0-2
 * days ago, so every live move gets a contract pack clock, none due yet (BENCH_DUE_DAYS=20: joined
 * 0-19 days ago, so that the first run also sends the alerts already due).
 *
 * Measured per run: the Node process's CPU (process.cpuUsage), PostgreSQL's (the CPU of the run's
 * backends from /proc/<pid>/stat: the server is on this machine; pg_stat_statements is not loaded
 * here) and wall time. "Before" is the former algorithm (every live move synced in batches of 250,
 * then every open clock of every live move evaluated), repeated here as it was; "after" is
 * checkSlaClocks: a run after the migration (every live move queued once), a quiet run, and a run
 * with 1% of the live moves changed and 0.5% of the clocks due.
 */
import { readFileSync } from 'node:fs'
import os from 'node:os'
import pg from 'pg'
import { sql } from 'drizzle-orm'
import { z } from 'zod'
import { openPostgres, type Database } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import { IdRow, rows } from '../src/server/db/rows'
import { alertClocksOfTransaction, checkSlaClocks } from '../src/server/core/clocks/check-clocks'
import { syncTaskClocks } from '../src/server/core/clocks/clock-sync'
import { configureAuditSigning } from '../src/server/core/audit/audit-signing'

const delivery = { publicUrl: 'http://localhost:3000', deliverMail: false as const }
const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

async function seedMoves(database: Database, n: number) {
  await database.query(`
    insert into "user" (id, name, email, email_verified, signup_role)
    select 'bench-user-' || g, 'Bench Person ' || g, 'bench' || g || '@homeward.test', true,
      (array['consumer_buyer','consumer_seller','pro_conveyancer','pro_surveyor'])[1 + g % 4]
    from generate_series(1, 1000) g`)
  await database.query(`create temporary table bench_profiles as
    select row_number() over (order by email) as n, id from profiles where email like 'bench%@homeward.test'`)
  await database.query(`create unique index on bench_profiles (n)`)
  // In chunks of 5,000 moves: one statement per table over 50,000 would pass the pool's statement timeout.
  for (let from = 1; from <= n; from += 5000) {
    const to = Math.min(n, from + 4999)
    await database.query(`
      insert into transactions (id, status, buyer_user_id, seller_user_id, agreed_price_pence, created_at)
      select md5('tx' || g)::uuid, (array['draft','active','active','exchange','completed'])[1 + g % 5],
        (select id from bench_profiles where n = 1 + (g * 7) % 1000),
        (select id from bench_profiles where n = 1 + (g * 13 + 1) % 1000),
        30000000 + g * 1000, now() - (g % 300) * interval '1 day'
      from generate_series(${from}, ${to}) g`)
    await database.query(`
      insert into transaction_participants (transaction_id, user_id, role, created_at)
      select md5('tx' || g)::uuid, p.id, (array['buyer','seller','buyer_conveyancer','seller_conveyancer'])[k],
        now() - (g % ${Number(process.env.BENCH_DUE_DAYS ?? 3)}) * interval '1 day'
      from generate_series(${from}, ${to}) g cross join generate_series(1, 4) k
      join bench_profiles p on p.n = 1 + (g * 7 + (k - 1) * 6 * (g % 3 + 1)) % 1000
      on conflict do nothing`)
    await database.query(`
      insert into timeline_stages (id, transaction_id, stage_name, sort_index, status, percent_complete)
      select md5('st' || g || '-' || s)::uuid, md5('tx' || g)::uuid, 'Stage ' || s, s,
        case when s < 3 then 'completed' when s = 3 then 'in_progress' else 'not_started' end,
        case when s < 3 then 100 when s = 3 then 50 else 0 end
      from generate_series(${from}, ${to}) g cross join generate_series(1, 8) s`)
    await database.query(`
      insert into tasks (stage_id, title, status, sort_index)
      select md5('st' || g || '-' || s)::uuid, 'Task ' || k, case when s < 3 then 'completed' else 'not_completed' end, k
      from generate_series(${from}, ${to}) g cross join generate_series(1, 8) s cross join generate_series(1, 4) k`)
  }
  await database.query(`analyze`)
}

/** CPU seconds of the backends of database `name` (/proc/<pid>/stat utime + stime). */
async function backendCpu(admin: pg.Client, name: string): Promise<Map<number, number>> {
  const { rows: r } = await admin.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])
  const tick = 100
  const out = new Map<number, number>()
  for (const { pid } of r) {
    try {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
      out.set(pid, (Number(f[11]) + Number(f[12])) / tick)
    } catch {
      /* ended */
    }
  }
  return out
}

async function measure(admin: pg.Client, name: string, label: string, run: () => Promise<unknown>) {
  const pgBefore = await backendCpu(admin, name)
  const cpu = process.cpuUsage()
  const wall = performance.now()
  const result = await run()
  const wallS = (performance.now() - wall) / 1000
  const node = process.cpuUsage(cpu)
  const pgAfter = await backendCpu(admin, name)
  let pgS = 0
  for (const [pid, s] of pgAfter) pgS += s - (pgBefore.get(pid) ?? 0)
  const line = {
    label,
    nodeCpuS: +((node.user + node.system) / 1e6).toFixed(3),
    pgCpuS: +pgS.toFixed(2),
    wallS: +wallS.toFixed(2),
    load1: +os.loadavg()[0].toFixed(1),
    result,
  }
  console.log(JSON.stringify(line))
  return line
}

/** The former run, as it was: every live move synced in batches, then every open clock evaluated. */
async function formerRun(database: Database, now = new Date()) {
  let after = '00000000-0000-0000-0000-000000000000'
  for (;;) {
    const batch = await database.db.execute(sql`
      select t.id from transactions t where t.status in ('draft', 'active') and t.id > ${after}::uuid
      order by t.id limit 250`)
    const ids = rows(IdRow, batch).map((r) => r.id)
    if (ids.length === 0) break
    await database.db.transaction((tx) => syncTaskClocks(tx, ids))
    after = ids[ids.length - 1]
    if (ids.length < 250) break
  }
  const candidates = await database.db.execute(sql`
    select distinct c.transaction_id from sla_clocks c join transactions t on t.id = c.transaction_id
    where t.status in ('draft', 'active') and c.cancelled_at is null and c.breached_notified_at is null
      and (c.stopped_at is null or c.stopped_at >= ${now.toISOString()}::timestamptz - interval '1 day')`)
  let sent = 0
  for (const { transaction_id } of rows(z.object({ transaction_id: z.string() }), candidates)) {
    sent += await database.db.transaction((tx) => alertClocksOfTransaction(tx, transaction_id, delivery, now))
  }
  return { alerts: sent }
}

async function size(n: number) {
  const name = `homeward_bench_sla_${n}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  // BENCH_REUSE=1: the database of an earlier run (BENCH_KEEP=1, or one cut short), its "before" and
  // its run after the migration already measured.
  const reuse = process.env.BENCH_REUSE === '1'
  if (!reuse) {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
  }
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString(), { max: 2 })
  await runMigrations(database)
  const [{ clocks }] = await database.query<{ clocks: number }>('select count(*)::int as clocks from sla_clocks')
  if (!reuse) {
    const t0 = performance.now()
    await seedMoves(database, n)
    console.log(JSON.stringify({ moves: n, seededS: +((performance.now() - t0) / 1000).toFixed(1) }))
    // Before: the first run starts the clocks and sends the alerts already due; the second is every later run.
    await measure(admin, name, `before, first run (${n})`, () => formerRun(database))
    await measure(admin, name, `before, a later run (${n})`, () => formerRun(database))
    // After: as after the migration (every live move queued, every unresolved clock looked at once).
    await database.query(`insert into sla_clock_sync_queue (transaction_id)
      select id from transactions where status in ('draft', 'active') on conflict do nothing`)
    await database.query(`update sla_clocks set alert_due_at = '-infinity'
      where cancelled_at is null and breached_notified_at is null`)
    await measure(admin, name, `after, the run after the migration (${n})`, () =>
      checkSlaClocks({ database, delivery }),
    )
  } else {
    // Whatever a cut-short run left queued or due is done first, unmeasured.
    await checkSlaClocks({ database, delivery })
  }
  await measure(admin, name, `after, a quiet run (${n})`, () => checkSlaClocks({ database, delivery }))
  await database.query(`insert into sla_clock_sync_queue (transaction_id)
    select id from transactions where status in ('draft', 'active') and abs(hashtext(id::text)) % 100 = 0
    on conflict do nothing`)
  await database.query(`update sla_clocks set alert_due_at = now() - interval '1 minute'
    where alert_due_at is not null and abs(hashtext(id::text)) % 200 = 0`)
  await measure(admin, name, `after, 1% of moves changed, 0.5% of clocks due (${n})`, () =>
    checkSlaClocks({ database, delivery }),
  )
  const [{ clocksAfter }] = await database.query<{ clocksAfter: number }>(
    'select count(*)::int as "clocksAfter" from sla_clocks',
  )
  console.log(JSON.stringify({ moves: n, clocksBefore: clocks, clocks: clocksAfter }))
  await database.close()
  if (process.env.BENCH_KEEP !== '1') await admin.query(`drop database if exists ${name} with (force)`)
  await admin.end()
}

configureAuditSigning('bench-audit-signing-key-bench-audit-signing-key')
const sizes = process.argv.slice(2).map(Number)
for (const n of sizes.length ? sizes : [5000, 50000]) await size(n)
