/**
 * Server-Sent Events streams ('Live updates'). A transaction's stream sends each audit entry
 * (task ticks, stage and status changes, people joining, documents, chat messages) as it commits,
 * with the entry's per-transaction `seq` as the event id: entries get their seq under a lock held
 * until commit, so seqs arrive in order without gaps and a client that reconnects with Last-Event-ID
 * gets exactly what it missed from the database. A person's stream sends their new notifications.
 * Both check the session and access again every minute, and at once when the viewer's session ends
 * or their user changes on any process (the hub's viewer changes), and close when either is gone; they end with
 * `event: shutdown` when the process shuts down (the browser reconnects, to another process).
 */
import type { Context } from 'hono'
import { streamSSE, type SSEStreamingApi } from 'hono/streaming'
import { z } from 'zod'
import { canSeeTransaction } from '#server/access/transactions.ts'
import { activityReadableSql, viewerRoleOnTransactionSql } from '#server/access/activity.ts'
import { resolveViewer, type Viewer } from '#server/auth/viewer.ts'
import type { Config } from '#server/config.ts'
import type { Database } from '#server/db/client.ts'
import { oneRow, rows } from '#server/db/rows.ts'
import type { RealtimeHub } from '#server/platform/realtime/realtime-hub.ts'
import { transactionTopic, userTopic, type LiveAnnouncement } from '#server/platform/realtime/realtime-hub.ts'

/** What a live stream needs of the app: the database, the hub it listens on, and the session settings to re-check the viewer. */
export interface StreamDeps {
  database: Database
  realtime: RealtimeHub
  config: Pick<Config, 'authSecret' | 'secure' | 'SESSION_MAX_DAYS'>
}

/** Comment line sent this often so that proxies keep the connection open (ms). */
export const KEEP_ALIVE_MS = 25_000
/** Session and access are checked again after this many keep-alives (about a minute). */
const RECHECK_EVERY = 2
/**
 * The keep-alive period (ms) and re-check cadence that streams opened from now on use: the values
 * above in production. Tests shorten them to see a revoked stream close without waiting a minute.
 */
export const liveTimings = { keepAliveMs: KEEP_ALIVE_MS, recheckEvery: RECHECK_EVERY, viewerRecheckMs: 1_000 }
/** Most entries sent in one catch-up after a reconnect; a client further behind reloads. */
const CATCH_UP_LIMIT = 500
/** Browsers wait this long before reconnecting (ms). */
const RETRY_MS = 3_000
/**
 * After `event: shutdown`, browsers reconnect after a random wait in this range (ms): soon, as another
 * process is there behind the proxy, but spread so that they do not all arrive in the same instant.
 */
export const SHUTDOWN_RETRY_MS = { min: 500, max: 2_500 }

/** An activity entry as the stream sends it: a catch-up row, or the data of its announcement (core/audit/record-activity.ts). */
const LiveEventData = z.object({
  seq: z.number(),
  kind: z.string(),
  actor_id: z.string().nullable(),
  created_at: z.string(),
  payload: z.record(z.string(), z.unknown()),
  /** Who may read the entry (decision 052); never sent on. */
  audience: z.string(),
})
type LiveEventData = z.output<typeof LiveEventData>

/**
 * An announcement's data as LiveEventData, or null for another shape. Every stream of the move gets
 * the same announcement object, so it is parsed once however many browsers listen (the fan-out path).
 */
const parsedAnnouncements = new WeakMap<object, LiveEventData | null>()
function liveEventOf(a: LiveAnnouncement): LiveEventData | null {
  let parsed = parsedAnnouncements.get(a.data)
  if (parsed === undefined) {
    const result = LiveEventData.safeParse(a.data)
    parsed = result.success ? result.data : null
    parsedAnnouncements.set(a.data, parsed)
  }
  return parsed
}

/** The newest entry's seq of a move's activity, 0 for none. */
async function newestSeq(database: Database, txId: string): Promise<number> {
  const res = await database.query(
    'select coalesce(max(seq), 0) as seq from activity_events where transaction_id = $1',
    [txId],
  )
  return oneRow(z.object({ seq: z.number() }), res).seq
}

