/**
 * Live updates through a real HTTP server: a transaction's event stream delivers each change
 * as it commits (chat messages, task ticks, status changes) with increasing ids, resumes after
 * Last-Event-ID with exactly what was missed, is open to participants only and closes when someone is
 * removed, never announces a rolled-back change, and the notification stream tells a person they were
 * mentioned. On PostgreSQL, two server processes share one database: a message posted through one
 * reaches a stream connected to the other (LISTEN/NOTIFY fan-out).
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createTransaction } from '#server/test/factories.ts'
import { createLogger } from '#server/logger.ts'
import { startServer, type RunningServer } from '#server/server.ts'
import { TEST_PUBLIC_URL, testConfig, type TestUser, useTestApp } from '#server/test/test-app.ts'
import { recordActivity } from '#server/core/audit/record-activity.ts'
import { liveTimings } from '#server/core/live/event-stream.ts'

const root = path.resolve(__dirname, '../../../..')

interface SseEvent {
  event: string
  id?: string
  data: string
}

interface ActivityData {
  seq: number
  kind: string
  actor_id: string | null
  payload: Record<string, unknown>
}

/**
 * A minimal Server-Sent Events reader over fetch: events queue up until `next()` takes them; comment
 * lines (keep-alives) are skipped. `ended` resolves when the server closes the stream.
 */
class SseClient {
  private queue: SseEvent[] = []
  private waiters: { resolve: (e: SseEvent) => void; reject: (err: Error) => void }[] = []
  private controller = new AbortController()
  private done = false
  ended: Promise<void>

  private constructor(body: ReadableStream<Uint8Array>) {
    this.ended = this.read(body)
  }

  /** Opens the stream; returns the HTTP status and, on 200, the client. */
  static async open(
    url: string,
    options: { cookie?: string; lastEventId?: string } = {},
  ): Promise<{ status: number; contentType: string | null; client?: SseClient }> {
    const headers: Record<string, string> = { accept: 'text/event-stream' }
    if (options.cookie) headers.cookie = options.cookie
    if (options.lastEventId !== undefined) headers['last-event-id'] = options.lastEventId
    const controller = new AbortController()
    const res = await fetch(url, { headers, signal: controller.signal })
    const contentType = res.headers.get('content-type')
    if (res.status !== 200 || !res.body) {
      await res.body?.cancel()
      return { status: res.status, contentType }
    }
    const client = new SseClient(res.body)
    client.controller = controller
    return { status: res.status, contentType, client }
  }

