/**
 * `npm run bench`: API throughput and latency on PostgreSQL and on PGlite, as ratios against two bare
 * servers measured in the same run, in a form an outside harness can reproduce.
 *
 * Data: bench/bench-data.ts (BENCH_MOVES moves, default 5,000, one user per 5 moves and at least
 * 1,000), and on PostgreSQL two firm members (bench/cases-board-data.ts): a conveyancer with 100
 * matters and one with 1,000 (BENCH_BOARD_MATTERS, default "100,1000"; empty for none).
 * Servers, side by side on the same data (on PGlite each reads its own copy of the seeded data
 * directory: it is one process's):
 * - app: the compiled dist/server/main.js, as `npm start` runs it;
 * - current: bench/bare-server.ts with BARE_SQL=current, a bare Hono server running the app's OWN
 *   current statements (imported from src/server, so it never drifts) with the app's cookie check and
 *   database client, and nothing else: what the app spends beyond it is the framework's;
 * - original: bench/bare-server.ts, the ORIGINAL dashboard and detail SQL (bench/original-sql.ts) with
 *   one indexed session query per request: the baseline of the speed work.
 * Once the app and the database are quiet (the app's jobs' first runs after its start done), every answer of the baselines is compared with the app's before the rounds (current: JSON-equal;
 * original: equal, or the app's with fields added since). Then wrk (-t2 -c10, BENCH_DURATION s,
 * keep-alive; BENCH_WRK_ARGS adds to its arguments, e.g. "-H Connection:close" or "-c50") drives
 * each endpoint on each server in BENCH_ROUNDS rounds; the order of the servers alternates by round
 * (app, current, original in odd rounds, the reverse in even ones), so that the machine's drift falls
 * on all. Endpoints: the busiest user's dashboard and a move's detail (a person outside a firm); the
 * firm member with 1,000 matters' dashboard; the cases board (GET /api/cases) at 100 and at 1,000
 * matters (against the original baseline: that person's dashboard, the cheapest request it serves).
 *
 * Load: during every round the CPU of everything else on the machine is recorded: /proc/stat's busy
 * time of all CPUs minus this process and its children (wrk), the three servers and the PostgreSQL
 * backends serving the bench database (from pg_stat_activity), as a percentage of one CPU
 * ("others %", 200 = both cores of a 2-core machine busy with other work), beside the load average.
 *
 * Prints every round (time, req/s, p50, p99, the server's CPU per request, others' CPU, load), then
 * per endpoint the medians and the per-round ratios app/current and app/original with p99 ratios, and
 * the app's RSS after the rounds. Also times the first start on a fresh data dir and a later start
 * (PGlite) with the demo data, and the RSS after each start settles, on PGlite and on PostgreSQL.
 * BENCH_JSON=<file> also writes every round as JSON.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test: a bench database is created
 * beside it and dropped after), BENCH_MOVES (default 5000), BENCH_BOARD_MATTERS (default "100,1000"),
 * BENCH_DURATION (seconds, default 10), BENCH_ROUNDS (default 3), BENCH_ONLY=postgres|pglite|startup,
 * BENCH_SKIP_STARTUP=1, BENCH_GZIP=1 (also the app's detail with Accept-Encoding: gzip, as browsers
 * send), BENCH_SKIP_BOARD=1 (no firm members), BENCH_KEYS=0 (no keystrokes on the board's search),
 * BENCH_ENDPOINTS (comma-separated subset of dashboard,detail,firm-dashboard,board-100,board-1000),
 * BENCH_PORT (first port, default 3811: the app; +10 the original baseline, +20 the current one).
 * The default CI (.ci/run) does not run this.
 */
