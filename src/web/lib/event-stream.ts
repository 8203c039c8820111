/**
 * After `event: shutdown` (the server process is stopping; another takes over behind the proxy), how
 * long reconnecting stays quiet (ms): no 'reconnecting' status while the browser finds the next process.
 */
export const SHUTDOWN_QUIET_MS = 10_000

/** Delay before re-opening a stream the browser gave up on: 2 s doubling to 60 s. */
export function reopenDelay(attempt: number): number {
  return Math.min(2_000 * 2 ** attempt, 60_000)
}

export interface EventStreamOptions {
  url: string
  /** SSE event name to listen to ('activity', 'notification'). */
  event: string
  onMessage: (data: unknown, lastEventId: string) => void
  onStatus?: (status: 'connecting' | 'live' | 'reconnecting') => void
  /**
   * Called when missed events cannot be replayed, so everything shown should be refetched: after a
   * fresh connection replaced one that was closed, and when the server sends `event: reload` (the
   * client was too far behind, or the server lost its database listener for a while).
   */
  onReopen?: () => void
  /** Called once when the server ends the stream for good (`event: revoked`: signed out or removed from the move). */
  onRevoked?: () => void
}

/**
 * Opens a Server-Sent Events stream with the browser's EventSource, which reconnects by itself and
 * resends Last-Event-ID so the server replays what was missed. When the browser gives up (the server
 * answered with an error status, e.g. after a restart or a lost session), a new EventSource is opened
 * with back-off and `onReopen` lets the caller refetch; `event: reload` asks for the same. After
 * `event: revoked` it closes for good and calls `onRevoked`. After `event: shutdown` (the server is
 * restarting; its `retry` makes the browser come back within a few seconds) reconnecting is quiet for
 * SHUTDOWN_QUIET_MS: no 'reconnecting' status, and `onReopen` once back only when the stream has no
 * event ids to resume from. Returns a function that closes it for good.
 */
export function openEventStream({
  url,
  event,
  onMessage,
  onStatus,
  onReopen,
  onRevoked,
}: EventStreamOptions): () => void {
  let source: EventSource | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let attempt = 0
  let closed = false
  /** Until when a reconnect after the server's `event: shutdown` stays quiet (0: not after one). */
  let quietUntil = 0
  /** Whether the browser has an event id to resume from (the server replays what was missed). */
  let resumable = false
  const quiet = () => quietUntil > 0 && Date.now() < quietUntil

  const connect = (reopened: boolean) => {
    onStatus?.(reopened ? 'reconnecting' : 'connecting')
    const s = new EventSource(url, { withCredentials: true })
    source = s
    s.onopen = () => {
      onStatus?.('live')
      if ((reopened && attempt > 0) || (quietUntil > 0 && !resumable)) onReopen?.()
      quietUntil = 0
      attempt = 0
    }
    s.onerror = () => {
      if (closed) return
      if (!quiet()) onStatus?.('reconnecting')
      if (s.readyState === EventSource.CLOSED) {
        s.close()
        timer = setTimeout(() => connect(true), reopenDelay(attempt))
        attempt += 1
      }
    }
    s.addEventListener('reload', () => onReopen?.())
    s.addEventListener('shutdown', () => {
      // The server is stopping and ends this stream; the browser reconnects by itself.
      quietUntil = Date.now() + SHUTDOWN_QUIET_MS
    })
    s.addEventListener('revoked', () => {
      // Access is gone: stop here rather than let the browser reconnect to a 404 forever.
      closed = true
      s.close()
      onRevoked?.()
    })
    s.addEventListener(event, (e) => {
      const message = e as MessageEvent<string>
      if (message.lastEventId) resumable = true
      let data: unknown
      try {
        data = JSON.parse(message.data)
      } catch {
        return
      }
      onMessage(data, message.lastEventId)
    })
  }

  connect(false)
  return () => {
    closed = true
    clearTimeout(timer)
    source?.close()
  }
}