/**
 * Keeps the stream open with comments, re-checking `stillAllowed` every `recheckEvery` keep-alives;
 * when it answers false, sends `event: revoked` (the browser stops reconnecting) and resolves, which
 * ends the stream. Resolves at once when the client goes away. When the process shuts down (the
 * hub's endStreams), sends `event: shutdown` with a short random `retry` and resolves. One abort
 * listener per stream.
 */
async function keepAlive(
  stream: SSEStreamingApi,
  realtime: Pick<RealtimeHub, 'onShutdown' | 'isShuttingDown' | 'onViewerChange'>,
  authId: string,
  stillAllowed: () => Promise<boolean>,
): Promise<void> {
  const { keepAliveMs, recheckEvery, viewerRecheckMs } = liveTimings
  let wake: (() => void) | undefined
  let shutdown = realtime.isShuttingDown()
  /** A change to the viewer was announced: re-check now, and again after viewerRecheckMs. */
  let recheckNow = false
  const timers = new Set<NodeJS.Timeout>()
  const askRecheck = () => {
    recheckNow = true
    wake?.()
  }
  stream.onAbort(() => wake?.())
  const unshutdown = realtime.onShutdown(() => {
    shutdown = true
    wake?.()
  })
  // A session ended (signed out, revoked) or the user changed, on this process or any other (the
  // hub's VIEWER_CHANNEL): re-checked at once rather than at the next periodic re-check, and once
  // more a moment later in case this process's viewer cache heard of it after this listener.
  const unviewer = realtime.onViewerChange((changed) => {
    if (changed !== authId) return
    askRecheck()
    const again = setTimeout(() => {
      timers.delete(again)
      askRecheck()
    }, viewerRecheckMs)
    timers.add(again)
  })
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      if (recheckNow) return resolve()
      const timer = setTimeout(resolve, ms)
      wake = () => {
        clearTimeout(timer)
        resolve()
      }
    })
  const ended = () => stream.aborted || stream.closed || shutdown
  try {
    let ticks = 0
    while (!ended()) {
      await pause(keepAliveMs)
      if (ended()) break
      if (recheckNow) {
        recheckNow = false
        if (!(await stillAllowed().catch(() => true))) {
          await stream.writeSSE({ event: 'revoked', data: '{}' })
          return
        }
        continue
      }
      await stream.write(': keep-alive\n\n')
      if (++ticks % recheckEvery === 0 && !(await stillAllowed().catch(() => true))) {
        await stream.writeSSE({ event: 'revoked', data: '{}' })
        return
      }
    }
    if (shutdown && !stream.aborted && !stream.closed) {
      const { min, max } = SHUTDOWN_RETRY_MS
      await stream.writeSSE({ event: 'shutdown', data: '{}', retry: Math.round(min + Math.random() * (max - min)) })
    }
  } finally {
    unshutdown()
    unviewer()
    for (const timer of timers) clearTimeout(timer)
  }
}

/** Parses Last-Event-ID (header, or `lastEventId` in the query for manual reconnects); null when absent. */
function lastEventIdOf(c: Context): number | null {
  const raw = c.req.header('last-event-id') ?? c.req.query('lastEventId')
  if (raw === undefined || !/^\d{1,9}$/.test(raw)) return null
  return Number(raw)
}

/** SQL: the entry `$2` of move `$1` exists and the profile `$3` may read it (access/activity.ts). */
const READABLE_ENTRY_SQL = `select 1 as one from activity_events e
  cross join (select ${viewerRoleOnTransactionSql('$1', '$3')} as role) vr
  where e.transaction_id = $1 and e.seq = $2 and ${activityReadableSql('e', 'vr.role', '$3')}`

/**
 * GET /api/transactions/{txId}/events: the caller has already checked that the viewer may see txId.
 * Only the entries the viewer may read are sent (decision 052): an entry for everyone that names no
 * document goes straight out; any other is checked against its stored row first.
 */
