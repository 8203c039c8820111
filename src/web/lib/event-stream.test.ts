import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { openEventStream, reopenDelay, SHUTDOWN_QUIET_MS } from './event-stream'

class FakeEventSource {
  static CONNECTING = 0
  static OPEN = 1
  static CLOSED = 2
  static all: FakeEventSource[] = []
  readyState = 0
  onopen: (() => void) | null = null
  onerror: (() => void) | null = null
  listeners = new Map<string, (e: MessageEvent) => void>()
  constructor(
    public url: string,
    public init?: EventSourceInit,
  ) {
    FakeEventSource.all.push(this)
  }
  addEventListener(name: string, fn: (e: MessageEvent) => void) {
    this.listeners.set(name, fn)
  }
  close() {
    this.readyState = 2
  }
  emit(name: string, data: string, id = '') {
    this.listeners.get(name)?.({ data, lastEventId: id } as MessageEvent)
  }
}

beforeEach(() => {
  FakeEventSource.all = []
  vi.useFakeTimers()
  vi.stubGlobal('EventSource', FakeEventSource)
})
afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

describe('openEventStream', () => {
  it('reports status, passes parsed events on, and skips bad JSON', () => {
    const onMessage = vi.fn()
    const onStatus = vi.fn()
    const close = openEventStream({ url: '/api/x/events', event: 'activity', onMessage, onStatus })
    const s = FakeEventSource.all[0]!
    expect(s.init).toEqual({ withCredentials: true })
    expect(onStatus).toHaveBeenLastCalledWith('connecting')
    s.onopen?.()
    expect(onStatus).toHaveBeenLastCalledWith('live')
    s.emit('activity', '{"seq":7,"kind":"task.completed"}', '7')
    s.emit('activity', 'not json')
    expect(onMessage).toHaveBeenCalledTimes(1)
    expect(onMessage).toHaveBeenCalledWith({ seq: 7, kind: 'task.completed' }, '7')
    close()
    expect(s.readyState).toBe(2)
  })

  it('lets the browser retry a dropped connection, and reopens with back-off when it gives up', () => {
    const onReopen = vi.fn()
    const onStatus = vi.fn()
    const close = openEventStream({ url: '/e', event: 'activity', onMessage: vi.fn(), onStatus, onReopen })
    const first = FakeEventSource.all[0]!
    first.onopen?.()
    first.readyState = 0 // the browser is reconnecting by itself
    first.onerror?.()
    expect(onStatus).toHaveBeenLastCalledWith('reconnecting')
    vi.advanceTimersByTime(120_000)
    expect(FakeEventSource.all).toHaveLength(1)
    first.readyState = 2 // the browser gave up
    first.onerror?.()
    vi.advanceTimersByTime(reopenDelay(0) - 1)
    expect(FakeEventSource.all).toHaveLength(1)
    vi.advanceTimersByTime(1)
    const second = FakeEventSource.all[1]!
    second.onopen?.()
    expect(onReopen).toHaveBeenCalledTimes(1)
    close()
    second.readyState = 2
    second.onerror?.()
    vi.advanceTimersByTime(120_000)
    expect(FakeEventSource.all).toHaveLength(2)
  })

  it('backs off from 2 s to at most 60 s', () => {
    expect([0, 1, 2, 5, 10].map(reopenDelay)).toEqual([2000, 4000, 8000, 60000, 60000])
  })

  it('refetches on `reload`, and on `revoked` closes for good without reopening', () => {
    const onReopen = vi.fn()
    const onRevoked = vi.fn()
    openEventStream({ url: '/e', event: 'activity', onMessage: vi.fn(), onReopen, onRevoked })
    const source = FakeEventSource.all[0]
    source.emit('reload', '{}')
    expect(onReopen).toHaveBeenCalledTimes(1)
    source.emit('revoked', '{}')
    expect(onRevoked).toHaveBeenCalledTimes(1)
    expect(source.readyState).toBe(FakeEventSource.CLOSED)
    source.onerror?.()
    vi.advanceTimersByTime(120_000)
    expect(FakeEventSource.all).toHaveLength(1)
  })

  it('reconnects quietly after `shutdown`, refetching only a stream it cannot resume', () => {
    const onReopen = vi.fn()
    const onStatus = vi.fn()
    openEventStream({ url: '/api/notifications/stream', event: 'notification', onMessage: vi.fn(), onStatus, onReopen })
    const source = FakeEventSource.all[0]!
    source.onopen?.()
    source.emit('shutdown', '{}')
    source.readyState = 0 // the server ended the stream; the browser reconnects after `retry`
    source.onerror?.()
    expect(onStatus).toHaveBeenLastCalledWith('live')
    source.readyState = 1
    source.onopen?.()
    // No event id to resume from: what arrived meanwhile is fetched.
    expect(onReopen).toHaveBeenCalledTimes(1)
    expect(FakeEventSource.all).toHaveLength(1)
    // Past the quiet time, a drop shows again.
    source.emit('shutdown', '{}')
    vi.advanceTimersByTime(SHUTDOWN_QUIET_MS + 1)
    source.readyState = 0
    source.onerror?.()
    expect(onStatus).toHaveBeenLastCalledWith('reconnecting')
  })

  it('after `shutdown`, a stream with event ids resumes by Last-Event-ID without a refetch', () => {
    const onReopen = vi.fn()
    const onStatus = vi.fn()
    openEventStream({ url: '/e', event: 'activity', onMessage: vi.fn(), onStatus, onReopen })
    const source = FakeEventSource.all[0]!
    source.onopen?.()
    source.emit('activity', '{"seq":3}', '3')
    source.emit('shutdown', '{}')
    source.onerror?.()
    expect(onStatus).not.toHaveBeenCalledWith('reconnecting')
    source.onopen?.()
    expect(onReopen).not.toHaveBeenCalled()
  })
})
