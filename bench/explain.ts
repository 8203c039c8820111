/**
 * `npx tsx bench/explain.ts`: EXPLAIN ANALYZE of the dashboard and detail queries, the original SQL
 * (bench/original-sql.ts) beside the app's, on the bench data (bench/bench-data.ts) in PostgreSQL.
 * Prints, per query, the median execution and planning time of EXPLAIN_RUNS runs (default 20) and
 * the scans of the last plan (which tables are read whole); EXPLAIN_PLAN=1 prints the whole plans.
 * The seeded database (homeward_bench_explain beside BENCH_DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/test) is kept for the next run; EXPLAIN_RESEED=1 seeds anew.
 */
import pg from 'pg'
import { seed, sessionFor } from './bench-data'
import { ORIGINAL_DASHBOARD_SQL, ORIGINAL_DETAIL_SQL } from './original-sql'
import { openPostgres } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import { DASHBOARD_SQL } from '../src/server/features/transactions/list-dashboard'
import { DETAIL_SQL } from '../src/server/features/transactions/get-transaction-detail'

const RUNS = Number(process.env.EXPLAIN_RUNS ?? 20)

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const name = 'homeward_bench_explain'
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  const exists = (await admin.query('select 1 from pg_database where datname = $1', [name])).rowCount
  if (exists && process.env.EXPLAIN_RESEED === '1') await admin.query(`drop database ${name} with (force)`)
  const fresh = !exists || process.env.EXPLAIN_RESEED === '1'
  if (fresh) await admin.query(`create database ${name}`)
  await admin.end()
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString(), { max: 3 })
  if (fresh) {
    await runMigrations(database)
    console.log(`seeded in ${await seed(database)} ms`)
  } else {
    // A schema change since the last seed (a new migration) is applied; the data stays.
    await runMigrations(database)
  }
  const { cookie, txId } = await sessionFor(database)
  void cookie
  const [viewer] = await database.query<{ id: string }>(
    `select p.id from session s join profiles p on p.auth_id = s.user_id where s.id = 'bench-session'`,
  )
  const queries: Array<[string, string, unknown[]]> = [
    ['dashboard, original', ORIGINAL_DASHBOARD_SQL, [viewer.id]],
    ['dashboard, app', DASHBOARD_SQL, [viewer.id]],
    ['detail, original', ORIGINAL_DETAIL_SQL, [viewer.id, txId]],
    ['detail, app', DETAIL_SQL, [viewer.id, txId]],
  ]
  const client = await database.pool!.connect()
  try {
    await client.query('set jit = off')
    // The rewrites must answer byte for byte what the original SQL answers: 200 people, each with one
    // transaction they are on and one they are not.
    const people = await client.query<{ id: string; mine: string; other: string }>(`
      select p.id, (select transaction_id from transaction_participants where user_id = p.id limit 1) as mine,
        (select id from transactions order by md5(p.id::text || id::text) limit 1) as other
      from profiles p order by md5(p.id::text) limit 200`)
    let compared = 0
    for (const p of people.rows) {
      const pairs: Array<[string, string, unknown[]]> = [[ORIGINAL_DASHBOARD_SQL, DASHBOARD_SQL, [p.id]]]
      for (const tx of [p.mine, p.other]) if (tx) pairs.push([ORIGINAL_DETAIL_SQL, DETAIL_SQL, [p.id, tx]])
      for (const [a, b, params] of pairs) {
        const [x, y] = await Promise.all(
          [a, b].map(
            async (text) => (await client.query({ text, values: params, rowMode: 'array' })).rows[0]?.[0] ?? null,
          ),
        )
        if (x !== y) throw new Error(`different answers for ${JSON.stringify(params)}:\n${x}\n${y}`)
        compared++
      }
    }
    console.log(`same answers from the original and the app's SQL for ${compared} queries`)
    for (const [label, text, params] of queries) {
      const exec: number[] = []
      const plan: number[] = []
      let lines: string[] = []
      for (let i = 0; i < RUNS; i++) {
        const res = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${text}`, params)
        lines = res.rows.map((r) => r['QUERY PLAN'])
        exec.push(Number(/Execution Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]))
        plan.push(Number(/Planning Time: ([\d.]+)/.exec(lines.join('\n'))?.[1]))
      }
      const med = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)].toFixed(3)
      const scans = lines
        .filter((l) => /Seq Scan|Index Scan|Index Only Scan|Bitmap Heap Scan/.test(l))
        .map((l) =>
          l
            .trim()
            .replace(/^->\s*/, '')
            .replace(/\s*\(actual.*$/, ''),
        )
      const seq = scans.filter((l) => l.startsWith('Seq Scan'))
      console.log(
        `\n${label}: execution ${med(exec)} ms, planning ${med(plan)} ms (median of ${RUNS}); ${scans.length} scans, ${seq.length} sequential`,
      )
      for (const s of seq) console.log(`  ${s}`)
      if (process.env.EXPLAIN_PLAN === '1') console.log(lines.join('\n'))
    }
  } finally {
    client.release()
    await database.close()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
