/**
 * `npm run bench:live`: live-update fan-out on PostgreSQL with one server process.
 * Creates a fresh database beside BENCH_DATABASE_URL, one transaction with 200 participants, each with
 * their own session (rows inserted directly, as bench/api.bench.ts does), starts the server as a
 * child process, opens one event stream per participant, then posts a chat message every 250 ms for
 * 60 s through the API. For every delivery it measures the time from the POST being sent to the client
 * parsing the `activity` event, and prints p50, p95, p99 and max over all deliveries, deliveries
 * received against expected, duplicates, the spread between the first and the last client of each
 * message (the fan-out's own cost), the POST round trip, and the server's RSS sampled every 5 s
 * (first, max, last) and CPU. The load average at the start is printed: on a shared machine the tail
 * latency follows it.
 * Target: p99 <= 200 ms, every delivery arrives, RSS flat.
 * Env: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test), LIVE_CLIENTS (200),
 * LIVE_SECONDS (60), LIVE_INTERVAL_MS (250), LIVE_PORT (3821).
 */
import { createHmac, randomUUID } from 'node:crypto'
import { mkdtempSync, readFileSync } from 'node:fs'
import http from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { openPostgres } from '../src/server/db/client'
import { runMigrations } from '../src/server/db/migrate'
import { createTransaction } from '../src/server/test/factories'
import { BENCH_SECRET as SECRET, startServer } from './bench-server'

const CLIENTS = Number(process.env.LIVE_CLIENTS ?? 200)
const SECONDS = Number(process.env.LIVE_SECONDS ?? 60)
const INTERVAL_MS = Number(process.env.LIVE_INTERVAL_MS ?? 250)
const PORT = Number(process.env.LIVE_PORT ?? 3821)
const WARM_UP_POSTS = 8
const RSS_EVERY_MS = 5_000

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

function cookieFor(token: string) {
  const signature = createHmac('sha256', SECRET).update(token).digest('base64')
  return `homeward.session_token=${encodeURIComponent(`${token}.${signature}`)}`
}

/** One poster (the buyer) and CLIENTS participants with sessions on one transaction. */
async function seed(url: string) {
  const database = openPostgres(url)
  await runMigrations(database)
  const run = randomUUID().slice(0, 8)
  await database.query(
    `insert into "user" (id, name, email, email_verified, signup_role)
     select 'live-' || $1 || '-' || g, 'Live Person ' || g, 'live-' || $1 || '-' || g || '@homeward.test', true,
       case when g = 0 then 'consumer_buyer' else 'pro_conveyancer' end
     from generate_series(0, $2::int) g`,
    [run, CLIENTS],
  )
  const people = await database.query<{ id: string; auth_id: string }>(
    `select id, auth_id from profiles where email like $1 order by split_part(auth_id, '-', 3)::int`,
    [`live-${run}-%`],
  )
  const [poster, ...viewers] = people
  const tx = await createTransaction(database, {
    buyerProfileId: poster.id,
    participants: viewers.map((v) => ({ profileId: v.id, role: 'estate_agent' as const })),
  })
  const [general] = await database.query<{ id: string }>(
    `select id from message_threads where transaction_id = $1 and topic = 'general'`,
    [tx.transactionId],
  )
  const cookies: string[] = []
  for (const person of people) {
    const token = `live-bench-${randomUUID()}`
    await database.query(
      `insert into session (id, token, user_id, expires_at) values ($1, $2, $3, now() + interval '1 day')`,
      [randomUUID(), token, person.auth_id],
    )
    cookies.push(cookieFor(token))
  }
  await database.close()
  return { txId: tx.transactionId, threadId: general.id, posterCookie: cookies[0], viewerCookies: cookies.slice(1) }
}

function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  return Math.round(Number(status.match(/VmRSS:\s+(\d+)/)?.[1] ?? 0) / 1024)
}

/** CPU seconds (user + system) the process has used. */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
  return (Number(fields[11]) + Number(fields[12])) / 100
}

/** Arrival times (performance.now()) of each message id at each client. */
type Arrivals = Map<string, number[]>