  private async read(body: ReadableStream<Uint8Array>): Promise<void> {
    const reader = body.getReader()
    const decoder = new TextDecoder()
    let buffer = ''
    try {
      for (;;) {
        const { done, value } = await reader.read()
        if (done) break
        buffer += decoder.decode(value, { stream: true })
        let end: number
        while ((end = buffer.search(/\r?\n\r?\n/)) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end).replace(/^\r?\n\r?\n/, '')
          this.dispatch(block)
        }
      }
    } catch {
      // Aborted by close(): the stream is over either way.
    } finally {
      this.done = true
      for (const w of this.waiters.splice(0)) w.reject(new Error('stream ended'))
    }
  }

  private dispatch(block: string) {
    const event: SseEvent = { event: 'message', data: '' }
    const data: string[] = []
    let any = false
    for (const line of block.split(/\r?\n/)) {
      if (line === '' || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon < 0 ? line : line.slice(0, colon)
      const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '')
      if (field === 'event') event.event = value
      else if (field === 'id') event.id = value
      else if (field === 'data') data.push(value)
      else continue
      any = true
    }
    if (!any) return
    event.data = data.join('\n')
    const waiter = this.waiters.shift()
    if (waiter) waiter.resolve(event)
    else this.queue.push(event)
  }

  /** The next event, waiting up to `timeoutMs`; rejects when the stream ends first. */
  next(timeoutMs = 5_000): Promise<SseEvent> {
    const queued = this.queue.shift()
    if (queued) return Promise.resolve(queued)
    if (this.done) return Promise.reject(new Error('stream ended'))
    return new Promise((resolve, reject) => {
      const waiter = {
        resolve: (e: SseEvent) => {
          clearTimeout(timer)
          resolve(e)
        },
        reject: (err: Error) => {
          clearTimeout(timer)
          reject(err)
        },
      }
      const timer = setTimeout(() => {
        this.waiters.splice(this.waiters.indexOf(waiter), 1)
        reject(new Error(`no event within ${timeoutMs} ms`))
      }, timeoutMs)
      this.waiters.push(waiter)
    })
  }

  /** The next event, which must be an `activity` whose id is its seq. */
  async nextActivity(timeoutMs?: number): Promise<ActivityData & { id: number }> {
    const e = await this.next(timeoutMs)
    expect(e.event, `expected an activity event, got ${e.event}: ${e.data}`).toBe('activity')
    const data = JSON.parse(e.data) as ActivityData
    expect(Number(e.id)).toBe(data.seq)
    return { ...data, id: Number(e.id) }
  }

  /** Resolves true when the server has closed the stream within `timeoutMs`. */
  async endsWithin(timeoutMs: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), timeoutMs)))
    const result = await Promise.race([this.ended.then(() => true as const), timeout])
    clearTimeout(timer)
    return result
  }

  close() {
    this.controller.abort()
  }
}

const t = useTestApp()
let server: RunningServer
let buyer: TestUser
let seller: TestUser
let conveyancer: TestUser
let outsider: TestUser
let txId: string
let generalId: string
const openClients: SseClient[] = []

beforeAll(async () => {
  // The real HTTP server over the same database; the test database closes itself in t.close().
  server = await startServer({
    config: testConfig({ PORT: 0, DATABASE_URL: t.testDatabase.url }),
    log: createLogger('silent'),
    database: { ...t.database, close: async () => {} },
  })
  buyer = await t.signUp({ role: 'buyer', name: 'Bea Buyer' })
  seller = await t.signUp({ role: 'seller', name: 'Sam Seller' })
  conveyancer = await t.signUp({ role: 'conveyancer', name: 'Cora Conveyancer' })
  outsider = await t.signUp({ role: 'buyer', name: 'Olly Outsider' })
  const inserted = await createTransaction(t.database, {
    status: 'draft',
    buyerProfileId: buyer.profileId,
    sellerProfileId: seller.profileId,
    participants: [{ profileId: conveyancer.profileId, role: 'buyer_conveyancer' }],
  })
  txId = inserted.transactionId
  const [general] = await t.database.query<{ id: string }>(
    `select id from message_threads where transaction_id = $1 and topic = 'general'`,
    [txId],
  )
  generalId = general.id
})

afterEach(() => {
  for (const c of openClients.splice(0)) c.close()
})

afterAll(async () => {
  for (const c of openClients.splice(0)) c.close()
  await server?.close()
})

/** Opens a stream through the real server and tracks it for closing after the test. */
async function open(pathname: string, as: TestUser | null, lastEventId?: string) {
  const opened = await SseClient.open(`${server.url}${pathname}`, { cookie: as?.cookie, lastEventId })
  if (opened.client) openClients.push(opened.client)
  return opened
}

/** Opens the transaction's stream for `as` and reads its `ready` event; returns the client and ready's seq. */
async function openEvents(as: TestUser, lastEventId?: string, tx = txId) {
  const { status, client } = await open(`/api/transactions/${tx}/events`, as, lastEventId)
  expect(status).toBe(200)
  const ready = await client!.next()
  expect(ready.event).toBe('ready')
  return { client: client!, readySeq: (JSON.parse(ready.data) as { seq: number }).seq }
}

