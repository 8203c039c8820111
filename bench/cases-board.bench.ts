/**
 * `npx tsx bench/cases-board.bench.ts`: the cases board of a fee earner with 100 matters
 * (bench/cases-board-data.ts, on top of the API bench's 1,000 users and 5,000 transactions) on
 * PostgreSQL. Starts the app (src/server/main.ts) and the bare baseline (bench/bare-server.ts: Hono +
 * pg, one indexed session query and one SQL statement per request) on the same database, and drives
 * GET /api/cases on the app and the baseline's GET /api/transactions (its original dashboard SQL)
 * with wrk on 127.0.0.1 in alternating rounds, so that the machine's drift falls on both. The
 * baseline does less work per request (no SLA, no filters): the ratio says what the board costs
 * against the cheapest request this stack can serve, not a like-for-like comparison.
 * Prints req/s, p50 and p99 per server and round, the ratio, and the load average before and after.
 * Then times the board's search per keystroke over the 100 rows (bench/board-keystrokes.ts: the
 * browser filter in Node, and keydown to painted frame in headless Chromium; budget 16 ms).
 * `npm run bench` runs the same board rounds and keystrokes beside its other endpoints; this script
 * is the board alone.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), BENCH_DURATION (s, 10),
 * BENCH_ROUNDS (3), BENCH_KEYS=0 skips the keystrokes, CHROME_PATH (default /usr/bin/chromium-headless-shell).
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openPostgres } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import { seed, sessionFor } from './bench-data'
import { startServer } from './bench-server'
import { measureBoardKeystrokes } from './board-keystrokes'
import { BOARD_MATTERS, seedBoard } from './cases-board-data'
import { ensureWrk } from './ensure-wrk'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const load = () =>
  loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')

function toMs(v: string): number {
  const m = v.match(/([\d.]+)(us|ms|s)/)
  if (!m) return NaN
  const n = Number(m[1])
  return m[2] === 'us' ? n / 1000 : m[2] === 's' ? n * 1000 : n
}

function wrk(url: string, cookie: string) {
  const out = execFileSync('wrk', ['-t2', '-c10', `-d${DURATION}s`, '--latency', '-H', `Cookie: ${cookie}`, url], {
    encoding: 'utf8',
  })
  return {
    rps: Math.round(Number(out.match(/Requests\/sec:\s+([\d.]+)/)?.[1])),
    p50: toMs(out.match(/^\s+50%\s+(\S+)/m)?.[1] ?? ''),
    p99: toMs(out.match(/^\s+99%\s+(\S+)/m)?.[1] ?? ''),
    non2xx: Number(out.match(/Non-2xx or 3xx responses:\s+(\d+)/)?.[1] ?? 0),
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}

async function main() {
  ensureWrk()
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const name = `homeward_board_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  const database = openPostgres(url.toString())
  const port = 3821
  const app = startServer({
    port,
    env: { DATABASE_URL: url.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hw-board-')) },
  })
  const bare = startServer({ port: port + 10, env: { DATABASE_URL: url.toString() }, script: 'bare' })
  try {
    await runMigrations(database)
    await seed(database)
    const { cookie } = await sessionFor(database)
    // The fee earner is the person the bench session belongs to.
    const [busiest] = await database.query<{ id: string }>(
      `select p.id from session s join profiles p on p.auth_id = s.user_id where s.id = 'bench-session'`,
    )
    await seedBoard(database, busiest.id)
    await database.close()
    await app.ready
    await bare.ready
    const urls = { app: `${app.url}/api/cases`, bare: `${bare.url}/api/transactions` }
    for (const u of Object.values(urls)) {
      for (let i = 0; i < 100; i++) {
        const res = await fetch(u, { headers: { cookie } })
        const text = await res.text()
        if (!res.ok) throw new Error(`${u} answered ${res.status}: ${text.slice(0, 300)}`)
        if (i === 0 && u === urls.app) {
          const body = JSON.parse(text) as { rows: unknown[]; total: number }
          if (body.total !== BOARD_MATTERS)
            throw new Error(`the board holds ${body.total} matters, not ${BOARD_MATTERS}`)
        }
      }
    }
    const loadBefore = load()
    const results = { app: [] as ReturnType<typeof wrk>[], bare: [] as ReturnType<typeof wrk>[] }
    for (let r = 0; r < ROUNDS; r++) {
      for (const who of r % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const))
        results[who].push(wrk(urls[who], cookie))
    }
    console.log(
      `Cases board of a fee earner with ${BOARD_MATTERS} matters, PostgreSQL, wrk -t2 -c10 -d${DURATION}s, ${ROUNDS} alternating rounds`,
    )
    console.log('server                       req/s   p50 ms   p99 ms  non-2xx  req/s by round')
    for (const [who, label] of [
      ['app', 'app GET /api/cases'],
      ['bare', 'baseline GET /api/transactions'],
    ] as const) {
      const w = results[who]
      console.log(
        `${label.padEnd(28)} ${String(median(w.map((x) => x.rps))).padStart(6)} ${median(w.map((x) => x.p50))
          .toFixed(2)
          .padStart(8)} ${median(w.map((x) => x.p99))
          .toFixed(2)
          .padStart(8)} ${String(w.reduce((n, x) => n + x.non2xx, 0)).padStart(8)}  ${w.map((x) => x.rps).join(' / ')}`,
      )
    }
    const ratios = results.app.map((a, i) => a.rps / results.bare[i].rps)
    console.log(
      `ratio app/baseline req/s: ${median(ratios).toFixed(2)} (rounds ${ratios.map((x) => x.toFixed(2)).join(', ')})`,
    )
    console.log(`load average (1, 5, 15 min): ${loadBefore} before, ${load()} after; target >= 800 req/s, p99 <= 30 ms`)
    if (process.env.BENCH_KEYS !== '0') console.log(`\n${(await measureBoardKeystrokes(app.url, cookie)).join('\n')}`)
  } finally {
    await app.stop()
    await bare.stop()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
