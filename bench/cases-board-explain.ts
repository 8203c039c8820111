/**
 * `npx tsx bench/cases-board-explain.ts`: EXPLAIN ANALYZE of the cases board statement for a fee
 * earner with 100 matters (bench/cases-board-data.ts) on PostgreSQL; prints the median execution time
 * of EXPLAIN_RUNS runs (default 20) per sort, and with EXPLAIN_PLAN=1 the last plan.
 */
import pg from 'pg'
import { openPostgres } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import { boardSqlFor } from '../src/server/features/firms/list-board'
import { londonDate } from '../src/shared/domain/working-days'
import { seed, sessionFor } from './bench-data'
import { seedBoard } from './cases-board-data'

const RUNS = Number(process.env.EXPLAIN_RUNS ?? 20)

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const name = `homeward_board_explain_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString())
  try {
    await runMigrations(database)
    await seed(database)
    const [busiest] = await database.query<{ id: string }>(
      `select tp.user_id as id from transaction_participants tp group by tp.user_id order by count(*) desc limit 1`,
    )
    await sessionFor(database)
    await seedBoard(database, busiest.id)
    // As the app runs (db/client.ts): no JIT.
    await database.query('set jit = off')
    for (const sort of ['instructed', 'due', 'activity'] as const) {
      const times: number[] = []
      let plan = ''
      for (let i = 0; i < RUNS; i++) {
        const rows = await database.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${boardSqlFor(sort)}`, [
          busiest.id,
          null,
          null,
          null,
          null,
          null,
          null,
          null,
          100,
          londonDate(new Date()),
          new Date(),
        ])
        plan = rows.map((r) => r['QUERY PLAN']).join('\n')
        times.push(Number(/Execution Time: ([\d.]+)/.exec(plan)?.[1]))
      }
      times.sort((a, b) => a - b)
      console.log(
        `board sort=${sort}: median execution ${times[Math.floor(times.length / 2)].toFixed(2)} ms over ${RUNS} runs`,
      )
      if (process.env.EXPLAIN_PLAN === '1') console.log(plan)
    }
  } finally {
    await database.close()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