/** Sends a JSON request to the real server as `as`. */
function api(pathname: string, as: TestUser | null, init: { method?: string; json?: unknown } = {}) {
  const headers: Record<string, string> = {}
  if (as) headers.cookie = as.cookie
  if (init.json !== undefined) headers['content-type'] = 'application/json'
  return fetch(`${server.url}${pathname}`, {
    method: init.method ?? (init.json !== undefined ? 'POST' : 'GET'),
    headers,
    body: init.json !== undefined ? JSON.stringify(init.json) : undefined,
  })
}

/** Posts in General through the real server; returns the message id. */
async function postMessage(as: TestUser, body_md: string, mentions: string[] = [], tx = txId, thread = generalId) {
  const res = await api(`/api/transactions/${tx}/threads/${thread}/messages`, as, { json: { body_md, mentions } })
  expect(res.status, await res.clone().text()).toBe(201)
  return ((await res.json()) as { id: string }).id
}

describe('a participant’s transaction stream', () => {
  it('sends ready, then a message, a task tick and a status change by others, with increasing ids', async () => {
    const { client, readySeq } = await openEvents(seller)

    const messageId = await postMessage(buyer, 'Survey booked for Tuesday')
    const message = await client.nextActivity()
    expect(message).toMatchObject({
      kind: 'message.posted',
      actor_id: buyer.profileId,
      payload: { threadId: generalId, messageId },
    })
    expect(message.id).toBeGreaterThan(readySeq)

    const [task] = await t.database.query<{ id: string; version: number }>(
      `select k.id, k.version from tasks k join timeline_stages s on s.id = k.stage_id
       where s.transaction_id = $1 and k.owner_side in ('buyer_side', 'buyer') and k.status = 'not_completed'
       order by s.sort_index, k.sort_index limit 1`,
      [txId],
    )
    const tick = await api(`/api/transactions/${txId}/tasks/${task.id}`, buyer, {
      method: 'PATCH',
      json: { status: 'completed', version: task.version },
    })
    expect(tick.status).toBe(200)
    const ticked = await client.nextActivity()
    expect(ticked).toMatchObject({ kind: 'task.completed', actor_id: buyer.profileId, payload: { taskId: task.id } })
    expect(ticked.id).toBe(message.id + 1)

    const [{ version }] = await t.database.query<{ version: number }>(
      'select version from transactions where id = $1',
      [txId],
    )
    const activate = await api(`/api/transactions/${txId}/status`, conveyancer, {
      json: { action: 'activate', version },
    })
    expect(activate.status, await activate.clone().text()).toBe(200)
    const status = await client.nextActivity()
    expect(status).toMatchObject({
      kind: 'status.changed',
      actor_id: conveyancer.profileId,
      payload: { from: 'draft', to: 'active' },
    })
    expect(status.id).toBe(ticked.id + 1)
  })

  it('resumes after Last-Event-ID with exactly the missed events, in order, without duplicates', async () => {
    const first = await openEvents(seller)
    await postMessage(buyer, 'Before the disconnect')
    const seen = await first.client.nextActivity()
    first.client.close()
    await first.client.ended

    const missed = [await postMessage(buyer, 'Missed one'), await postMessage(conveyancer, 'Missed two')]

    const resumed = await openEvents(seller, String(seen.id))
    expect(resumed.readySeq).toBe(seen.id)
    const a = await resumed.client.nextActivity()
    const b = await resumed.client.nextActivity()
    expect([a.payload.messageId, b.payload.messageId]).toEqual(missed)
    expect([a.id, b.id]).toEqual([seen.id + 1, seen.id + 2])

    // Nothing else was queued: the next event is the next live change, not a repeat.
    const live = await postMessage(buyer, 'After the reconnect')
    const c = await resumed.client.nextActivity()
    expect(c).toMatchObject({ id: seen.id + 3, payload: { messageId: live } })
  })

  it('resumes from ?lastEventId= too (manual reconnects), and without an id starts from now', async () => {
    const { readySeq } = await openEvents(seller)
    const missed = await postMessage(buyer, 'Missed while away')

    const { status, client } = await open(`/api/transactions/${txId}/events?lastEventId=${readySeq}`, seller)
    expect(status).toBe(200)
    expect((await client!.next()).event).toBe('ready')
    expect(await client!.nextActivity()).toMatchObject({ id: readySeq + 1, payload: { messageId: missed } })

    // A fresh connection does not replay history.
    const fresh = await openEvents(seller)
    expect(fresh.readySeq).toBe(readySeq + 1)
    const next = await postMessage(buyer, 'Only this one')
    expect(await fresh.client.nextActivity()).toMatchObject({ id: readySeq + 2, payload: { messageId: next } })
  })
})

