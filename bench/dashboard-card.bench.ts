/**
 * `npx tsx bench/dashboard-card.bench.ts`: the dashboard statement on PGlite with the stored card
 * parts (transaction_cards, migration 0042) against the former statement that built them on every
 * request, on the bench data (bench/bench-data.ts; the busiest user's dashboard). Prints:
 * - whether both give byte-for-byte the same JSON for every profile of the bench data;
 * - CPU microseconds (user+sys of this process, which runs PGlite) per execution through
 *   database.queryJson, median of CARD_ROUNDS (default 6) alternating rounds of CARD_RUNS (default 100);
 * - the write cost the triggers add, same method with the card triggers enabled and disabled:
 *   a stage's status and percent changed (as ticking a task does), a participant added and removed,
 *   and a move made with its property, 8 stages and participants (the test factory's insert).
 * The load average is printed before and after.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { seed, sessionFor } from './bench-data'
import { openPglite, type Database } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import { DASHBOARD_SQL } from '../src/server/features/transactions/list-dashboard'
import { createTransaction } from '../src/server/test/factories'
import { CARDLESS_DASHBOARD_SQL } from '../src/server/test/cardless-dashboard-sql'

const ROUNDS = Number(process.env.CARD_ROUNDS ?? 6)
const RUNS = Number(process.env.CARD_RUNS ?? 100)

const CARD_TRIGGERS = [
  ['properties', ['properties_card_insert', 'properties_card_update', 'properties_card_delete']],
  ['timeline_stages', ['timeline_stages_card_insert', 'timeline_stages_card_update', 'timeline_stages_card_delete']],
  [
    'transaction_participants',
    [
      'transaction_participants_card_insert',
      'transaction_participants_card_update',
      'transaction_participants_card_delete',
    ],
  ],
] as const

async function setCardTriggers(database: Database, enabled: boolean) {
  for (const [table, triggers] of CARD_TRIGGERS)
    for (const trigger of triggers)
      await database.query(`alter table ${table} ${enabled ? 'enable' : 'disable'} trigger ${trigger}`)
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]

/** CPU µs per call of each variant, median of ROUNDS alternating rounds of `runs` calls. */
async function cpuPerCall(variants: Record<string, (i: number) => Promise<unknown>>, runs = RUNS) {
  const samples: Record<string, number[]> = Object.fromEntries(Object.keys(variants).map((k) => [k, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (const [name, call] of Object.entries(variants)) {
      await call(-1)
      const start = process.cpuUsage()
      for (let i = 0; i < runs; i++) await call(i)
      const used = process.cpuUsage(start)
      samples[name].push((used.user + used.system) / runs)
    }
  }
  return Object.fromEntries(Object.entries(samples).map(([k, v]) => [k, Math.round(median(v))]))
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'hw-card-bench-'))
  const load = () =>
    loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')
  console.log(`load average before: ${load()}`)
  try {
    const database = await openPglite({ dataDir: path.join(dir, 'pglite') })
    await runMigrations(database)
    await seed(database)
    await sessionFor(database)
    const [busiest] = await database.query<{ user_id: string }>(
      `select user_id from transaction_participants group by user_id order by count(*) desc limit 1`,
    )
    const profiles = await database.query<{ id: string }>(`select id from profiles`)
    let differ = 0
    for (const { id } of profiles) {
      const stored = await database.queryJson('dashboard_list', DASHBOARD_SQL, [id])
      const built = await database.queryJson('dashboard_cardless', CARDLESS_DASHBOARD_SQL, [id])
      if (stored !== built) differ++
    }
    const text = (await database.queryJson('dashboard_list', DASHBOARD_SQL, [busiest.user_id]))!
    console.log(`profiles compared: ${profiles.length}, differing: ${differ}`)
    console.log(`busiest dashboard: ${JSON.parse(text).transactions.length} moves, ${text.length} bytes`)

    const read = await cpuPerCall({
      cardless: () => database.queryJson('dashboard_cardless', CARDLESS_DASHBOARD_SQL, [busiest.user_id]),
      cards: () => database.queryJson('dashboard_list', DASHBOARD_SQL, [busiest.user_id]),
    })
    console.log(`dashboard statement, CPU µs per execution: ${JSON.stringify(read)}`)

    const [stage] = await database.query<{ id: string; transaction_id: string }>(
      `select s.id, s.transaction_id from timeline_stages s join transaction_participants tp
         on tp.transaction_id = s.transaction_id where tp.user_id = $1 limit 1`,
      [busiest.user_id],
    )
    const [outsider] = await database.query<{ id: string }>(
      `select id from profiles where id not in (select user_id from transaction_participants where transaction_id = $1) limit 1`,
      [stage.transaction_id],
    )
    const tickStage = (i: number) =>
      database.query(
        `update timeline_stages set percent_complete = $2, status = $3, version = version + 1, updated_at = now() where id = $1`,
        [stage.id, i % 2 === 0 ? 50 : 100, i % 2 === 0 ? 'in_progress' : 'completed'],
      )
    const joinAndLeave = async () => {
      await database.query(
        `insert into transaction_participants (transaction_id, user_id, role) values ($1, $2, 'surveyor')`,
        [stage.transaction_id, outsider.id],
      )
      await database.query(`delete from transaction_participants where transaction_id = $1 and user_id = $2`, [
        stage.transaction_id,
        outsider.id,
      ])
    }
    const makeMove = () =>
      createTransaction(database, { buyerProfileId: busiest.user_id, sellerProfileId: outsider.id })
    const writes: Record<string, number> = {}
    for (const [name, call, runs] of [
      ['stage status and percent', tickStage, RUNS],
      ['participant added and removed', joinAndLeave, RUNS],
      ['move made', makeMove, 20],
    ] as const) {
      const r = await cpuPerCall(
        {
          on: async (i) => {
            if (i < 0) await setCardTriggers(database, true)
            await call(i)
          },
          off: async (i) => {
            if (i < 0) await setCardTriggers(database, false)
            await call(i)
          },
        },
        runs,
      )
      writes[`${name}: triggers on`] = r.on
      writes[`${name}: triggers off`] = r.off
    }
    await setCardTriggers(database, true)
    console.log(`writes, CPU µs per write: ${JSON.stringify(writes, null, 1)}`)
    await database.close()
  } finally {
    rmSync(dir, { recursive: true, force: true })
    console.log(`load average after: ${load()}`)
  }
}

await main()
