/**
 * Live fan-out across server processes. Changes are announced with PostgreSQL NOTIFY on one
 * channel from inside the database transaction that makes them, so an announcement exists exactly
 * when the change commits; every server process LISTENs once and hands each announcement to the
 * event streams connected to it. PostgreSQL: one dedicated connection per process, reconnected with
 * backoff; PGlite: its in-process listen (PGlite's LISTEN/NOTIFY reaches its own process only).
 * At shutdown, endStreams() tells every live stream of the process to send its last event and end
 * (server.ts close(): before waiting for in-flight requests, which a live stream never stops being).
 */
import pg from 'pg'
import { z } from 'zod'
import { onViewerChange, VIEWER_CHANNEL, type Database } from '#server/db/client.ts'
import type { Logger } from '#server/logger.ts'

/** The NOTIFY channel every announcement goes through. */
export const LIVE_CHANNEL = 'homeward_live'

/**
 * An announcement, as JSON in the NOTIFY payload (at most 8,000 bytes, PostgreSQL's limit):
 * `topic` is 'tx:<transactionId>' or 'user:<profileId>'; `data` is what the stream sends.
 */
export const LiveAnnouncement = z.object({ topic: z.string(), data: z.record(z.string(), z.unknown()) })
export type LiveAnnouncement = z.infer<typeof LiveAnnouncement>

export type LiveListener = (announcement: LiveAnnouncement) => void

export interface RealtimeHub {
  /** Calls `listener` for every announcement on `topic` in this process; returns the unsubscribe. */
  subscribe(topic: string, listener: LiveListener): () => void
  /**
   * Calls `listener` after the LISTEN connection was lost and came back: announcements may have been
   * missed meanwhile, so streams catch up from the database. Returns the unsubscribe.
   */
  onResync(listener: () => void): () => void
  /**
   * Calls `listener` with the auth user id of every viewer change (a session ended, a user, profile or
   * role changed: db/client.ts VIEWER_CHANNEL), made by this process or any other. Returns the
   * unsubscribe.
   */
  onViewerChange(listener: (authUserId: string) => void): () => void
  /**
   * Whether changes from other processes reach this one now: false while the PostgreSQL LISTEN
   * connection is down (reconnecting), when whatever was kept on the strength of it may be stale.
   */
  isListening(): boolean
  /**
   * Calls `listener` once when the process starts shutting down (endStreams): a live stream then sends
   * `event: shutdown` and ends, and the browser reconnects (to another process behind the proxy).
   * Returns the unsubscribe.
   */
  onShutdown(listener: () => void): () => void
  /** True from endStreams() on: a stream opened now ends at once. */
  isShuttingDown(): boolean
  /** Ends every live stream of this process (shutdown). Idempotent. */
  endStreams(): void
  /** Number of subscriptions in this process (for health and benchmarks). */
  size(): number
  /** Resolves once this process is listening. */
  ready: Promise<void>
  close(): Promise<void>
}

/** Topic of one transaction's changes. */
export const transactionTopic = (transactionId: string) => `tx:${transactionId}`
/** Topic of one person's notifications. */
export const userTopic = (profileId: string) => `user:${profileId}`