export function transactionEventStream(c: Context, deps: StreamDeps, viewer: Viewer, txId: string): Response {
  const { database, realtime, config } = deps
  const cookieHeader = c.req.header('cookie')
  const resumeFrom = lastEventIdOf(c)
  return streamSSE(c, async (stream) => {
    let lastSent = 0
    let buffered: LiveEventData[] | null = []
    let chain: Promise<void> = Promise.resolve()
    const enqueue = (work: () => Promise<void>) => {
      chain = chain.then(work).catch(() => stream.abort())
    }
    const readable = async (data: LiveEventData) =>
      (data.audience === 'everyone' && data.payload.documentId === undefined) ||
      (await database.query(READABLE_ENTRY_SQL, [txId, data.seq, viewer.profileId])).length > 0
    const send = async (data: LiveEventData) => {
      if (data.seq <= lastSent || stream.aborted) return
      lastSent = data.seq
      if (!(await readable(data))) return
      const { audience: _audience, ...shown } = data
      await stream.writeSSE({ event: 'activity', id: String(data.seq), data: JSON.stringify(shown) })
    }
    const catchUp = async () => {
      const entries = rows(
        LiveEventData,
        await database.query(
          `select seq, kind, actor_id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
           payload, audience
         from activity_events where transaction_id = $1 and seq > $2 order by seq limit ${CATCH_UP_LIMIT}`,
          [txId, lastSent],
        ),
      )
      if (entries.length === CATCH_UP_LIMIT) {
        // Too far behind to replay: tell the client to reload everything, and continue from the newest.
        await stream.writeSSE({ event: 'reload', data: '{}' })
        lastSent = await newestSeq(database, txId)
        return
      }
      for (const row of entries) await send(row)
    }

    const unsubscribe = realtime.subscribe(transactionTopic(txId), (a: LiveAnnouncement) => {
      // The hub ignores malformed JSON; this ignores an announcement of another shape (none is sent on this topic).
      const data = liveEventOf(a)
      if (!data) return
      if (buffered) buffered.push(data)
      else enqueue(() => send(data))
      if (data.kind.startsWith('participant.')) {
        enqueue(async () => {
          if (await recheck()) return
          await stream.writeSSE({ event: 'revoked', data: '{}' })
          stream.abort()
        })
      }
    })
    const unresync = realtime.onResync(() => enqueue(catchUp))
    const recheck = async () => {
      const current = await resolveViewer({
        database,
        cookieHeader,
        secret: config.authSecret,
        secure: config.secure,
        maxSessionDays: config.SESSION_MAX_DAYS,
      })
      return !!current && current.profileId === viewer.profileId && (await canSeeTransaction(database, current, txId))
    }
    stream.onAbort(() => {
      unsubscribe()
      unresync()
    })
    try {
      if (resumeFrom === null) {
        lastSent = await newestSeq(database, txId)
      } else {
        lastSent = resumeFrom
      }
      await stream.writeSSE({ event: 'ready', data: JSON.stringify({ seq: lastSent }), retry: RETRY_MS })
      if (resumeFrom !== null) await catchUp()
      const pending = buffered.sort((a, b) => a.seq - b.seq)
      buffered = null
      for (const data of pending) await send(data)
      await keepAlive(stream, realtime, viewer.authId, recheck)
    } finally {
      unsubscribe()
      unresync()
    }
  })
}

/** GET /api/notifications/stream: the viewer's new notifications as they are written. */
export function notificationStream(c: Context, deps: StreamDeps, viewer: Viewer): Response {
  const { database, realtime, config } = deps
  const cookieHeader = c.req.header('cookie')
  return streamSSE(c, async (stream) => {
    let chain: Promise<void> = Promise.resolve()
    const enqueue = (work: () => Promise<void>) => {
      chain = chain.then(work).catch(() => stream.abort())
    }
    const unsubscribe = realtime.subscribe(userTopic(viewer.profileId), (a) =>
      enqueue(() => stream.writeSSE({ event: 'notification', data: JSON.stringify(a.data) })),
    )
    const unresync = realtime.onResync(() => enqueue(() => stream.writeSSE({ event: 'reload', data: '{}' })))
    stream.onAbort(() => {
      unsubscribe()
      unresync()
    })
    try {
      await stream.writeSSE({ event: 'ready', data: '{}', retry: RETRY_MS })
      await keepAlive(stream, realtime, viewer.authId, async () => {
        const current = await resolveViewer({
          database,
          cookieHeader,
          secret: config.authSecret,
          secure: config.secure,
          maxSessionDays: config.SESSION_MAX_DAYS,
        })
        return current?.profileId === viewer.profileId
      })
    } finally {
      unsubscribe()
      unresync()
    }
  })
}
