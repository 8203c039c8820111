/**
 * `npm run bench`: API throughput and latency on PostgreSQL and on PGlite (issue 2 targets).
 * Seeds 1,000 users and 5,000 transactions (8 stages of 4 tasks, 4 participants, 7 document versions,
 * 20 messages and 12 chained audit entries each), starts the server as a child process, drives it
 * with wrk on 127.0.0.1 (10 s, 10 connections) for the dashboard and the transaction detail, and
 * prints req/s, p50, p99 and the server's RSS. Also times the first start on a fresh data dir and a
 * later start (PGlite).
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test: a bench database is created
 * beside it and dropped after), BENCH_DURATION (seconds, default 10), BENCH_ONLY=postgres|pglite,
 * BENCH_SKIP_STARTUP=1, BENCH_GZIP=1 (also the detail with Accept-Encoding: gzip, as browsers send),
 * BENCH_PORT (first of three ports, default 3811).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { createHmac } from 'node:crypto'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { BENCH_SECRET as SECRET, startServer } from './bench-server'
import { openPglite, openPostgres, type Database } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)

function ensureWrk() {
  if (spawnSync('which', ['wrk']).status === 0) return
  if (process.getuid?.() === 0) {
    console.log('installing wrk (Debian package)...')
    execFileSync('bash', ['-c', 'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk'], {
      stdio: 'inherit',
    })
  } else {
    throw new Error('wrk is needed: sudo apt-get install -y wrk')
  }
}

/** Bulk seed through SQL (generate_series): the trigger creates each user's profile and role. */
async function seed(database: Database) {
  const started = performance.now()
  await database.query(`
    insert into "user" (id, name, email, email_verified, signup_role)
    select 'bench-user-' || g, 'Bench Person ' || g, 'bench' || g || '@homeward.test', true,
      (array['consumer_buyer','consumer_seller','pro_conveyancer','pro_surveyor'])[1 + g % 4]
    from generate_series(1, 1000) g`)
  await database.query(`
    create temporary table bench_profiles as
    select row_number() over (order by email) as n, id from profiles where email like 'bench%@homeward.test'`)
  await database.query(`create unique index on bench_profiles (n)`)
  await database.query(`analyze bench_profiles`)
  await database.query(`
    insert into transactions (id, status, buyer_user_id, seller_user_id, agreed_price_pence, created_at)
    select md5('tx' || g)::uuid, (array['draft','active','active','exchange','completed'])[1 + g % 5],
      (select id from bench_profiles where n = 1 + (g * 7) % 1000),
      (select id from bench_profiles where n = 1 + (g * 13 + 1) % 1000),
      30000000 + g * 1000, now() - (g % 300) * interval '1 day'
    from generate_series(1, 5000) g`)
  await database.query(`
    insert into properties (transaction_id, address_lines, postcode, uprn, tenure)
    select md5('tx' || g)::uuid, array[g || ' Park Road', 'Harpenden'], 'AL5 ' || (g % 9) || 'AB', (100000 + g)::text, 'freehold'
    from generate_series(1, 5000) g`)
  await database.query(`
    insert into transaction_participants (transaction_id, user_id, role)
    select md5('tx' || g)::uuid, p.id, (array['buyer','seller','buyer_conveyancer','seller_conveyancer'])[k]
    from generate_series(1, 5000) g
    cross join generate_series(1, 4) k
    join bench_profiles p on p.n = 1 + (g * 7 + (k - 1) * 6 * (g % 3 + 1)) % 1000
    on conflict do nothing`)
  await database.query(`
    insert into timeline_stages (id, transaction_id, stage_name, sort_index, status, percent_complete)
    select md5('st' || g || '-' || s)::uuid, md5('tx' || g)::uuid, 'Stage ' || s, s,
      case when s < 3 then 'completed' when s = 3 then 'in_progress' else 'not_started' end,
      case when s < 3 then 100 when s = 3 then 50 else 0 end
    from generate_series(1, 5000) g cross join generate_series(1, 8) s`)
  await database.query(`
    insert into tasks (stage_id, title, status, sort_index)
    select md5('st' || g || '-' || s)::uuid, 'Task ' || k, case when s < 3 then 'completed' else 'not_completed' end, k
    from generate_series(1, 5000) g cross join generate_series(1, 8) s cross join generate_series(1, 4) k`)
  await seedCaseHistory(database)
  await database.query(`analyze`)
  return Math.round(performance.now() - started)
}