describe('only participants', () => {
  it.each([
    ['an outsider', () => outsider, 404],
    ['anonymous', () => null, 401],
  ])('%s gets %i JSON and no stream', async (_label, who, expected) => {
    const { status, contentType, client } = await open(`/api/transactions/${txId}/events`, who())
    expect(status).toBe(expected)
    expect(contentType).toMatch(/application\/json/)
    expect(client).toBeUndefined()
  })

  it('anonymous gets 401 from the notification stream', async () => {
    const { status, client } = await open('/api/notifications/stream', null)
    expect(status).toBe(401)
    expect(client).toBeUndefined()
  })

  it('a participant removed from the move stops receiving at the next participant.* event', async () => {
    const agent = await t.signUp({ role: 'buyer', name: 'Ana Agent' })
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role) values ($1, $2, 'estate_agent')`,
      [txId, agent.profileId],
    )
    const watcher = await openEvents(seller)
    const removed = await openEvents(agent)
    const before = await postMessage(buyer, 'Agent still here')
    expect((await removed.client.nextActivity()).payload.messageId).toBe(before)
    expect((await watcher.client.nextActivity()).payload.messageId).toBe(before)

    // Removal as a removal feature would write it: the row goes and the change is announced.
    await t.database.db.transaction(async (tx) => {
      await tx.execute(
        sql`delete from transaction_participants where transaction_id = ${txId} and user_id = ${agent.profileId}`,
      )
      await recordActivity(tx, {
        transactionId: txId,
        actorId: conveyancer.profileId,
        kind: 'participant.removed',
        summary: 'removed the estate agent',
        payload: { profileId: agent.profileId },
      })
    })
    expect(await removed.client.endsWithin(5_000)).toBe(true)
    expect((await watcher.client.nextActivity()).kind).toBe('participant.removed')

    const after = await postMessage(buyer, 'Agent gone')
    expect((await watcher.client.nextActivity()).payload.messageId).toBe(after)
    // The removal itself may still reach them (it is about them), then `revoked`; nothing after it.
    const leftovers: SseEvent[] = []
    for (;;) {
      const e = await removed.client.next(100).catch(() => null)
      if (!e) break
      leftovers.push(e)
    }
    const revoked = leftovers.filter((e) => e.event === 'revoked')
    const activity = leftovers.filter((e) => e.event === 'activity')
    expect(revoked).toHaveLength(1)
    expect(activity.map((e) => (JSON.parse(e.data) as ActivityData).kind)).toEqual(
      activity.length ? ['participant.removed'] : [],
    )
    expect((await open(`/api/transactions/${txId}/events`, agent)).status).toBe(404)
  })

  it('a participant removed without any event is cut off by the periodic re-check', async () => {
    const agent = await t.signUp({ role: 'buyer', name: 'Quiet Removal' })
    await t.database.query(
      `insert into transaction_participants (transaction_id, user_id, role) values ($1, $2, 'estate_agent')`,
      [txId, agent.profileId],
    )
    const saved = { ...liveTimings }
    // Production: a keep-alive every 25 s and a re-check every second one; here every 2 x 50 ms.
    Object.assign(liveTimings, { keepAliveMs: 50, recheckEvery: 2 })
    try {
      const stayer = await openEvents(seller)
      const leaver = await openEvents(agent)
      // Still allowed: several re-checks pass and the stream stays open.
      expect(await leaver.client.endsWithin(400)).toBe(false)
      await t.database.query('delete from transaction_participants where transaction_id = $1 and user_id = $2', [
        txId,
        agent.profileId,
      ])
      expect(await leaver.client.endsWithin(3_000)).toBe(true)
      expect(await stayer.client.endsWithin(200)).toBe(false)
    } finally {
      Object.assign(liveTimings, saved)
    }
  })

  it('a stream of another transaction never sees this one’s events', async () => {
    const other = await createTransaction(t.database, { buyerProfileId: outsider.profileId })
    const outsiders = await openEvents(outsider, undefined, other.transactionId)
    await postMessage(buyer, 'Not for the outsider')
    const [otherGeneral] = await t.database.query<{ id: string }>(
      `select id from message_threads where transaction_id = $1 and topic = 'general'`,
      [other.transactionId],
    )
    const own = await postMessage(outsider, 'Their own move', [], other.transactionId, otherGeneral.id)
    expect(await outsiders.client.nextActivity()).toMatchObject({ payload: { messageId: own } })
  })
})

describe('rolled-back changes', () => {
  it('a post refused for mentioning a non-participant announces nothing', async () => {
    const { client, readySeq } = await openEvents(seller)
    const refused = await api(`/api/transactions/${txId}/threads/${generalId}/messages`, buyer, {
      json: { body_md: 'Hey @Olly', mentions: [outsider.profileId] },
    })
    expect(refused.status).toBe(400)
    const ok = await postMessage(buyer, 'Without the mention')
    // Announcements arrive in commit order, so the refused post would have come first.
    expect(await client.nextActivity()).toMatchObject({ id: readySeq + 1, payload: { messageId: ok } })
  })

  it('an audit entry announced inside a transaction that rolls back is never sent', async () => {
    const { client, readySeq } = await openEvents(seller)
    await expect(
      t.database.db.transaction(async (tx) => {
        await recordActivity(tx, {
          transactionId: txId,
          actorId: buyer.profileId,
          kind: 'task.completed',
          summary: 'ticked something that then failed',
          payload: { taskId: 'rolled-back' },
        })
        throw new Error('fails after the announcement')
      }),
    ).rejects.toThrow(/fails after the announcement/)
    const ok = await postMessage(buyer, 'After the rollback')
    expect(await client.nextActivity()).toMatchObject({
      id: readySeq + 1,
      kind: 'message.posted',
      payload: { messageId: ok },
    })
  })
})

describe('notification stream', () => {
  it('tells the mentioned person at once, and only them', async () => {
    const { status, client } = await open('/api/notifications/stream', conveyancer)
    expect(status).toBe(200)
    expect((await client!.next()).event).toBe('ready')
    const sellers = await open('/api/notifications/stream', seller)
    expect((await sellers.client!.next()).event).toBe('ready')

    await postMessage(buyer, 'Hi @Cora Conveyancer, any news?', [conveyancer.profileId])
    const e = await client!.next()
    expect(e.event).toBe('notification')
    expect(JSON.parse(e.data)).toMatchObject({
      kind: 'mention',
      title: 'Bea Buyer mentioned you in General',
      transaction_id: txId,
    })

    await postMessage(buyer, 'And @Sam Seller', [seller.profileId])
    const own = await sellers.client!.next()
    expect(JSON.parse(own.data)).toMatchObject({ kind: 'mention', title: 'Bea Buyer mentioned you in General' })
    expect(JSON.parse(own.data).body).toContain('And @Sam Seller')
  })
})

/** A server process (`tsx src/server/main.ts`) on the test's PostgreSQL database, on a free port. */
function serverProcess(databaseUrl: string) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: databaseUrl,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      NODE_ENV: 'test',
      DB_POOL_MAX: '3',
      DATA_DIR: mkdtempSync(path.join(tmpdir(), 'hw-live-')),
      BETTER_AUTH_SECRET: testConfig().authSecret,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  let stderr = ''
  child.stdout!.on('data', (d) => (stdout += d))
  child.stderr!.on('data', (d) => (stderr += d))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  // Resolves with the server's URL once it says it is running (PORT 0: the port it was given).
  const ready = new Promise<string>((resolve, reject) => {
    const timer = setInterval(() => {
      const port = /Homeward is running at http:\/\/localhost:(\d+)/.exec(stdout)?.[1]
      if (port) {
        clearInterval(timer)
        resolve(`http://127.0.0.1:${port}`)
      }
    }, 50)
    void exited.then(() => {
      clearInterval(timer)
      reject(new Error(`server exited early: ${stderr}`))
    })
  })
  return { child, ready, exited }
}

