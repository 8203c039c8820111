import { describe, expect, it } from 'vitest'
import { INTENT_EVENTS, INTENT_SEEN_ATTRIBUTE } from './hydrate-on-intent'
import { startScriptAfterFirstPaint } from './script-after-first-paint'

const TEMPLATE = `<head>
    <script type="module" crossorigin src="/assets/index-DRdA3BgL.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/styles-D9g3aUVx.js">
  </head>`

/** Runs the inline loader of `html` with fake browser APIs; returns what it imported, and when. */
function runLoader(html: string, { paintTiming }: { paintTiming: boolean }) {
  const code = /<script[^>]*>([^<]+)<\/script>/.exec(html)![1]
  const imported: string[] = []
  const frames: (() => void)[] = []
  const timers: (() => void)[] = []
  let onPaint: ((list: { getEntriesByName(name: string): unknown[] }) => void) | undefined
  const PerformanceObserver = function (cb: typeof onPaint) {
    if (!paintTiming) throw new Error('not supported')
    onPaint = cb
    return { observe() {} }
  }
  // Window's listeners and <html>'s attributes, for the signs of use.
  const listeners = new Map<string, (event: object) => void>()
  const attributes = new Set<string>()
  const document = { documentElement: { setAttribute: (name: string) => attributes.add(name) } }
  const run = new Function(
    'PerformanceObserver',
    'addEventListener',
    'removeEventListener',
    'document',
    'requestAnimationFrame',
    'setTimeout',
    'imp',
    code.replace('import(', 'imp('),
  )
  run(
    PerformanceObserver,
    (type: string, listener: (event: object) => void) => listeners.set(type, listener),
    (type: string, listener: (event: object) => void) => listeners.get(type) === listener && listeners.delete(type),
    document,
    (f: () => void) => frames.push(f),
    (f: () => void) => timers.push(f),
    (src: string) => imported.push(src),
  )
  const step = {
    paint: () => onPaint?.({ getEntriesByName: (n) => (n === 'first-contentful-paint' ? [{}] : []) }),
    frame: () => frames.splice(0).forEach((f) => f()),
    timers: () => timers.splice(0).forEach((f) => f()),
    fire: (type: string, event: object = {}) => listeners.get(type)?.({ type, ...event }),
  }
  return { imported, step, listeners, attributes }
}

describe('startScriptAfterFirstPaint', () => {
  it('imports the entry once, in the task after the first contentful paint', () => {
    const { imported, step } = runLoader(startScriptAfterFirstPaint(TEMPLATE, 'n'), { paintTiming: true })
    step.frame()
    step.timers()
    expect(imported).toEqual([])
    step.paint()
    expect(imported).toEqual([])
    step.timers()
    expect(imported).toEqual(['/assets/index-DRdA3BgL.js'])
    step.frame()
    step.frame()
    step.timers()
    step.timers()
    expect(imported).toHaveLength(1)
  })

  it('marks <html> at the first sign of use (for a page that hydrates on intent), then stops listening', () => {
    const { imported, step, listeners, attributes } = runLoader(startScriptAfterFirstPaint(TEMPLATE, 'n'), {
      paintTiming: true,
    })
    expect([...listeners.keys()]).toEqual([...INTENT_EVENTS])
    expect(attributes.size).toBe(0)
    // The browser's own move under a resting mouse is not one (isSignOfUse).
    step.fire('pointermove', { pointerType: 'mouse', movementX: 0, movementY: 0 })
    expect(attributes.size).toBe(0)
    step.fire('touchstart')
    expect([...attributes]).toEqual([INTENT_SEEN_ATTRIBUTE])
    expect(listeners.size).toBe(0)
    // The entry itself still waits for the paint.
    expect(imported).toEqual([])
  })

  it('without Paint Timing, imports after two frames and a timer', () => {
    const { imported, step } = runLoader(startScriptAfterFirstPaint(TEMPLATE, 'n'), { paintTiming: false })
    step.frame()
    expect(imported).toEqual([])
    step.frame()
    step.timers()
    expect(imported).toEqual([])
    step.timers()
    expect(imported).toEqual(['/assets/index-DRdA3BgL.js'])
  })

  it('replaces the module script with an inline loader that imports it after the first frame', () => {
    const html = startScriptAfterFirstPaint(TEMPLATE, 'abc123==')
    expect(html).not.toContain('<script type="module"')
    const inline = /<script nonce="abc123==">([^<]+)<\/script>/.exec(html)?.[1]
    expect(inline).toContain('import("/assets/index-DRdA3BgL.js")')
    expect(inline).toContain("getEntriesByName('first-contentful-paint')")
    expect(inline).toContain('requestAnimationFrame')
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/styles-D9g3aUVx.js">')
  })

  it('writes no nonce attribute without a nonce, and never lets one break out of its attribute', () => {
    expect(startScriptAfterFirstPaint(TEMPLATE, '')).toContain('<script>(function(){')
    expect(startScriptAfterFirstPaint(TEMPLATE, 'a"><script>x')).toContain('<script nonce="ascriptx">')
  })

  it('leaves a page without a module script unchanged', () => {
    expect(startScriptAfterFirstPaint('<p>hi</p>', 'n')).toBe('<p>hi</p>')
  })
})