/**
 * What a case in progress carries besides its timeline (issue 4's shapes), so that the detail
 * endpoint reads realistic rows: per transaction 7 document versions across the six folders (the
 * TA6 in two versions), 20 messages and 12 audit-trail entries chained with the same hash function
 * the app uses (migration 0004), so the chain verifies.
 */
async function seedCaseHistory(database: Database) {
  await database.query(`
    insert into documents (transaction_id, filename, folder, version, uploaded_by, content_type, size_bytes, storage_key, sha256, created_at)
    select md5('tx' || g)::uuid, d.filename, d.folder, d.version,
      (select id from bench_profiles where n = 1 + (g * 13 + 1) % 1000), 'application/pdf', 180000 + g % 97 * 1000,
      'bench/' || g || '/' || d.filename || '.v' || d.version, encode(sha256(convert_to(g || d.filename || d.version, 'UTF8')), 'hex'),
      now() - (g % 300) * interval '1 day' + d.version * interval '3 days'
    from generate_series(1, 5000) g
    cross join (values ('passport-buyer.pdf', 'Identity', 1), ('TA6-property-information.pdf', 'Property', 1),
      ('TA6-property-information.pdf', 'Property', 2), ('local-authority-search.pdf', 'Searches', 1),
      ('mortgage-offer.pdf', 'Mortgage', 1), ('draft-contract.pdf', 'Contracts', 1),
      ('TA10-fittings-and-contents.pdf', 'Fixtures', 1)) as d(filename, folder, version)`)
  // Chat threads arrived with issue 6: when messages belong to a thread, use the transaction's 'General' one.
  const [threaded] = await database.query<{ n: number }>(
    `select count(*)::int as n from information_schema.columns where table_name = 'messages' and column_name = 'thread_id'`,
  )
  const thread = threaded.n > 0
  await database.query(`
    insert into messages (transaction_id, author_id, body_md, created_at${thread ? ', thread_id' : ''})
    select x.id, p.id,
      'Update ' || k || ' on ' || x.g || ' Park Road: the **local authority search** is back and the TA6 replies are ' ||
        'attached. Could you confirm the completion date works for your side by Friday?',
      now() - (x.g % 300) * interval '1 day' + k * interval '5 hours'${thread ? ', th.id' : ''}
    from (select g, md5('tx' || g)::uuid as id from generate_series(1, 5000) g) x
    cross join generate_series(1, 20) k
    join bench_profiles p on p.n = 1 + (x.g * 7 + (k % 2) * 6) % 1000
    ${thread ? `join message_threads th on th.transaction_id = x.id and th.topic = 'general'` : ''}`)
  // Hash chain v2 (migration 0010): every shown field, the summary through a salted digest. Not signed:
  // the bench reads the trail, it does not verify it.
  await database.query(`
    insert into activity_events (id, transaction_id, actor_id, actor_ref, kind, summary, summary_salt, summary_digest,
      payload, created_at, seq, prev_hash, hash)
    with recursive chain(g, k, id, actor, summary, created_at, prev_hash, hash) as (
      select g, 1, i.id, a.id, 'ticked "Task 1"', c.t, null::text,
        homeward_activity_hash_v2(i.id, md5('tx' || g)::uuid, 1, 'task.completed', a.id, c.t,
          homeward_activity_summary_digest('bench', 'ticked "Task 1"'), jsonb_build_object('task', 'Task 1'), null)
      from generate_series(1, 5000) g
      cross join lateral (select id from bench_profiles where n = 1 + (g * 7) % 1000) a
      cross join lateral (select date_trunc('milliseconds', now() - (g % 300) * interval '1 day') as t) c
      cross join lateral (select gen_random_uuid() as id, g as unused) i
      union all
      select g, k + 1, i.id, actor, 'ticked "Task ' || (k + 1) || '"', created_at + interval '1 day', hash,
        homeward_activity_hash_v2(i.id, md5('tx' || g)::uuid, k + 1, 'task.completed', actor, created_at + interval '1 day',
          homeward_activity_summary_digest('bench', 'ticked "Task ' || (k + 1) || '"'),
          jsonb_build_object('task', 'Task ' || (k + 1)), hash)
      from chain cross join lateral (select gen_random_uuid() as id, k as unused) i
      where k < 12
    )
    select id, md5('tx' || g)::uuid, actor, actor, 'task.completed', summary, 'bench',
      homeward_activity_summary_digest('bench', summary), jsonb_build_object('task', 'Task ' || k), created_at, k, prev_hash, hash
    from chain`)
}

