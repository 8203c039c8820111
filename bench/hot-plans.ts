/**
 * `npx tsx bench/hot-plans.ts [moves ...]` (default 5000 50000): the plans of the hot statements
 * (src/server/test/hot-statements-data.ts: dashboard, detail, visibility check, Pro gate, cases
 * board) on PostgreSQL at each size, as EXPLAIN (ANALYZE, BUFFERS): per statement the median
 * execution time of HOT_RUNS runs (default 9), the buffers of the last and the tables that grow
 * with all moves it read by a sequential scan (none expected), as a Markdown table; HOT_PLAN=1 also
 * prints every plan in full. HOT_RATE=1 then serves the first size with the app (bench/bench-server.ts,
 * port HOT_PORT, default 3260) and measures the cases board's first page for the fee earner of 1,000
 * matters against the one of 100, in alternating rounds of HOT_ROUND_MS (default 5,000 ms) with
 * HOT_CONCURRENCY (default 8) requests in flight, the load average beside each round.
 * Databases homeward_hot_<moves> beside HOT_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test)
 * are kept for the next run; HOT_RESEED=1 seeds anew.
 */
import { createHmac } from 'node:crypto'
import { loadavg } from 'node:os'
import pg from 'pg'
import { BENCH_SECRET, startServer } from './bench-server'
import { openPostgres, type Database } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import {
  hotStatements,
  seedHotStatements,
  seqScannedGrowingTables,
  type HotStatementsData,
  type PlanNode,
} from '../src/server/test/hot-statements-data'
import { DASHBOARD_SQL } from '../src/server/features/transactions/list-dashboard'
import { DETAIL_SQL } from '../src/server/features/transactions/get-transaction-detail'
import { CAN_SEE_SQL } from '../src/server/access/transactions'
import { PRO_GATE_SQL } from '../src/server/core/entitlement'
import { boardSqlFor } from '../src/server/features/firms/list-board'

const RUNS = Number(process.env.HOT_RUNS ?? 9)
const SERVER_URL = process.env.HOT_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'

/** The seeded database of `moves` moves (seeded when new or HOT_RESEED=1) and its people. */
async function open(moves: number): Promise<{ database: Database; url: string; data: HotStatementsData }> {
  const name = `homeward_hot_${moves}`
  const admin = new pg.Client({ connectionString: SERVER_URL })
  await admin.connect()
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount
  if (exists && process.env.HOT_RESEED === '1') await admin.query(`drop database ${name} with (force)`)
  const fresh = !exists || process.env.HOT_RESEED === '1'
  if (fresh) await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(SERVER_URL)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString(), { max: 3 })
  await runMigrations(database)
  if (fresh) {
    const started = performance.now()
    const data = await seedHotStatements(database, moves)
    await database.query(`create table hot_plans_data (data jsonb not null)`)
    await database.query(`insert into hot_plans_data values ($1)`, [JSON.stringify(data)])
    console.error(`seeded ${moves} moves in ${Math.round(performance.now() - started)} ms`)
  }
  const [row] = await database.query<{ data: HotStatementsData }>(`select data from hot_plans_data`)
  return { database, url: url.toString(), data: row.data }
}

interface Explained {
  'Execution Time': number
  'Planning Time': number
  Plan: PlanNode & { 'Shared Hit Blocks'?: number; 'Shared Read Blocks'?: number }
}

async function plans(moves: number) {
  const { database, data } = await open(moves)
  const client = await database.pool!.connect()
  try {
    await client.query('set jit = off')
    const statements = hotStatements(data, {
      dashboard: DASHBOARD_SQL,
      detail: DETAIL_SQL,
      canSee: CAN_SEE_SQL,
      proGate: PRO_GATE_SQL,
      board: boardSqlFor('instructed'),
    })
    console.log(`\n#### ${moves.toLocaleString('en-GB')} moves\n`)
    console.log(
      '| Statement | Execution (ms, median) | Shared buffers (hit + read) | Sequential scans of growing tables |',
    )
    console.log('| --- | ---: | ---: | --- |')
    const texts: string[] = []
    for (const st of statements) {
      const times: number[] = []
      let last: Explained | undefined
      for (let i = 0; i < RUNS; i++) {
        const res = await client.query(`explain (analyze, buffers, format json) ${st.sql}`, st.params)
        last = (res.rows[0] as { 'QUERY PLAN': Explained[] })['QUERY PLAN'][0]
        times.push(last['Execution Time'])
      }
      times.sort((a, b) => a - b)
      const buffers = (last!.Plan['Shared Hit Blocks'] ?? 0) + (last!.Plan['Shared Read Blocks'] ?? 0)
      const seq = seqScannedGrowingTables(last!.Plan)
      console.log(
        `| ${st.name} | ${times[Math.floor(times.length / 2)].toFixed(2)} | ${buffers} | ${seq.length ? seq.join(', ') : 'none'} |`,
      )
      if (process.env.HOT_PLAN === '1') {
        const text = await client.query(`explain (analyze, buffers) ${st.sql}`, st.params)
        texts.push(
          `\n##### ${st.name}, ${moves} moves\n\n\`\`\`\n${text.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')}\n\`\`\``,
        )
      }
    }
    texts.forEach((t) => console.log(t))
  } finally {
    client.release()
    await database.close()
  }
}

