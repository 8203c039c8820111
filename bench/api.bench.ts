/**
 * `npm run bench`: API throughput and latency on PostgreSQL and on PGlite, as a ratio against a
 * baseline measured in the same run. Seeds 1,000 users and 5,000 transactions (bench/bench-data.ts),
 * starts the app (the compiled dist/server/main.js) and the bare baseline (bench/bare-server.ts: Hono + pg, one
 * indexed session query, the original dashboard and detail SQL) side by side on the same data (on
 * PGlite, a copy of the seeded data directory: it is one process's), checks that both answer alike,
 * then drives them with wrk on 127.0.0.1 (10 s, 10 connections) in alternating rounds (the app
 * first in odd rounds, the baseline first in even ones), so that the machine's drift falls on both.
 * Prints per server the median req/s, p50 and p99 over the rounds, each round's req/s, the median of
 * the per-round ratios app/baseline, the load average before and after, and the app's RSS. Also
 * times the first start on a fresh data dir and a later start (PGlite) with the demo data, and the
 * RSS after each start settles, on PGlite and on PostgreSQL. On PostgreSQL it also adds the cases board
 * (GET /api/cases) of a fee earner with 100 matters (bench/cases-board-data.ts; a conveyancer of the
 * bench data with few moves of their own, so the dashboard and detail rows keep their data), in the
 * same alternating rounds against the baseline's dashboard for that same person; issue 13's target is
 * 800 req/s with a p99 of 30 ms on this machine.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test: a bench database is created
 * beside it and dropped after), BENCH_DURATION (seconds, default 10), BENCH_ROUNDS (default 3),
 * BENCH_ONLY=postgres|pglite|startup (startup: only the demo-data start times and RSS), BENCH_SKIP_STARTUP=1, BENCH_GZIP=1 (also the app's detail with
 * Accept-Encoding: gzip, as browsers send), BENCH_SKIP_BOARD=1 (no cases board), BENCH_KEYS=0 (no keystrokes on the board's search), BENCH_PORT (first of three ports, default 3811).
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { boardSessionFor, seed, sessionFor } from './bench-data'
import { measureBoardKeystrokes } from './board-keystrokes'
import { BOARD_MATTERS, seedBoard } from './cases-board-data'
import { rssBytes, startServer } from './bench-server'
import { openPglite, openPostgres, type Database } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import { ensureWrk } from './ensure-wrk'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)

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

interface WrkResult {
  rps: number
  /** The server process's CPU time (user + system) per request during the round, microseconds. */
  cpuUs?: number
  p50: number
  p99: number
  non2xx: number
  errors: string
}