/** A session for the busiest bench user, and the cookie that carries it. */
async function sessionFor(database: Database) {
  const [busiest] = await database.query<{ user_id: string; auth_id: string; n: string }>(`
    select tp.user_id, p.auth_id, count(*)::text as n from transaction_participants tp join profiles p on p.id = tp.user_id
    group by tp.user_id, p.auth_id order by count(*) desc limit 1`)
  const token = 'bench-session-token-0000000000000000'
  await database.query(
    `insert into session (id, token, user_id, expires_at) values ('bench-session', $1, $2, now() + interval '1 day')
    on conflict (id) do nothing`,
    [token, busiest.auth_id],
  )
  const [tx] = await database.query<{ transaction_id: string }>(
    `select transaction_id from transaction_participants where user_id = $1 limit 1`,
    [busiest.user_id],
  )
  const signature = createHmac('sha256', SECRET).update(token).digest('base64')
  return {
    cookie: `homeward.session_token=${encodeURIComponent(`${token}.${signature}`)}`,
    txId: tx.transaction_id,
    count: Number(busiest.n),
  }
}

function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (key: string) => Number(status.match(new RegExp(`${key}:\\s+(\\d+)`))?.[1] ?? 0)
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) }
}

function toMs(v: string): number {
  const m = v.match(/([\d.]+)(us|ms|s)/)
  if (!m) return NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n
}

function wrk(url: string, cookie: string, extraHeaders: string[] = []) {
  const headers = [`Cookie: ${cookie}`, ...extraHeaders].flatMap((h) => ['-H', h])
  const out = execFileSync('wrk', ['-t2', '-c10', `-d${DURATION}s`, '--latency', ...headers, url], {
    encoding: 'utf8',
  })
  const rps = Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1])
  const p50 = toMs(out.match(/^\s+50%\s+(\S+)/m)?.[1] ?? '')
  const p99 = toMs(out.match(/^\s+99%\s+(\S+)/m)?.[1] ?? '')
  const non2xx = Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0)
  const errors = out.match(/Socket errors:.*/)?.[0] ?? ''
  return { rps: Math.round(rps), p50: Math.round(p50 * 100) / 100, p99: Math.round(p99 * 100) / 100, non2xx, errors }
}