/**
 * Opens one event stream with node:http and records when each `activity` event arrives. Resolves
 * once `ready` was read. Parsing is a substring search, to keep the client's own cost small.
 */
function openStream(url: string, cookie: string, arrivals: Arrivals, counters: { duplicates: number }) {
  return new Promise<http.ClientRequest>((resolve, reject) => {
    const seen = new Set<string>()
    const req = http.get(url, { headers: { cookie, accept: 'text/event-stream' }, agent: false }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`stream answered ${res.statusCode}`))
        res.resume()
        return
      }
      res.setEncoding('utf8')
      let buffer = ''
      let isReady = false
      res.on('data', (chunk: string) => {
        const now = performance.now()
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          if (!isReady && block.includes('event: ready')) {
            isReady = true
            resolve(req)
            continue
          }
          if (!block.includes('event: activity')) continue
          const id = /"messageId":"([^"]+)"/.exec(block)?.[1]
          if (!id) continue
          if (seen.has(id)) {
            counters.duplicates++
            continue
          }
          seen.add(id)
          let list = arrivals.get(id)
          if (!list) arrivals.set(id, (list = []))
          list.push(now)
        }
      })
    })
    req.on('error', reject)
  })
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const round = (n: number) => Math.round(n * 10) / 10

async function main() {
  const serverUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const name = `homeward_live_bench_${process.pid}`
  const admin = new pg.Client({ connectionString: serverUrl })
  await admin.connect()
  await admin.query(`create database ${name}`)
  await admin.end()
  const dbUrl = new URL(serverUrl)
  dbUrl.pathname = `/${name}`
  const dropDatabase = async () => {
    const a = new pg.Client({ connectionString: serverUrl })
    await a.connect()
    await a.query(`drop database if exists ${name} with (force)`)
    await a.end()
  }

  try {
    console.log(
      `Homeward live-update benchmark: PostgreSQL, one server process, ${CLIENTS} event-stream clients on one ` +
        `transaction, a message every ${INTERVAL_MS} ms for ${SECONDS} s (load average at start ${loadavg()
          .map((n) => n.toFixed(2))
          .join(' ')})\n`,
    )
    const { txId, threadId, posterCookie, viewerCookies } = await seed(dbUrl.toString())
    const server = startServer({
      port: PORT,
      pollMs: 100,
      env: { DATABASE_URL: dbUrl.toString(), DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hw-live-bench-')) },
    })
    await server.ready
    const pid = server.child.pid!
    const base = `http://127.0.0.1:${PORT}`
    const rssIdle = rssMb(pid)

    const arrivals: Arrivals = new Map()
    const counters = { duplicates: 0 }
    const connectStarted = performance.now()
    const streams = await Promise.all(
      viewerCookies.map((cookie) => openStream(`${base}/api/transactions/${txId}/events`, cookie, arrivals, counters)),
    )
    const connectMs = Math.round(performance.now() - connectStarted)
    const rssConnected = rssMb(pid)

    const sentAt = new Map<string, number>()
    const postLatencies: number[] = []
    let failedPosts = 0
    const post = async (i: number, record: boolean) => {
      const t0 = performance.now()
      const res = await fetch(`${base}/api/transactions/${txId}/threads/${threadId}/messages`, {
        method: 'POST',
        headers: { cookie: posterCookie, 'content-type': 'application/json' },
        body: JSON.stringify({ body_md: `Benchmark message ${i}: the **searches** are back.`, mentions: [] }),
      })
      const body = await res.text()
      if (res.status !== 201) {
        failedPosts++
        console.error(`post ${i} answered ${res.status}: ${body.slice(0, 200)}`)
        return
      }
      postLatencies.push(performance.now() - t0)
      if (record) sentAt.set((JSON.parse(body) as { id: string }).id, t0)
    }

    // Warm-up: plans prepared, our code compiled; not measured.
    for (let i = 0; i < WARM_UP_POSTS; i++) {
      await post(-1 - i, false)
      await sleep(INTERVAL_MS)
    }
    await sleep(1_000)
    postLatencies.length = 0

    const total = Math.round((SECONDS * 1000) / INTERVAL_MS)
    const rssSamples: number[] = [rssMb(pid)]
    const cpuStart = cpuSeconds(pid)
    const started = performance.now()
    const sampler = setInterval(() => rssSamples.push(rssMb(pid)), RSS_EVERY_MS)
    const posts: Promise<void>[] = []
    for (let i = 0; i < total; i++) {
      const due = started + i * INTERVAL_MS
      const wait = due - performance.now()
      if (wait > 0) await sleep(wait)
      posts.push(post(i, true))
    }
    await Promise.all(posts)
    // Let the last deliveries land (at most 5 s), then take the last RSS sample.
    const expected = sentAt.size * CLIENTS
    const countDelivered = () => [...sentAt.keys()].reduce((n, id) => n + (arrivals.get(id)?.length ?? 0), 0)
    const waitUntil = performance.now() + 5_000
    while (countDelivered() < expected && performance.now() < waitUntil) await sleep(50)
    const elapsedS = (performance.now() - started) / 1000
    clearInterval(sampler)
    rssSamples.push(rssMb(pid))
    const cpuUsed = cpuSeconds(pid) - cpuStart

    const latencies: number[] = []
    const lastClient: number[] = []
    const spread: number[] = []
    for (const [id, t0] of sentAt) {
      const times = arrivals.get(id) ?? []
      for (const t of times) latencies.push(t - t0)
      if (times.length) {
        lastClient.push(Math.max(...times) - t0)
        spread.push(Math.max(...times) - Math.min(...times))
      }
    }
    latencies.sort((a, b) => a - b)
    lastClient.sort((a, b) => a - b)
    spread.sort((a, b) => a - b)
    postLatencies.sort((a, b) => a - b)
    const delivered = latencies.length

    console.log(`clients connected: ${streams.length} in ${connectMs} ms`)
    console.log(`messages posted:   ${sentAt.size} of ${total} (failed ${failedPosts})`)
    console.log(
      `deliveries:        ${delivered} of ${expected} (${((delivered / Math.max(expected, 1)) * 100).toFixed(2)}%), duplicates ${counters.duplicates}`,
    )
    console.log(
      `delivery latency:  p50 ${round(percentile(latencies, 50))} ms, p95 ${round(percentile(latencies, 95))} ms, ` +
        `p99 ${round(percentile(latencies, 99))} ms, max ${round(latencies[latencies.length - 1] ?? NaN)} ms (POST sent -> event parsed)`,
    )
    console.log(
      `to all ${CLIENTS} clients: p50 ${round(percentile(lastClient, 50))} ms, p99 ${round(percentile(lastClient, 99))} ms, ` +
        `max ${round(lastClient[lastClient.length - 1] ?? NaN)} ms (per message, until the last client has it)`,
    )
    console.log(
      `fan-out spread:    p50 ${round(percentile(spread, 50))} ms, p99 ${round(percentile(spread, 99))} ms, ` +
        `max ${round(spread[spread.length - 1] ?? NaN)} ms (per message, first client to last client)`,
    )
    console.log(
      `POST round trip:   p50 ${round(percentile(postLatencies, 50))} ms, p99 ${round(percentile(postLatencies, 99))} ms`,
    )
    console.log(
      `server RSS (MB):   idle ${rssIdle}, with ${CLIENTS} streams ${rssConnected}; during the run every ${RSS_EVERY_MS / 1000} s: ` +
        `first ${rssSamples[0]}, max ${Math.max(...rssSamples)}, last ${rssSamples[rssSamples.length - 1]} [${rssSamples.join(', ')}]`,
    )
    console.log(
      `server CPU:        ${cpuUsed.toFixed(1)} s over ${elapsedS.toFixed(1)} s (${Math.round((cpuUsed / elapsedS) * 100)}% of one core)`,
    )
    const pass = percentile(latencies, 99) <= 200 && delivered === expected && counters.duplicates === 0
    console.log(`\nTarget: p99 <= 200 ms with 100% delivered and no duplicates: ${pass ? 'met' : 'NOT met'}`)

    for (const req of streams) req.destroy()
    await server.stop()
  } finally {
    await dropDatabase()
  }
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