describe('shutdown', () => {
  it('ends both kinds of stream with event: shutdown, fails readiness at once and closes within the deadline', async () => {
    // A server of its own, so that the shared one stays up for the other tests.
    const closing = await startServer({
      config: testConfig({ PORT: 0, DATABASE_URL: t.testDatabase.url, SHUTDOWN_DEADLINE_MS: 5_000 }),
      log: createLogger('silent'),
      database: { ...t.database, close: async () => {} },
    })
    const opened = await Promise.all([
      SseClient.open(`${closing.url}/api/transactions/${txId}/events`, { cookie: buyer.cookie }),
      SseClient.open(`${closing.url}/api/notifications/stream`, { cookie: buyer.cookie }),
    ])
    const clients = opened.map((o) => o.client!)
    for (const client of clients) {
      openClients.push(client)
      expect((await client.next()).event).toBe('ready')
    }
    expect(await (await fetch(`${closing.url}/api/health/ready`)).json()).toEqual({ status: 'ready', reasons: [] })

    const started = performance.now()
    const closed = closing.close()
    expect(closing.lifecycle.notReady()).toContain('draining')
    for (const client of clients) {
      expect((await client.next()).event).toBe('shutdown')
      await client.ended
    }
    await closed
    // Well before the 5 s deadline: the streams did not hold the server open.
    expect(performance.now() - started).toBeLessThan(4_000)
    await expect(fetch(`${closing.url}/api/health/live`)).rejects.toThrow()
  })
})