function wrk(url: string, cookie: string, extraHeaders: string[] = []): WrkResult {
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

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const load = () => loadavg()[0].toFixed(2)

/** CPU time (user + system) process `pid` has used, in milliseconds, from /proc/<pid>/stat. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  // utime and stime are fields 14 and 15 of stat, in clock ticks (100 a second on Linux).
  return (Number(fields[11]) + Number(fields[12])) * 10
}

type Endpoint = 'dashboard' | 'detail' | 'board'
/** What one endpoint's rounds ask of each server: its path there, and the session cookie to send. */
type Target = { app: string; bare: string; cookie: string }

/** The same requests, one server after the other, `ROUNDS` times; who goes first alternates by round. */
async function alternate(
  servers: Record<'app' | 'bare', string>,
  pids: Record<'app' | 'bare', number>,
  targets: Partial<Record<Endpoint, Target>>,
) {
  const rounds: Partial<Record<Endpoint, Record<'app' | 'bare', WrkResult[]>>> = {}
  for (let r = 0; r < ROUNDS; r++) {
    for (const [endpoint, target] of Object.entries(targets) as [Endpoint, Target][]) {
      const into = (rounds[endpoint] ??= { app: [], bare: [] })
      for (const who of r % 2 ? (['bare', 'app'] as const) : (['app', 'bare'] as const)) {
        const before = cpuMs(pids[who])
        const result = wrk(`${servers[who]}${target[who]}`, target.cookie)
        result.cpuUs = Math.round(((cpuMs(pids[who]) - before) * 1000) / (result.rps * DURATION))
        into[who].push(result)
      }
    }
  }
  return rounds
}

/** Whether `inner` is `outer` with some object fields left out (arrays: same length, item by item). */
function includes(outer: unknown, inner: unknown): boolean {
  if (Array.isArray(inner))
    return Array.isArray(outer) && outer.length === inner.length && inner.every((x, i) => includes(outer[i], x))
  if (inner && typeof inner === 'object') {
    if (!outer || typeof outer !== 'object' || Array.isArray(outer)) return false
    return Object.entries(inner).every(([k, v]) => includes((outer as Record<string, unknown>)[k], v))
  }
  return outer === inner
}

async function warmUp(urls: string[], cookie: string) {
  for (let i = 0; i < 200; i++) {
    for (const url of urls) {
      const res = await fetch(url, { headers: { cookie } })
      const body = await res.text()
      if (!res.ok) throw new Error(`warm-up ${url} answered ${res.status}: ${body.slice(0, 300)}`)
    }
  }
}

async function benchBackend(kind: 'postgres' | 'pglite', port: number) {
  let database: Database
  let env: Record<string, string>
  let bareEnv: Record<string, string>
  let cleanup: () => Promise<void>
  let dir = ''
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
    bareEnv = { DATABASE_URL: url.toString() }
    cleanup = async () => {
      const a = new pg.Client({ connectionString: serverUrl })
      await a.connect()
      await a.query(`drop database if exists ${name} with (force)`)
      await a.end()
    }
  } else {
    dir = mkdtempSync(path.join(tmpdir(), 'hw-bench-'))
    database = await openPglite({ dataDir: path.join(dir, 'pglite') })
    env = { DATA_DIR: dir }
    // PGlite is one process's: the baseline reads a byte-for-byte copy of the seeded data directory.
    bareEnv = { PGLITE_DIR: path.join(dir, 'pglite-bare') }
    cleanup = async () => rmSync(dir, { recursive: true, force: true })
  }
  await runMigrations(database)
  const seedMs = await seed(database)
  const { cookie, txId, count } = await sessionFor(database)
  const board = kind === 'postgres' && process.env.BENCH_SKIP_BOARD !== '1' ? await boardSessionFor(database) : null
  if (board) await seedBoard(database, board.profileId)
  await database.close()
  if (kind === 'pglite') cpSync(path.join(dir, 'pglite'), path.join(dir, 'pglite-bare'), { recursive: true })

  const loadBefore = load()
  const server = startServer({ port, env })
  const bare = startServer({ port: port + 10, env: bareEnv, script: 'bare' })
  try {
    const startMs = await server.ready
    await bare.ready
    const paths = { dashboard: '/api/transactions', detail: `/api/transactions/${txId}` }
    const servers = { app: server.url, bare: bare.url }
    // Warm-up: plans cached, JIT of our own code done; both answer the same.
    for (const url of Object.values(servers))
      await warmUp([`${url}${paths.dashboard}`, `${url}${paths.detail}`], cookie)
    for (const p of Object.values(paths)) {
      const [a, b] = await Promise.all(
        [servers.app, servers.bare].map(async (u) => (await fetch(`${u}${p}`, { headers: { cookie } })).text()),
      )
      // Byte for byte, or the baseline's answer inside the app's: features added since the original SQL
      // (a task's mortgage DIP) add fields to the app's detail that the baseline does not make.
      if (a !== b && !includes(JSON.parse(a), JSON.parse(b)))
        throw new Error(`the app and the baseline answer ${p} differently`)
    }
    const targets: Partial<Record<Endpoint, Target>> = {
      dashboard: { app: paths.dashboard, bare: paths.dashboard, cookie },
      detail: { app: paths.detail, bare: paths.detail, cookie },
    }
    if (board) {
      // The board against the cheapest request this stack serves the same person: the baseline's dashboard.
      targets.board = { app: '/api/cases', bare: '/api/transactions', cookie: board.cookie }
      await warmUp([`${servers.app}/api/cases`, `${servers.bare}/api/transactions`], board.cookie)
      const first = (await (await fetch(`${servers.app}/api/cases`, { headers: { cookie: board.cookie } })).json()) as {
        total: number
      }
      if (first.total !== BOARD_MATTERS) throw new Error(`the board holds ${first.total} matters, not ${BOARD_MATTERS}`)
    }
    const rounds = await alternate(servers, { app: server.child.pid!, bare: bare.child.pid! }, targets)
    // What a browser sends: the JSON is then gzipped by the server (app.ts), which costs CPU per request.
    const detailGzip =
      process.env.BENCH_GZIP === '1' ? wrk(`${servers.app}${paths.detail}`, cookie, ['Accept-Encoding: gzip']) : null
    const mem = rssMb(server.child.pid!)
    const loadAfter = load()
    // The board's search per keystroke, on the app that served the rounds (after them: a browser beside wrk would skew both).
    const keystrokes =
      board && process.env.BENCH_KEYS !== '0'
        ? await measureBoardKeystrokes(servers.app, board.cookie).catch((err: Error) => [
            `Cases board keystrokes failed: ${err.message}`,
          ])
        : []
    return { kind, seedMs, startMs, dashboardRows: count, rounds, detailGzip, mem, loadBefore, loadAfter, keystrokes }
  } finally {
    await server.stop()
    await bare.stop()
    await cleanup()
  }
}
/** Resident memory of a started server after it settles (SETTLE_MS), in MB. */
async function settledRss(server: ReturnType<typeof startServer>) {
  await new Promise((r) => setTimeout(r, SETTLE_MS))
  return Math.round(rssBytes(server.child.pid!) / 1048576)
}