/** A session for `profileId` and the signed cookie that carries it (as bench/bench-data.ts). */
async function cookieFor(database: Database, profileId: string, id: string) {
  const token = `hot-session-token-${id}-000000000000`
  await database.query(
    `insert into session (id, token, user_id, expires_at)
     select $1, $2, p.auth_id, now() + interval '1 day' from profiles p where p.id = $3
     on conflict (id) do update set expires_at = excluded.expires_at`,
    [`hot-session-${id}`, token, profileId],
  )
  const signature = createHmac('sha256', BENCH_SECRET).update(token).digest('base64')
  return `homeward.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

/** Requests per second and p99 (ms) of GET `url` with `cookie`, `concurrency` in flight, for `ms`. */
async function round(url: string, cookie: string, concurrency: number, ms: number) {
  const latencies: number[] = []
  const until = performance.now() + ms
  let failed = 0
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < until) {
        const t = performance.now()
        const res = await fetch(url, { headers: { cookie } })
        await res.arrayBuffer()
        if (res.status !== 200) failed++
        latencies.push(performance.now() - t)
      }
    }),
  )
  latencies.sort((a, b) => a - b)
  return {
    rps: latencies.length / (ms / 1000),
    p99: latencies[Math.floor(latencies.length * 0.99)],
    failed,
  }
}

async function rate(moves: number) {
  const { database, url: dbUrl, data } = await open(moves)
  const big = await cookieFor(database, data.bigFeeEarnerId, 'big')
  const small = await cookieFor(database, data.smallFeeEarnerId, 'small')
  await database.close()
  const port = Number(process.env.HOT_PORT ?? 3260)
  const server = startServer({ port, env: { DATABASE_URL: dbUrl } })
  try {
    await server.ready
    const boardUrl = `${server.url}/api/cases`
    for (const [who, cookie] of [
      ['1,000', big],
      ['100', small],
    ] as const) {
      const res = await fetch(boardUrl, { headers: { cookie } })
      const body = (await res.json()) as { rows: unknown[]; total: number }
      console.log(`board of ${who} matters: ${res.status}, ${body.rows.length} rows of ${body.total}`)
    }
    const ms = Number(process.env.HOT_ROUND_MS ?? 5000)
    const concurrency = Number(process.env.HOT_CONCURRENCY ?? 8)
    // Warm-up, then alternating rounds.
    await round(boardUrl, big, concurrency, 2000)
    await round(boardUrl, small, concurrency, 2000)
    console.log('\n| Round | Matters | req/s | p99 (ms) | non-200 | Load average (1 min) before |')
    console.log('| ---: | ---: | ---: | ---: | ---: | ---: |')
    const totals = { big: [] as number[], small: [] as number[] }
    for (let i = 1; i <= 3; i++) {
      for (const [key, cookie, label] of [
        ['small', small, '100'],
        ['big', big, '1,000'],
      ] as const) {
        const load = loadavg()[0].toFixed(2)
        const r = await round(boardUrl, cookie, concurrency, ms)
        totals[key].push(r.rps)
        console.log(`| ${i} | ${label} | ${r.rps.toFixed(0)} | ${r.p99.toFixed(1)} | ${r.failed} | ${load} |`)
      }
    }
    const sum = (a: number[]) => a.reduce((x, y) => x + y, 0)
    console.log(`\nratio 1,000 / 100 matters: ${(sum(totals.big) / sum(totals.small)).toFixed(2)}`)
  } finally {
    await server.stop()
  }
}

async function main() {
  const sizes = process.argv.slice(2).map(Number)
  const moves = sizes.length ? sizes : [5000, 50000]
  for (const m of moves) await plans(m)
  // The rate reads the data the plans were read on (seeded once).
  delete process.env.HOT_RESEED
  if (process.env.HOT_RATE === '1') await rate(moves[0])
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
