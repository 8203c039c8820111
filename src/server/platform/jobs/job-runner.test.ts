import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createLogger } from '#server/logger.ts'
import { describeFailure, listJobs, startJobs, type Job, type JobRun } from './job-runner'
import { createOutboxDrain } from './outbox'

describe('describeFailure', () => {
  it("puts the database's reason first and keeps the statement short", () => {
    const err = new Error(`Failed query: insert into sla_clocks ${'x'.repeat(300)}\nparams: a,b`, {
      cause: new Error('deadlock detected'),
    })
    const text = describeFailure(err)
    expect(text.startsWith('deadlock detected (Failed query: insert into sla_clocks')).toBe(true)
    expect(text.endsWith('…)')).toBe(true)
    expect(text.length).toBeLessThan(200)
  })
  it('gives a plain error its message and anything else as text', () => {
    expect(describeFailure(new Error('disk full'))).toBe('disk full')
    expect(describeFailure('gone')).toBe('gone')
  })
})

describe('startJobs', () => {
  const log = createLogger('silent')
  beforeEach(() => vi.useFakeTimers())
  afterEach(() => vi.useRealTimers())

  it('aborts the signal of a run in progress at stop(), which then waits only for the batch in hand', async () => {
    let batches = 0
    const batched: Job = {
      kind: 'periodic',
      name: 'batched',
      everyMs: 60_000,
      firstAfterMs: 0,
      claim: 'test',
      failure: 'batched failed',
      run: async (signal) => {
        while (!signal.aborted) {
          batches++
          await new Promise((resolve) => setTimeout(resolve, 100))
        }
      },
    }
    const runner = startJobs([batched], { log })
    await vi.advanceTimersByTimeAsync(1_000)
    expect(batches).toBeGreaterThan(5)
    const seen = batches
    const stopped = runner.stop()
    await vi.advanceTimersByTimeAsync(100)
    await stopped
    expect(batches).toBe(seen)
  })

  it('runs each job on its schedule, one run at a time, and tells observe of every run', async () => {
    const runs: JobRun[] = []
    let release!: () => void
    let started = 0
    const slow: Job = {
      kind: 'periodic',
      name: 'slow',
      everyMs: 1_000,
      firstAfterMs: 10,
      claim: 'test',
      failure: 'slow failed',
      run: () => {
        started++
        return new Promise<void>((resolve) => (release = resolve))
      },
    }
    let failures = 0
    const failing: Job = {
      kind: 'periodic',
      name: 'failing',
      everyMs: 1_000,
      claim: 'test',
      failure: 'failing failed',
      run: async () => {
        failures++
        throw new Error('no')
      },
    }
    const runner = startJobs([slow, failing], { log, observe: (run) => runs.push(run) })
    await vi.advanceTimersByTimeAsync(10)
    expect(started).toBe(1)
    // Two more ticks while the first run still goes: skipped.
    await vi.advanceTimersByTimeAsync(2_000)
    expect(started).toBe(1)
    expect(failures).toBe(2)
    release()
    await vi.advanceTimersByTimeAsync(0)
    expect(runs.filter((r) => r.job === 'slow')).toEqual([{ job: 'slow', outcome: 'ok', seconds: expect.any(Number) }])
    expect(runs.filter((r) => r.job === 'failing').map((r) => r.outcome)).toEqual(['failed', 'failed'])
    await runner.stop()
  })

  it('stops claiming at once: no tick after stop, each job stopped, and stop waits for the run in progress', async () => {
    let started = 0
    let release!: () => void
    const stopped: string[] = []
    const job: Job = {
      kind: 'outbox',
      name: 'outbox',
      everyMs: 100,
      claim: 'test',
      failure: 'x',
      run: () => {
        started++
        return new Promise<void>((resolve) => (release = resolve))
      },
      stop: async () => {
        stopped.push('outbox')
      },
    }
    const listenerStopped = vi.fn(async () => {})
    const listener: Job = {
      kind: 'listener',
      name: 'listener',
      on: 'test',
      claim: 'test',
      failure: 'x',
      start: () => ({ stop: listenerStopped }),
    }
    const runner = startJobs([job, listener], { log })
    await vi.advanceTimersByTimeAsync(100)
    expect(started).toBe(1)
    let done = false
    const stopping = runner.stop().then(() => (done = true))
    expect(stopped).toEqual(['outbox'])
    expect(listenerStopped).toHaveBeenCalledTimes(1)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(started).toBe(1)
    expect(done).toBe(false)
    release()
    await stopping
    expect(done).toBe(true)
    await expect(runner.runNow('outbox')).resolves.toBeUndefined()
    expect(started).toBe(1)
  })

  it('refuses two jobs of one name', () => {
    const job: Job = { kind: 'periodic', name: 'a', everyMs: 1, claim: '', failure: '', run: async () => {} }
    expect(() => startJobs([job, job], { log })).toThrow(/two jobs are named a/)
  })

  it('lists each job with its schedule and claim', () => {
    const lines = listJobs([
      { kind: 'periodic', name: 'digests', everyMs: 60_000, claim: 'skip locked', failure: '', run: async () => {} },
      {
        kind: 'periodic',
        name: 'nightly',
        everyMs: 3_600_000,
        firstAfterMs: 30_000,
        claim: 'advisory lock',
        failure: '',
        run: async () => {},
      },
    ])
    expect(lines).toEqual(['digests: every 1 min; skip locked', 'nightly: every 1 h, first after 30 s; advisory lock'])
  })
})

describe('createOutboxDrain', () => {
  it('drains one at a time, queues one more drain asked for meanwhile, and claims nothing once stopped', async () => {
    const releases: Array<() => void> = []
    let calls = 0
    const outbox = createOutboxDrain(() => {
      calls++
      return new Promise<number>((resolve) => releases.push(() => resolve(calls)))
    })
    const first = outbox.drain()
    const second = outbox.drain()
    const third = outbox.drain()
    expect(calls).toBe(1)
    expect(second).toBe(third)
    releases[0]!()
    expect(await first).toBe(1)
    await vi.waitFor(() => expect(calls).toBe(2))
    const stopping = outbox.stop()
    expect(await outbox.drain()).toBe(0)
    releases[1]!()
    expect(await second).toBe(2)
    await stopping
    expect(calls).toBe(2)
  })
})