/** Starts listening on the database's NOTIFY channel. */
export function createRealtimeHub({
  database,
  databaseUrl,
  log,
}: {
  database: Database
  /** PostgreSQL URL for the dedicated LISTEN connection (unset with PGlite). */
  databaseUrl?: string
  log: Logger
}): RealtimeHub {
  const topics = new Map<string, Set<LiveListener>>()
  const resyncListeners = new Set<() => void>()
  const viewerListeners = new Set<(authUserId: string) => void>()
  const shutdownListeners = new Set<() => void>()
  let shuttingDown = false
  let closed = false
  let listening = false

  function viewerChanged(authUserId: string) {
    for (const listener of [...viewerListeners]) listener(authUserId)
  }
  // Changes committed through this process's own connections, known before their COMMIT returns.
  const stopLocalViewerChanges = onViewerChange(viewerChanged)

  function dispatch(payload: string) {
    let announcement: LiveAnnouncement
    try {
      announcement = LiveAnnouncement.parse(JSON.parse(payload))
    } catch {
      log.warn('ignored a malformed live announcement')
      return
    }
    const listeners = topics.get(announcement.topic)
    if (!listeners) return
    for (const listener of [...listeners]) {
      try {
        listener(announcement)
      } catch (err) {
        log.warn('a live listener failed', err instanceof Error ? err.message : err)
      }
    }
  }

  function resync() {
    for (const listener of [...resyncListeners]) listener()
  }

  let ready: Promise<void>
  let stop: () => Promise<void>

  if (database.kind === 'pglite') {
    const unlisten = database.pglite!.listen(LIVE_CHANNEL, dispatch)
    // PGlite has no other process: its viewer changes all come through onViewerChange.
    ready = unlisten.then(() => {
      listening = true
    })
    stop = async () => {
      await (await unlisten)().catch(() => {})
    }
  } else {
    if (!databaseUrl) throw new Error('createRealtimeHub: PostgreSQL needs databaseUrl for its LISTEN connection')
    let client: pg.Client | undefined
    let retryMs = 500
    let reconnectTimer: NodeJS.Timeout | undefined
    let resolveReady!: () => void
    ready = new Promise((resolve) => (resolveReady = resolve))

    const connect = async (isReconnect: boolean) => {
      const c = new pg.Client({ connectionString: databaseUrl, application_name: 'homeward-live' })
      c.on('notification', (msg) => {
        if (msg.channel === LIVE_CHANNEL && msg.payload) dispatch(msg.payload)
        else if (msg.channel === VIEWER_CHANNEL && msg.payload) viewerChanged(msg.payload)
      })
      c.on('error', (err) => {
        log.warn('live connection lost; reconnecting', err.message)
        scheduleReconnect()
      })
      c.on('end', () => {
        if (client === c) scheduleReconnect()
      })
      try {
        await c.connect()
        await c.query(`listen ${LIVE_CHANNEL}`)
        await c.query(`listen ${VIEWER_CHANNEL}`)
        client = c
        listening = true
        retryMs = 500
        resolveReady()
        if (isReconnect) resync()
      } catch (err) {
        await c.end().catch(() => {})
        log.warn('could not open the live connection; retrying', err instanceof Error ? err.message : err)
        scheduleReconnect()
      }
    }
    const scheduleReconnect = () => {
      listening = false
      if (closed || reconnectTimer) return
      const old = client
      client = undefined
      old?.removeAllListeners('end')
      old?.end().catch(() => {})
      reconnectTimer = setTimeout(() => {
        reconnectTimer = undefined
        void connect(true)
      }, retryMs)
      reconnectTimer.unref()
      retryMs = Math.min(retryMs * 2, 10_000)
    }
    void connect(false)
    stop = async () => {
      if (reconnectTimer) clearTimeout(reconnectTimer)
      const c = client
      client = undefined
      c?.removeAllListeners('end')
      await c?.end().catch(() => {})
    }
  }

  return {
    subscribe(topic, listener) {
      let set = topics.get(topic)
      if (!set) topics.set(topic, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0 && topics.get(topic) === set) topics.delete(topic)
      }
    },
    onResync(listener) {
      resyncListeners.add(listener)
      return () => resyncListeners.delete(listener)
    },
    onViewerChange(listener) {
      viewerListeners.add(listener)
      return () => viewerListeners.delete(listener)
    },
    onShutdown(listener) {
      shutdownListeners.add(listener)
      return () => shutdownListeners.delete(listener)
    },
    isShuttingDown: () => shuttingDown,
    endStreams() {
      if (shuttingDown) return
      shuttingDown = true
      for (const listener of [...shutdownListeners]) {
        try {
          listener()
        } catch (err) {
          log.warn('a live stream could not be ended', err instanceof Error ? err.message : err)
        }
      }
      shutdownListeners.clear()
    },
    isListening: () => listening && !closed,
    size() {
      let n = 0
      for (const set of topics.values()) n += set.size
      return n
    },
    ready,
    async close() {
      closed = true
      listening = false
      stopLocalViewerChanges()
      await stop()
      topics.clear()
      resyncListeners.clear()
      viewerListeners.clear()
      shutdownListeners.clear()
    },
  }
}