/** A new person on the move (an estate agent), signed in: their own session, to end. */
async function participantToSignOut(name: string) {
  const person = await t.signUp({ role: 'buyer', name })
  await t.database.query(
    `insert into transaction_participants (transaction_id, user_id, role) values ($1, $2, 'estate_agent')`,
    [txId, person.profileId],
  )
  return person
}

describe('sessions that end', () => {
  // Production timings (a re-check about every 50 s): a stream must end on the announcement of the
  // session's end, not at its next periodic re-check.
  it('a signed-out session’s open streams end within 5 s, and a revoked one’s too', async () => {
    expect(liveTimings.keepAliveMs).toBe(25_000)
    const leaver = await participantToSignOut('Sian Signout')
    const events = await openEvents(leaver)
    const bell = await open('/api/notifications/stream', leaver)
    expect((await bell.client!.next()).event).toBe('ready')
    const stayer = await openEvents(seller)
    const out = await fetch(`${server.url}/api/auth/sign-out`, {
      method: 'POST',
      headers: { cookie: leaver.cookie, 'content-type': 'application/json', origin: TEST_PUBLIC_URL },
      body: '{}',
    })
    expect(out.status).toBe(200)
    expect(await events.client.endsWithin(5_000)).toBe(true)
    expect(await bell.client!.endsWithin(5_000)).toBe(true)
    expect(await stayer.client.endsWithin(200)).toBe(false)

    // Revoked from elsewhere (another device's "sign out", or an operator): the session row goes.
    const revoked = await participantToSignOut('Rhys Revoked')
    const theirs = await openEvents(revoked)
    await t.database.query(`delete from session where user_id = (select auth_id from profiles where id = $1)`, [
      revoked.profileId,
    ])
    expect(await theirs.client.endsWithin(5_000)).toBe(true)
    expect(await stayer.client.endsWithin(200)).toBe(false)
  })
})

