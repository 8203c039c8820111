import { describe, expect, it } from 'vitest'
import { createLogger, defaultLogFormat, withLogContext } from './logger'
import { redactedQuery } from './telemetry'

function capture(level: 'debug' | 'info' = 'debug') {
  const lines: string[] = []
  const log = createLogger(level, { format: 'json', destination: { write: (l: string) => lines.push(l) } })
  return { log, lines, parsed: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) }
}

describe('the JSON logger', () => {
  it('writes one JSON object per line with level, time and msg; a plain extra object joins the line', () => {
    const { log, lines, parsed } = capture()
    log.info('started', { port: 3000 })
    expect(lines[0].endsWith('\n')).toBe(true)
    expect(parsed()[0]).toMatchObject({ level: 'info', msg: 'started', port: 3000 })
    expect(Date.parse(String(parsed()[0].time))).not.toBeNaN()
  })

  it('serialises an Error as err with its message and stack; other extras as detail', () => {
    const { log, parsed } = capture()
    log.error('failed', new Error('boom'))
    log.warn('lost', 'connection reset')
    log.warn('clash', { msg: 'would overwrite', level: 'x' })
    expect(parsed()[0]).toMatchObject({ level: 'error', err: { message: 'boom', type: 'Error' } })
    expect(String((parsed()[0].err as { stack: string }).stack)).toContain('boom')
    expect(parsed()[1]).toMatchObject({ detail: 'connection reset', msg: 'lost' })
    expect(parsed()[2]).toMatchObject({ msg: 'clash', level: 'warn', detail: { msg: 'would overwrite', level: 'x' } })
  })

  it('drops lines below its level', () => {
    const { log, lines } = capture('info')
    log.debug('hidden')
    expect(lines).toEqual([])
  })

  it('adds a child’s bindings and the request context (read at each line) to every line inside it', async () => {
    const { log, parsed } = capture()
    let viewer: string | undefined
    await withLogContext(
      {
        request_id: 'r-1',
        get viewer_id() {
          return viewer
        },
      },
      async () => {
        log.info('before')
        await new Promise((r) => setTimeout(r, 5))
        viewer = 'p-9'
        log.child({ job: 'digests' }).info('after')
      },
    )
    log.info('outside')
    expect(parsed()[0]).toMatchObject({ request_id: 'r-1', msg: 'before' })
    expect(parsed()[0]).not.toHaveProperty('viewer_id')
    expect(parsed()[1]).toMatchObject({ request_id: 'r-1', viewer_id: 'p-9', job: 'digests', msg: 'after' })
    expect(parsed()[2]).not.toHaveProperty('request_id')
  })

  it('pretty mode writes a readable line', () => {
    const lines: string[] = []
    const log = createLogger('info', { format: 'pretty', destination: { write: (l: string) => lines.push(l) } })
    log.info('Homeward is running at http://localhost:3000')
    expect(lines.join('')).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: Homeward is running at http:\/\/localhost:3000\n$/)
  })
})

describe('LOG_FORMAT’s default', () => {
  it('is pretty only for a terminal outside production', () => {
    expect(defaultLogFormat('development', true)).toBe('pretty')
    expect(defaultLogFormat('development', false)).toBe('json')
    expect(defaultLogFormat('production', true)).toBe('json')
    expect(defaultLogFormat(undefined, undefined)).toBe('json')
  })
})

describe('redactedQuery (trace spans)', () => {
  it('keeps the names and drops every value', () => {
    expect(redactedQuery('q=alice%40example.com&token=abc&page=2')).toBe('q=REDACTED&token=REDACTED&page=REDACTED')
  })
})