import { execFileSync } from 'node:child_process'
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import pg from 'pg'
import { boardSessionFor, seed, sessionFor } from './bench-data'
import { measureBoardKeystrokes } from './board-keystrokes'
import { seedBoard } from './cases-board-data'
import { rssBytes, startServer } from './bench-server'
import { openPglite, openPostgres, type Database } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import { ensureWrk } from './ensure-wrk'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
const MOVES = Number(process.env.BENCH_MOVES ?? 5000)
const BOARD_SIZES = (process.env.BENCH_BOARD_MATTERS ?? '100,1000').split(',').filter(Boolean).map(Number)
const WRK_ARGS = (process.env.BENCH_WRK_ARGS ?? '').split(' ').filter(Boolean)
const ONLY_ENDPOINTS = process.env.BENCH_ENDPOINTS?.split(',').filter(Boolean)

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
  /** Everything else's CPU during the round, percent of one CPU (200 = two cores busy). */
  othersPct?: number
  /** The PostgreSQL backends' CPU per request (PostgreSQL only), microseconds. */
  dbUs?: number
  load?: number
  at?: string
  p50: number
  p99: number
  non2xx: number
  errors: string
}

function wrk(url: string, cookie: string, extraHeaders: string[] = []): WrkResult {
  const headers = [`Cookie: ${cookie}`, ...extraHeaders].flatMap((h) => ['-H', h])
  const out = execFileSync('wrk', ['-t2', '-c10', `-d${DURATION}s`, '--latency', ...WRK_ARGS, ...headers, url], {
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

/** CPU time process `pid` has used, in clock ticks (1/100 s), from /proc/<pid>/stat; 0 once gone. */
function cpuTicks(pid: number, withChildren = false): number {
  let fields: string[]
  try {
    fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  } catch {
    return 0
  }
  // utime, stime, cutime, cstime are fields 14-17 of stat (from field 3 on after the name).
  const own = Number(fields[11]) + Number(fields[12])
  return withChildren ? own + Number(fields[13]) + Number(fields[14]) : own
}

/** Busy time of all CPUs (everything but idle and iowait), in clock ticks, from /proc/stat. */
function machineBusyTicks(): number {
  const f = readFileSync('/proc/stat', 'utf8').split('\n')[0].split(/\s+/).slice(1).map(Number)
  // user nice system idle iowait irq softirq steal (guest is inside user)
  return f[0] + f[1] + f[2] + f[5] + f[6] + f[7]
}

/** The PostgreSQL backends serving database `name` (their pids, when they run on this machine). */
async function backendPids(adminUrl: string | undefined, name: string | undefined): Promise<number[]> {
  if (!adminUrl || !name) return []
  const client = new pg.Client({ connectionString: adminUrl })
  await client.connect()
  try {
    const res = await client.query<{ pid: number }>('select pid from pg_stat_activity where datname = $1', [name])
    return res.rows.map((r) => r.pid)
  } finally {
    await client.end()
  }
}

type Who = 'app' | 'current' | 'original'
const WHO: Who[] = ['app', 'current', 'original']
type Endpoint = 'dashboard' | 'detail' | 'firm-dashboard' | `board-${number}`
/** What one endpoint's rounds ask of each server: its path there, and the session cookie to send. */
type Target = Record<Who, string> & { cookie: string }

/** Machine context for the CPU accounting of every round. */
interface Machine {
  pids: Record<Who, number>
  /** The admin URL and the bench database's name (PostgreSQL), to find its backends. */
  adminUrl?: string
  dbName?: string
}

/**
 * One wrk round against `who`, with that server's CPU per request, the PostgreSQL backends' CPU per
 * request, and the rest of the machine's CPU during the round (percent of one CPU).
 */
async function round(machine: Machine, who: Who, url: string, cookie: string): Promise<WrkResult> {
  const ownPids = Object.values(machine.pids)
  // The backends before the round, each with its CPU then; those that start during the round (a
  // pool's new connection) count from zero, those that end during it are lost (counted as others').
  const backendsBefore = new Map(
    (await backendPids(machine.adminUrl, machine.dbName)).map((pid) => [pid, cpuTicks(pid)]),
  )
  const sample = () => ({
    busy: machineBusyTicks(),
    self: cpuTicks(process.pid, true),
    servers: ownPids.reduce((n, pid) => n + cpuTicks(pid, true), 0),
    server: cpuTicks(machine.pids[who]),
  })
  const at = new Date().toISOString().slice(11, 19)
  const before = sample()
  const result = wrk(url, cookie)
  const after = sample()
  let db = 0
  for (const pid of await backendPids(machine.adminUrl, machine.dbName))
    db += Math.max(0, cpuTicks(pid) - (backendsBefore.get(pid) ?? 0))
  const d = (k: keyof ReturnType<typeof sample> | 'db') => (k === 'db' ? db : after[k] - before[k])
  const requests = result.rps * DURATION
  result.cpuUs = Math.round((d('server') * 10_000) / requests)
  result.dbUs = backendsBefore.size ? Math.round((d('db') * 10_000) / requests) : undefined
  result.othersPct = Math.max(0, Math.round((d('busy') - d('self') - d('servers') - d('db')) / DURATION))
  result.load = Number(load())
  result.at = at
  return result
}

/**
 * Waits until the app and the database are quiet: the app's CPU plus the bench database's backends'
 * below 5% of one CPU over a second (its jobs' first runs after a start, the SLA clocks' sync, are
 * done), at most `maxMs`. Returns the milliseconds waited. Without this the first rounds measure the
 * app's start-up jobs as well as its requests.
 */
async function settle(machine: Machine, maxMs = 180_000): Promise<number> {
  const started = performance.now()
  for (;;) {
    const backends = await backendPids(machine.adminUrl, machine.dbName)
    const busy = () => cpuTicks(machine.pids.app) + backends.reduce((n, pid) => n + cpuTicks(pid), 0)
    const before = busy()
    await new Promise((r) => setTimeout(r, 1000))
    const waited = Math.round(performance.now() - started)
    if (busy() - before < 5 || waited > maxMs) return waited
  }
}

/** The same requests on every server, `ROUNDS` times; the servers' order alternates by round. */
async function alternate(
  servers: Record<Who, string>,
  machine: Machine,
  targets: Partial<Record<Endpoint, Target>>,
  onRound: (endpoint: Endpoint, who: Who, r: number, result: WrkResult) => void,
) {
  const rounds: Partial<Record<Endpoint, Record<Who, WrkResult[]>>> = {}
  for (let r = 0; r < ROUNDS; r++) {
    for (const [endpoint, target] of Object.entries(targets) as [Endpoint, Target][]) {
      const into = (rounds[endpoint] ??= { app: [], current: [], original: [] })
      for (const who of r % 2 ? [...WHO].reverse() : WHO) {
        const result = await round(machine, who, `${servers[who]}${target[who]}`, target.cookie)
        into[who].push(result)
        onRound(endpoint, who, r, result)
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

async function warmUp(urls: string[], cookie: string, times = 200) {
  for (let i = 0; i < times; i++) {
    for (const url of urls) {
      const res = await fetch(url, { headers: { cookie } })
      const body = await res.text()
      if (!res.ok) throw new Error(`warm-up ${url} answered ${res.status}: ${body.slice(0, 300)}`)
    }
  }
}

/**
 * Checks that the baselines answer as the app does: the same-SQL server JSON-equal (byte for byte
 * but for the time fields the board computes at the request's moment), the original baseline equal
 * or contained in the app's answer (fields added since the original SQL, such as a task's mortgage
 * DIP). Returns how each compared, for the printout.
 */
async function compareAnswers(servers: Record<Who, string>, target: Target, endpoint: Endpoint): Promise<string> {
  const text = async (who: Who) => {
    const res = await fetch(`${servers[who]}${target[who]}`, { headers: { cookie: target.cookie } })
    if (!res.ok) throw new Error(`${who} answered ${endpoint} with ${res.status}`)
    return res.text()
  }
  const [app, current, original] = await Promise.all(WHO.map(text))
  const notes: string[] = []
  if (app === current) notes.push('current: byte for byte')
  else if (isDeepStrictEqual(JSON.parse(app), JSON.parse(current))) notes.push('current: JSON-equal')
  else throw new Error(`the app and the same-SQL server answer ${endpoint} differently`)
  if (target.original === target.app) {
    if (app === original) notes.push('original: byte for byte')
    else if (includes(JSON.parse(app), JSON.parse(original))) notes.push("original: within the app's answer")
    else throw new Error(`the app and the original baseline answer ${endpoint} differently`)
  } else notes.push(`original: serves ${target.original} instead`)
  return `${endpoint}: ${notes.join('; ')} (${app.length} bytes)`
}

async function benchBackend(kind: 'postgres' | 'pglite', port: number) {
  let database: Database
  let env: Record<string, string>
  let bareEnv: Record<string, string>
  let currentEnv: Record<string, string>
  let cleanup: () => Promise<void>
  let dir = ''
  let adminUrl: string | undefined
  let dbName: string | undefined
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
    currentEnv = { DATABASE_URL: url.toString(), BARE_SQL: 'current' }
    adminUrl = serverUrl
    dbName = name
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
    // PGlite is one process's: each baseline reads a byte-for-byte copy of the seeded data directory.
    bareEnv = { PGLITE_DIR: path.join(dir, 'pglite-bare') }
    currentEnv = { PGLITE_DIR: path.join(dir, 'pglite-current'), BARE_SQL: 'current' }
    cleanup = async () => rmSync(dir, { recursive: true, force: true })
  }
  const prepare = async (database: Database) => {
    await runMigrations(database)
    const seedStarted = performance.now()
    const seedMs = await seed(database, MOVES)
    const { cookie, txId, count } = await sessionFor(database)
    const boards =
      kind === 'postgres' && process.env.BENCH_SKIP_BOARD !== '1'
        ? await Promise.all(BOARD_SIZES.map(async (size, i) => ({ size, ...(await boardSessionFor(database, i)) })))
        : []
    for (const b of boards) await seedBoard(database, b.profileId, b.size)
    const boardSeedMs = Math.round(performance.now() - seedStarted) - seedMs
    return { seedMs, cookie, txId, count, boards, boardSeedMs }
  }
  // A failed seed (a timeout at 50,000 moves) must not leave its database behind.
  const failed = async (err: unknown) => {
    await database.close().catch(() => {})
    await cleanup()
    throw err
  }
  const seeded = await prepare(database).catch(failed)
  const { seedMs, cookie, txId, count, boards, boardSeedMs } = seeded
  await database.close()
  if (kind === 'pglite') {
    cpSync(path.join(dir, 'pglite'), path.join(dir, 'pglite-bare'), { recursive: true })
    cpSync(path.join(dir, 'pglite'), path.join(dir, 'pglite-current'), { recursive: true })
  }

  const loadBefore = load()
  const server = startServer({ port, env })
  const bare = startServer({ port: port + 10, env: bareEnv, script: 'bare' })
  const current = startServer({ port: port + 20, env: currentEnv, script: 'bare' })
  try {
    const startMs = await server.ready
    await bare.ready
    await current.ready
    const servers: Record<Who, string> = { app: server.url, current: current.url, original: bare.url }
    const same = (p: string): Record<Who, string> => ({ app: p, current: p, original: p })
    const targets: Partial<Record<Endpoint, Target>> = {
      dashboard: { ...same('/api/transactions'), cookie },
      detail: { ...same(`/api/transactions/${txId}`), cookie },
    }
    const largest = boards.at(-1)
    if (largest) targets['firm-dashboard'] = { ...same('/api/transactions'), cookie: largest.cookie }
    for (const b of boards) {
      // The board against the cheapest request the original stack serves the same person: its dashboard.
      targets[`board-${b.size}`] = {
        app: '/api/cases',
        current: '/api/cases',
        original: '/api/transactions',
        cookie: b.cookie,
      }
    }
    if (ONLY_ENDPOINTS)
      for (const k of Object.keys(targets)) if (!ONLY_ENDPOINTS.includes(k)) delete targets[k as Endpoint]
    // Warm-up (plans cached, our own code compiled), then every answer compared with the app's.
    for (const target of Object.values(targets) as Target[])
      for (const who of WHO) await warmUp([`${servers[who]}${target[who]}`], target.cookie, 100)
    const compared: string[] = []
    for (const [endpoint, target] of Object.entries(targets) as [Endpoint, Target][])
      compared.push(await compareAnswers(servers, target, endpoint))
    for (const line of compared) console.log(`${kind.padEnd(9)} same answers: ${line}`)
    for (const b of boards) {
      const first = (await (await fetch(`${servers.app}/api/cases`, { headers: { cookie: b.cookie } })).json()) as {
        total: number
      }
      if (first.total !== b.size) throw new Error(`the board holds ${first.total} matters, not ${b.size}`)
    }
    const pids = { app: server.child.pid!, current: current.child.pid!, original: bare.child.pid! }
    const settledMs = await settle({ pids, adminUrl, dbName })
    console.log(`${kind.padEnd(9)} the app and the database quiet after ${settledMs} ms; rounds begin`)
    const rounds = await alternate(servers, { pids, adminUrl, dbName }, targets, (endpoint, who, r, w) =>
      console.log(
        `${kind.padEnd(9)} round ${r + 1} ${w.at} ${endpoint.padEnd(14)} ${who.padEnd(8)} ${String(w.rps).padStart(6)} req/s  p50 ${w.p50.toFixed(2).padStart(6)}  p99 ${w.p99.toFixed(2).padStart(6)} ms  CPU ${String(w.cpuUs).padStart(5)} us/req${w.dbUs === undefined ? '' : `  db ${String(w.dbUs).padStart(5)} us/req`}  others ${String(w.othersPct).padStart(3)}%  load ${w.load}${w.non2xx ? `  NON-2XX ${w.non2xx}` : ''}${w.errors ? `  ${w.errors}` : ''}`,
      ),
    )
    // What a browser sends: the JSON is then gzipped by the server (app.ts), which costs CPU per request.
    const detailGzip =
      process.env.BENCH_GZIP === '1'
        ? wrk(`${servers.app}/api/transactions/${txId}`, cookie, ['Accept-Encoding: gzip'])
        : null
    const mem = rssMb(server.child.pid!)
    const bareMem = { current: rssMb(current.child.pid!), original: rssMb(bare.child.pid!) }
    const loadAfter = load()
    // The board's search per keystroke, on the app that served the rounds (after them: a browser beside wrk would skew both).
    const board100 = boards.find((b) => b.size === 100)
    const keystrokes =
      board100 && process.env.BENCH_KEYS !== '0'
        ? await measureBoardKeystrokes(servers.app, board100.cookie).catch((err: Error) => [
            `Cases board keystrokes failed: ${err.message}`,
          ])
        : []
    return {
      kind,
      moves: MOVES,
      seedMs,
      boardSeedMs,
      startMs,
      dashboardRows: count,
      rounds,
      detailGzip,
      mem,
      bareMem,
      loadBefore,
      loadAfter,
      keystrokes,
    }
  } finally {
    await server.stop()
    await bare.stop()
    await current.stop()
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
  console.log(
    `\n${r.kind}, ${r.moves.toLocaleString('en-GB')} moves: medians over ${ROUNDS} rounds (req/s, p50 and p99 ms, server CPU us per request, others' CPU %)`,
  )
  console.log('backend   endpoint       server     req/s   p50 ms   p99 ms non-2xx  CPU us others%  req/s by round')
  const summaries: string[] = []
  for (const [endpoint, result] of Object.entries(r.rounds) as [Endpoint, Record<Who, WrkResult[]>][]) {
    for (const who of WHO) {
      const w = result[who]
      console.log(
        `${r.kind.padEnd(9)} ${endpoint.padEnd(14)} ${who.padEnd(9)} ${String(median(w.map((x) => x.rps))).padStart(6)} ${median(
          w.map((x) => x.p50),
        )
          .toFixed(2)
          .padStart(8)} ${median(w.map((x) => x.p99))
          .toFixed(2)
          .padStart(
            8,
          )} ${String(w.reduce((n, x) => n + x.non2xx, 0)).padStart(7)} ${String(median(w.map((x) => x.cpuUs ?? 0))).padStart(7)} ${String(median(w.map((x) => x.othersPct ?? 0))).padStart(7)}  ${w.map((x) => x.rps).join(' / ')}${w.some((x) => x.errors) ? `  ${w.map((x) => x.errors).join(' ')}` : ''}`,
      )
    }
    for (const base of ['current', 'original'] as const) {
      const ratios = result.app.map((a, i) => a.rps / result[base][i].rps)
      const p99 = median(result.app.map((x) => x.p99)) / median(result[base].map((x) => x.p99))
      summaries.push(
        `${r.kind.padEnd(9)} ${endpoint.padEnd(14)} app/${base.padEnd(8)} ${median(ratios).toFixed(2)}x req/s (rounds ${ratios.map((x) => x.toFixed(2)).join(', ')}); p99 ${p99.toFixed(2)} of ${base}'s`,
      )
    }
  }
  for (const line of summaries) console.log(line)
  const boards = Object.keys(r.rounds)
    .filter((k) => k.startsWith('board-'))
    .map((k) => ({ size: Number(k.slice(6)), app: r.rounds[k as Endpoint]!.app }))
    .sort((a, b) => a.size - b.size)
  if (boards.length > 1) {
    const [small, large] = [boards[0], boards.at(-1)!]
    const ratio = median(large.app.map((x) => x.rps)) / median(small.app.map((x) => x.rps))
    console.log(
      `${r.kind.padEnd(9)} board ${large.size} matters / ${small.size} matters: ${ratio.toFixed(2)}x req/s; p99 ${median(large.app.map((x) => x.p99)).toFixed(1)} against ${median(small.app.map((x) => x.p99)).toFixed(1)} ms`,
    )
  }
  if (r.detailGzip) {
    const w = r.detailGzip
    console.log(
      `${r.kind.padEnd(9)} ${'detail+gz'.padEnd(14)} app       ${String(w.rps).padStart(6)} ${w.p50.toFixed(2).padStart(8)} ${w.p99.toFixed(2).padStart(8)} ${String(w.non2xx).padStart(7)}`,
    )
  }
  for (const line of r.keystrokes) console.log(line)
  console.log(
    `${r.kind.padEnd(9)} load average ${r.loadBefore} before, ${r.loadAfter} after; seed ${r.seedMs} ms (+ firm members ${r.boardSeedMs} ms); app ready in ${r.startMs} ms, ` +
      `RSS after the rounds: app ${r.mem.rss} MB (peak ${r.mem.peak}), current ${r.bareMem.current.rss} MB, original ${r.bareMem.original.rss} MB; busiest user's dashboard rows ${r.dashboardRows}`,
  )
}

async function main() {
  ensureWrk()
  const only = process.env.BENCH_ONLY
  console.log(
    `Homeward API benchmark, ${new Date().toISOString()}: wrk -t2 -c10 -d${DURATION}s${WRK_ARGS.length ? ` ${WRK_ARGS.join(' ')}` : ''} on 127.0.0.1, ` +
      `${MOVES.toLocaleString('en-GB')} moves; ${ROUNDS} alternating rounds of the app, the same-SQL bare server and the original-SQL baseline (bench/bare-server.ts)\n`,
  )
  const port = Number(process.env.BENCH_PORT ?? 3811)
  const results: unknown[] = []
  if (only !== 'pglite' && only !== 'startup') {
    const r = await benchBackend('postgres', port)
    results.push(r)
    printBackend(r)
  }
  if (only !== 'postgres' && only !== 'startup') {
    const r = await benchBackend('pglite', port + 1)
    results.push(r)
    printBackend(r)
  }
  if (process.env.BENCH_JSON) writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2))
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
      'cases board (PostgreSQL, 100 matters) >= 800 req/s with p99 <= 30 ms, 1,000 matters >= 0.8x of 100; ' +
      'detail >= 0.95x the same-SQL server with p99 no worse; a firm member of 1,000 matters at 50,000 moves >= 0.8x of 5,000',
  )
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