describe('two server processes on one PostgreSQL', () => {
  const children: { child: ChildProcess; exited: Promise<number | null> }[] = []
  /** Processes A and B, started once for the tests below. */
  let pair: Promise<[string, string]> | undefined
  const processes = () =>
    (pair ??= (async () => {
      const a = serverProcess(t.testDatabase.url!)
      const b = serverProcess(t.testDatabase.url!)
      children.push(a, b)
      return (await Promise.all([a.ready, b.ready])) as [string, string]
    })())
  afterAll(async () => {
    for (const { child, exited } of children) {
      child.kill('SIGTERM')
      await exited
    }
  })

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a message posted through process A reaches streams connected to process B (PGlite: skipped, in-process only)',
    async () => {
      const [aUrl, bUrl] = await processes()

      const events = await SseClient.open(`${bUrl}/api/transactions/${txId}/events`, { cookie: conveyancer.cookie })
      expect(events.status).toBe(200)
      openClients.push(events.client!)
      const ready = await events.client!.next()
      expect(ready.event).toBe('ready')
      const bell = await SseClient.open(`${bUrl}/api/notifications/stream`, { cookie: conveyancer.cookie })
      openClients.push(bell.client!)
      expect((await bell.client!.next()).event).toBe('ready')

      const res = await fetch(`${aUrl}/api/transactions/${txId}/threads/${generalId}/messages`, {
        method: 'POST',
        headers: { cookie: buyer.cookie, 'content-type': 'application/json' },
        body: JSON.stringify({ body_md: 'Posted on A, @Cora Conveyancer', mentions: [conveyancer.profileId] }),
      })
      expect(res.status).toBe(201)
      const { id: messageId } = (await res.json()) as { id: string }

      const activity = await events.client!.nextActivity()
      expect(activity).toMatchObject({
        id: (JSON.parse(ready.data) as { seq: number }).seq + 1,
        kind: 'message.posted',
        payload: { messageId, threadId: generalId },
      })
      const notification = await bell.client!.next()
      expect(notification.event).toBe('notification')
      expect(JSON.parse(notification.data)).toMatchObject({ kind: 'mention', transaction_id: txId })
    },
    90_000,
  )

  it.skipIf(!process.env.TEST_DATABASE_URL)(
    'a sign-out on process A ends the session’s open streams on process B within 5 s',
    async () => {
      const [aUrl, bUrl] = await processes()
      const leaver = await participantToSignOut('Bryn Bothprocesses')
      const events = await SseClient.open(`${bUrl}/api/transactions/${txId}/events`, { cookie: leaver.cookie })
      expect(events.status).toBe(200)
      openClients.push(events.client!)
      expect((await events.client!.next()).event).toBe('ready')
      const bell = await SseClient.open(`${bUrl}/api/notifications/stream`, { cookie: leaver.cookie })
      openClients.push(bell.client!)
      expect((await bell.client!.next()).event).toBe('ready')
      const out = await fetch(`${aUrl}/api/auth/sign-out`, {
        method: 'POST',
        headers: { cookie: leaver.cookie, 'content-type': 'application/json', origin: aUrl },
        body: '{}',
      })
      expect(out.status).toBe(200)
      const started = performance.now()
      expect(await events.client!.endsWithin(5_000)).toBe(true)
      expect(await bell.client!.endsWithin(5_000)).toBe(true)
      expect(performance.now() - started).toBeLessThan(5_000)
    },
    90_000,
  )
})
