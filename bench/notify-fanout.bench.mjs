// `npm run bench:notify`: the limits of PostgreSQL LISTEN/NOTIFY as Homeward's live fan-out uses it
// (platform/realtime: every app process holds one LISTEN connection on one channel; each change's
// transaction calls pg_notify with a JSON announcement of a few hundred bytes). Two questions for
// docs/deployment.md, "Limits":
//   1. How many processes can listen: LISTENERS connections (standing for app processes) listen
//      while WRITERS connections commit notifying transactions as fast as they can for SECONDS; the
//      delivery latency from commit to each listener (p50, p99, max) and the commits per second, for
//      1, 4, 16 and 32 listeners.
//   2. What NOTIFY costs the writers: the same transactions without pg_notify, same run, as the
//      baseline (a NOTIFY's commit takes PostgreSQL's global notify-queue lock: notifying commits
//      are serialised across the whole server).
// Each transaction inserts one row into a scratch table (a stand-in for the activity row) and, in the
// notifying case, calls pg_notify. Load average printed beside each line; the ratio against the
// baseline is the figure that decides, not the absolute numbers (shared machines).
// Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), SECONDS (5 per step),
// WRITERS (4), STEPS (1,4,16,32: listener counts; mind max_connections).
import { randomBytes } from 'node:crypto'
import { loadavg } from 'node:os'
import pg from 'pg'

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const SECONDS = Number(process.env.SECONDS ?? 5)
const WRITERS = Number(process.env.WRITERS ?? 4)
const STEPS = (process.env.STEPS ?? '1,4,16,32').split(',').map(Number)
const CHANNEL = 'homeward_bench_live'
const PAYLOAD_FILLER = randomBytes(120).toString('hex') // ~300-byte announcements, as ours are

const pct = (sorted, p) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] : NaN
const load = () => loadavg()[0].toFixed(1)

async function connect(url) {
  const c = new pg.Client({ connectionString: url })
  await c.connect()
  return c
}

/** WRITERS loops committing insert (+ pg_notify) transactions for SECONDS; returns commits. */
async function write(url, notify) {
  const writers = await Promise.all(Array.from({ length: WRITERS }, () => connect(url)))
  let commits = 0
  const until = performance.now() + SECONDS * 1000
  await Promise.all(
    writers.map(async (c, w) => {
      while (performance.now() < until) {
        await c.query('begin')
        await c.query('insert into bench_activity (payload) values ($1)', [PAYLOAD_FILLER])
        if (notify) {
          const payload = JSON.stringify({
            topic: `tx:${w}`,
            sent: performance.timeOrigin + performance.now(),
            filler: PAYLOAD_FILLER,
          })
          await c.query('select pg_notify($1, $2)', [CHANNEL, payload])
        }
        await c.query('commit')
        commits++
      }
    }),
  )
  await Promise.all(writers.map((c) => c.end()))
  return commits
}

async function main() {
  const name = `homeward_bench_notify_${Date.now().toString(36)}`
  const admin = await connect(SERVER_URL)
  await admin.query(`create database ${name}`)
  const url = new URL(SERVER_URL)
  url.pathname = `/${name}`
  const setup = await connect(url.toString())
  await setup.query('create table bench_activity (id bigserial primary key, payload text not null)')
  await setup.end()
  const maxConnections = (await admin.query('show max_connections')).rows[0].max_connections
  process.stdout.write(
    `LISTEN/NOTIFY fan-out: ${WRITERS} writers, ${SECONDS} s per step, ~${PAYLOAD_FILLER.length + 60}-byte payloads, ` +
      `PostgreSQL max_connections ${maxConnections}, load ${load()}\n`,
  )
  try {
    const baseline = await write(url.toString(), false)
    process.stdout.write(`baseline (no NOTIFY): ${Math.round(baseline / SECONDS)} commits/s (load ${load()})\n`)
    for (const n of STEPS) {
      const listeners = await Promise.all(Array.from({ length: n }, () => connect(url.toString())))
      const latencies = []
      for (const l of listeners) {
        l.on('notification', (msg) => {
          latencies.push(performance.timeOrigin + performance.now() - JSON.parse(msg.payload).sent)
        })
        await l.query(`listen ${CHANNEL}`)
      }
      const commits = await write(url.toString(), true)
      await new Promise((r) => setTimeout(r, 500)) // the last deliveries
      latencies.sort((a, b) => a - b)
      const delivered = latencies.length
      process.stdout.write(
        `${String(n).padStart(3)} listeners: ${Math.round(commits / SECONDS)} notifying commits/s ` +
          `(${((commits / baseline) * 100).toFixed(0)}% of baseline), deliveries ${delivered}/${commits * n}, ` +
          `latency p50 ${pct(latencies, 50).toFixed(1)} ms, p99 ${pct(latencies, 99).toFixed(1)} ms, ` +
          `max ${latencies.at(-1)?.toFixed(1)} ms (load ${load()})\n`,
      )
      await Promise.all(listeners.map((l) => l.end()))
    }
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.end()
  }
}

await main()