const SETTLE_MS = 5000

/**
 * With the demo data only, as a newcomer's `npm start` runs: on PGlite the first start on a fresh data
 * dir (create, migrate, seed) and a later start, each with its RSS once settled; on PostgreSQL (a
 * fresh database beside BENCH_DATABASE_URL, dropped after) the RSS after start.
 */
async function startupTimes(port: number, only: string | undefined) {
  const dir = mkdtempSync(path.join(tmpdir(), 'hw-start-'))
  const first = startServer({ port, env: { DATA_DIR: dir, SEED_DEMO: 'true' } })
  const firstMs = await first.ready
  const firstRss = await settledRss(first)
  await first.stop()
  const second = startServer({ port, env: { DATA_DIR: dir, SEED_DEMO: 'true' } })
  const secondMs = await second.ready
  const secondRss = await settledRss(second)
  await second.stop()
  rmSync(dir, { recursive: true, force: true })
  let postgresRss: number | undefined
  if (only !== 'pglite') {
    const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
    const name = `homeward_bench_start_${process.pid}`
    const admin = new pg.Client({ connectionString: serverUrl })
    await admin.connect()
    await admin.query(`create database ${name}`)
    const url = new URL(serverUrl)
    url.pathname = `/${name}`
    const pgDir = mkdtempSync(path.join(tmpdir(), 'hw-start-pg-'))
    try {
      const server = startServer({ port, env: { DATA_DIR: pgDir, SEED_DEMO: 'true', DATABASE_URL: url.href } })
      await server.ready
      postgresRss = await settledRss(server)
      await server.stop()
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`)
      await admin.end()
      rmSync(pgDir, { recursive: true, force: true })
    }
  }
  return { firstMs, secondMs, firstRss, secondRss, postgresRss, load: load() }
}

function printBackend(r: Awaited<ReturnType<typeof benchBackend>>) {
  for (const [endpoint, result] of Object.entries(r.rounds)) {
    const { app, bare } = result
    const ratios = app.map((a, i) => a.rps / bare[i].rps)
    const row = (who: string, w: WrkResult[]) =>
      `${r.kind.padEnd(9)} ${endpoint.padEnd(10)} ${who.padEnd(9)} ${String(median(w.map((x) => x.rps))).padStart(6)} ${median(
        w.map((x) => x.p50),
      )
        .toFixed(2)
        .padStart(8)} ${median(w.map((x) => x.p99))
        .toFixed(2)
        .padStart(
          8,
        )} ${String(w.reduce((n, x) => n + x.non2xx, 0)).padStart(7)} ${String(median(w.map((x) => x.cpuUs ?? 0))).padStart(7)}  ${w.map((x) => x.rps).join(' / ')}${w.some((x) => x.errors) ? `  ${w.map((x) => x.errors).join(' ')}` : ''}`
    console.log(row('app', app))
    console.log(row('baseline', bare))
    const p99 = median(app.map((x) => x.p99)) / median(bare.map((x) => x.p99))
    console.log(
      `${r.kind.padEnd(9)} ${endpoint.padEnd(10)} ratio     ${median(ratios).toFixed(2).padStart(6)}  app/baseline req/s (rounds ${ratios.map((x) => x.toFixed(2)).join(', ')}); p99 app/baseline ${p99.toFixed(2)}`,
    )
  }
  if (r.detailGzip) {
    const w = r.detailGzip
    console.log(
      `${r.kind.padEnd(9)} ${'detail+gz'.padEnd(10)} app       ${String(w.rps).padStart(6)} ${w.p50.toFixed(2).padStart(8)} ${w.p99.toFixed(2).padStart(8)} ${String(w.non2xx).padStart(7)}`,
    )
  }
  for (const line of r.keystrokes) console.log(line)
  console.log(
    `${r.kind.padEnd(9)} load average ${r.loadBefore} before, ${r.loadAfter} after; seed ${r.seedMs} ms; app ready in ${r.startMs} ms, RSS ${r.mem.rss} MB (peak ${r.mem.peak}); dashboard rows ${r.dashboardRows}`,
  )
}

async function main() {
  ensureWrk()
  const only = process.env.BENCH_ONLY
  console.log(
    `Homeward API benchmark: wrk -t2 -c10 -d${DURATION}s on 127.0.0.1, 1,000 users, 5,000 transactions; ${ROUNDS} alternating rounds of the app and the bare baseline (bench/bare-server.ts)\n`,
  )
  console.log('backend   endpoint   server     req/s   p50 ms   p99 ms non-2xx  CPU us  req/s by round')
  const port = Number(process.env.BENCH_PORT ?? 3811)
  if (only !== 'pglite' && only !== 'startup') printBackend(await benchBackend('postgres', port))
  if (only !== 'postgres' && only !== 'startup') printBackend(await benchBackend('pglite', port + 1))
  if (process.env.BENCH_SKIP_STARTUP !== '1') {
    const st = await startupTimes(port + 2, only)
    console.log(
      `\nDemo data only (npm start): PGlite first start (fresh data dir, migrate + demo data) ${st.firstMs} ms, RSS ${st.firstRss} MB; later start ${st.secondMs} ms, RSS ${st.secondRss} MB` +
        (st.postgresRss === undefined ? '' : `; PostgreSQL RSS ${st.postgresRss} MB`) +
        `; load average ${st.load}`,
    )
  }
  console.log(
    'Targets: PostgreSQL dashboard and detail >= 1.2x the baseline req/s with p99 no higher; PGlite >= 2.5x the original code; ' +
      'RSS after start with the demo data <= 200 MB on PGlite, <= 150 MB on PostgreSQL, <= 300 MB on PGlite with the bench data; first start <= 10 s, later <= 3 s; ' +
      `cases board (PostgreSQL, ${BOARD_MATTERS} matters; baseline: that fee earner's dashboard) >= 800 req/s with p99 <= 30 ms`,
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