async function benchBackend(kind: 'postgres' | 'pglite', port: number) {
  let database: Database
  let env: Record<string, string>
  let cleanup: () => Promise<void>
  if (kind === 'postgres') {
    const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
    const name = `homeward_bench_${process.pid}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    await admin.end()
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    database = openPostgres(url.toString())
    env = { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hw-bench-')) }
    cleanup = async () => {
      const a = new pg.Client({ connectionString: serverUrl })
      await a.connect()
      await a.query(`drop database if exists ${name} with (force)`)
      await a.end()
    }
  } else {
    const dir = mkdtempSync(path.join(tmpdir(), 'hw-bench-'))
    database = await openPglite({ dataDir: path.join(dir, 'pglite') })
    env = { DATA_DIR: dir }
    cleanup = async () => rmSync(dir, { recursive: true, force: true })
  }
  await runMigrations(database)
  const seedMs = await seed(database)
  const { cookie, txId, count } = await sessionFor(database)
  await database.close()

  const server = startServer({ port, env })
  const startMs = await server.ready
  const base = `http://127.0.0.1:${port}`
  // Warm-up: plans cached, JIT of our own code done.
  for (let i = 0; i < 200; i++) {
    for (const url of [`${base}/api/transactions`, `${base}/api/transactions/${txId}`]) {
      const res = await fetch(url, { headers: { cookie } })
      const body = await res.text()
      if (!res.ok) throw new Error(`warm-up ${url} answered ${res.status}: ${body.slice(0, 300)}`)
    }
  }
  const dashboard = wrk(`${base}/api/transactions`, cookie)
  const detail = wrk(`${base}/api/transactions/${txId}`, cookie)
  // What a browser sends: the JSON is then gzipped by the server (app.ts), which costs CPU per request.
  const detailGzip =
    process.env.BENCH_GZIP === '1' ? wrk(`${base}/api/transactions/${txId}`, cookie, ['Accept-Encoding: gzip']) : null
  const mem = rssMb(server.child.pid!)
  await server.stop()
  await cleanup()
  return { kind, seedMs, startMs, dashboardRows: count, dashboard, detail, detailGzip, mem }
}

/** First start on a fresh data dir (create, migrate, seed demo data) and a later start, PGlite. */
async function startupTimes(port: number) {
  const dir = mkdtempSync(path.join(tmpdir(), 'hw-start-'))
  const first = startServer({ port, env: { DATA_DIR: dir, SEED_DEMO: 'true' } })
  const firstMs = await first.ready
  await first.stop()
  const second = startServer({ port, env: { DATA_DIR: dir, SEED_DEMO: 'true' } })
  const secondMs = await second.ready
  await second.stop()
  rmSync(dir, { recursive: true, force: true })
  return { firstMs, secondMs }
}

function printBackend(r: Awaited<ReturnType<typeof benchBackend>>) {
  for (const [name, w] of [
    ['dashboard', r.dashboard],
    ['detail', r.detail],
    ...(r.detailGzip ? ([['detail+gzip', r.detailGzip]] as const) : []),
  ] as const) {
    console.log(
      `${r.kind.padEnd(9)} ${name.padEnd(10)} ${String(w.rps).padStart(6)} ${String(w.p50).padStart(8)} ${String(w.p99).padStart(8)} ${String(w.non2xx).padStart(8)}  ${r.mem.rss} (${r.mem.peak})${w.errors ? `  ${w.errors}` : ''}`,
    )
  }
  console.log(
    `${r.kind.padEnd(9)} seed ${r.seedMs} ms, server ready in ${r.startMs} ms, dashboard rows ${r.dashboardRows}`,
  )
}

async function main() {
  ensureWrk()
  const only = process.env.BENCH_ONLY
  console.log(`Homeward API benchmark: wrk -t2 -c10 -d${DURATION}s on 127.0.0.1, 1,000 users, 5,000 transactions\n`)
  console.log('backend   endpoint   req/s    p50 ms   p99 ms   non-2xx  RSS MB (peak)')
  const port = Number(process.env.BENCH_PORT ?? 3811)
  if (only !== 'pglite') printBackend(await benchBackend('postgres', port))
  if (only !== 'postgres') printBackend(await benchBackend('pglite', port + 1))
  if (process.env.BENCH_SKIP_STARTUP !== '1') {
    const startup = await startupTimes(port + 2)
    console.log(
      `\nPGlite start: first (fresh data dir, migrate + demo data) ${startup.firstMs} ms, later ${startup.secondMs} ms`,
    )
  }
  console.log(
    'Targets (PostgreSQL): dashboard >= 800 req/s with p99 <= 30 ms; detail >= 1,000 req/s; RSS <= 300 MB; first start <= 20 s, later <= 5 s',
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
