import { describe, expect, it, vi } from 'vitest'
import type { IntentTarget } from './hydrate-on-intent'
import {
  DEFAULT_VALUE_ATTRIBUTE,
  chosenSinceRendered,
  enhanceFormsUntilHydrated,
  holdClicksUntilHydrated,
  INTENT_EVENTS,
  isSignOfUse,
  namesAtDefault,
  reloadOnHistoryMove,
  SUBMIT_ON_CHANGE_ATTRIBUTE,
  whenIntent,
} from './hydrate-on-intent'

type Listener = (event: unknown) => void

/** A fake event target that records its listeners by type and capture flag. */
function fakeTarget() {
  const listeners = new Map<string, Set<Listener>>()
  const key = (type: string, options?: boolean | AddEventListenerOptions) =>
    `${type}:${typeof options === 'boolean' ? options : !!options?.capture}`
  return {
    addEventListener: (type: string, listener: Listener, options?: boolean | AddEventListenerOptions) => {
      const set = listeners.get(key(type, options)) ?? new Set()
      set.add(listener)
      listeners.set(key(type, options), set)
    },
    removeEventListener: (type: string, listener: Listener, options?: boolean | AddEventListenerOptions) => {
      listeners.get(key(type, options))?.delete(listener)
    },
    fire(type: string, event: unknown = {}, capture = false) {
      for (const listener of [...(listeners.get(key(type, capture)) ?? [])]) listener(event)
    },
    count: () => [...listeners.values()].reduce((n, set) => n + set.size, 0),
  }
}

/** A fake form field: the attributes, name and value that namesAtDefault reads. */
function field(name: string, value: string, attributes: Record<string, string> = {}) {
  return {
    name,
    value,
    getAttribute: (a: string) => attributes[a] ?? null,
    hasAttribute: (a: string) => a in attributes,
  }
}

const settled = async (promise: Promise<void>) => {
  let done = false
  void promise.then(() => (done = true))
  await new Promise((resolve) => setTimeout(resolve))
  return done
}

describe('whenIntent', () => {
  it('waits for the first sign of use, then stops listening', async () => {
    const target = fakeTarget()
    const intent = whenIntent(target as unknown as IntentTarget)
    expect(target.count()).toBe(INTENT_EVENTS.length)
    target.fire('scroll', {}, true)
    target.fire('pointerdown')
    // The browser's own move under a resting mouse is not a sign of use.
    target.fire('pointermove', { type: 'pointermove', pointerType: 'mouse', movementX: 0, movementY: 0 }, true)
    expect(await settled(intent)).toBe(false)
    target.fire('focusin', {}, true)
    expect(await settled(intent)).toBe(true)
    expect(target.count()).toBe(0)
  })

  it("resolves at once when the page's loader saw a sign of use already", async () => {
    const target = fakeTarget()
    expect(await settled(whenIntent(target as unknown as IntentTarget, true))).toBe(true)
    expect(target.count()).toBe(0)
  })

  for (const type of INTENT_EVENTS) {
    it(`${type} is a sign of use`, async () => {
      const target = fakeTarget()
      const intent = whenIntent(target as unknown as IntentTarget)
      target.fire(type, { type, pointerType: 'mouse', movementX: 0, movementY: 3 }, true)
      expect(await settled(intent)).toBe(true)
    })
  }
})

describe('isSignOfUse', () => {
  it('takes every event but a mouse that has not moved', () => {
    expect(isSignOfUse({ type: 'pointermove', pointerType: 'mouse', movementX: 0, movementY: 0 })).toBe(false)
    expect(isSignOfUse({ type: 'pointermove', pointerType: 'mouse', movementX: -2, movementY: 0 })).toBe(true)
    expect(isSignOfUse({ type: 'pointermove', pointerType: 'touch', movementX: 0, movementY: 0 })).toBe(true)
    expect(isSignOfUse({ type: 'pointerdown', pointerType: 'mouse', movementX: 0, movementY: 0 })).toBe(true)
    expect(isSignOfUse({ type: 'keydown' })).toBe(true)
  })
})

describe('reloadOnHistoryMove', () => {
  it('reloads when the history moves to another address, not to a fragment of the same one', () => {
    const win = fakeTarget()
    const location = { pathname: '/marketplace', search: '?type=survey', reload: vi.fn() }
    const stop = reloadOnHistoryMove({ ...win, location } as unknown as Window)
    location.search = '?type=survey'
    win.fire('popstate')
    expect(location.reload).not.toHaveBeenCalled()
    location.search = '?type=survey&tier=gold'
    win.fire('popstate')
    expect(location.reload).toHaveBeenCalledTimes(1)
    stop()
    expect(win.count()).toBe(0)
  })
})

describe('namesAtDefault', () => {
  it('names the fields whose value is their declared default, and only those', () => {
    const fields = [
      field('q', '', { [DEFAULT_VALUE_ATTRIBUTE]: '' }),
      field('type', 'survey', { [DEFAULT_VALUE_ATTRIBUTE]: 'all' }),
      field('tier', 'all', { [DEFAULT_VALUE_ATTRIBUTE]: 'all' }),
      field('other', '', {}),
      field('', 'all', { [DEFAULT_VALUE_ATTRIBUTE]: 'all' }),
    ] as unknown as Element[]
    expect(namesAtDefault(fields)).toEqual(['q', 'tier'])
  })
})

describe('enhanceFormsUntilHydrated', () => {
  it('submits the form of a marked select on change, and leaves defaults out of the submission', () => {
    const doc = fakeTarget()
    const form = {
      requestSubmit: vi.fn(),
      elements: [
        field('q', '', { [DEFAULT_VALUE_ATTRIBUTE]: '' }),
        field('type', 'law', { [DEFAULT_VALUE_ATTRIBUTE]: 'all', [SUBMIT_ON_CHANGE_ATTRIBUTE]: '' }),
        field('tier', 'all', { [DEFAULT_VALUE_ATTRIBUTE]: 'all', [SUBMIT_ON_CHANGE_ATTRIBUTE]: '' }),
      ],
    }
    const stop = enhanceFormsUntilHydrated({ ...doc, querySelectorAll: () => [] } as unknown as Document)

    doc.fire('change', { target: { ...field('type', 'law', { [SUBMIT_ON_CHANGE_ATTRIBUTE]: '' }), form } })
    expect(form.requestSubmit).toHaveBeenCalledTimes(1)
    // Not marked, or not in a form: nothing is submitted.
    doc.fire('change', { target: { ...field('x', 'y'), form } })
    doc.fire('change', { target: field('type', 'law', { [SUBMIT_ON_CHANGE_ATTRIBUTE]: '' }) })
    doc.fire('change', { target: null })
    expect(form.requestSubmit).toHaveBeenCalledTimes(1)

    const formData = new FormData()
    formData.set('q', '')
    formData.set('type', 'law')
    formData.set('tier', 'all')
    doc.fire('formdata', { formData, target: form }, true)
    expect([...formData.entries()]).toEqual([['type', 'law']])

    stop()
    expect(doc.count()).toBe(0)
    doc.fire('change', { target: { ...field('type', 'law', { [SUBMIT_ON_CHANGE_ATTRIBUTE]: '' }), form } })
    expect(form.requestSubmit).toHaveBeenCalledTimes(1)
  })
})

describe('chosenSinceRendered and a choice made before the script ran', () => {
  const select = (selectedIndex: number, defaults: boolean[], form: object | null = null) => ({
    selectedIndex,
    options: defaults.map((defaultSelected) => ({ defaultSelected })),
    form,
  })

  it('compares the choice with the option the HTML selected, else the first', () => {
    expect(chosenSinceRendered(select(1, [false, true, false]) as unknown as HTMLSelectElement)).toBe(false)
    expect(chosenSinceRendered(select(2, [false, true, false]) as unknown as HTMLSelectElement)).toBe(true)
    expect(chosenSinceRendered(select(0, [false, false]) as unknown as HTMLSelectElement)).toBe(false)
    expect(chosenSinceRendered(select(1, [false, false]) as unknown as HTMLSelectElement)).toBe(true)
  })

  it('submits at once the form of a select changed before the script ran, and only once', () => {
    const form = { requestSubmit: vi.fn() }
    const doc = fakeTarget()
    const selects = [select(0, [true, false], form), select(1, [true, false], form), select(1, [false, true], form)]
    const stop = enhanceFormsUntilHydrated({ ...doc, querySelectorAll: () => selects } as unknown as Document)
    expect(form.requestSubmit).toHaveBeenCalledTimes(1)
    stop()
    const untouched = { requestSubmit: vi.fn() }
    enhanceFormsUntilHydrated({ ...doc, querySelectorAll: () => [select(0, [true], untouched)] } as unknown as Document)
    expect(untouched.requestSubmit).not.toHaveBeenCalled()
  })
})

describe('holdClicksUntilHydrated', () => {
  /** A fake element: what the holder reads of a clicked button. */
  const button = (type: string, form: object | null = null, isConnected = true) => {
    const el = { type, form, isConnected, click: vi.fn(), closest: () => el }
    return el
  }

  it('clicks the last button clicked before hydration again once live, and only that one, once', () => {
    const doc = fakeTarget()
    const clicks = holdClicksUntilHydrated(doc as unknown as Document)
    const menu = button('button')
    const question = button('button')
    doc.fire('click', { target: menu }, true)
    doc.fire('click', { target: question }, true)
    // A link (no button around it) and a form's submit button work as plain HTML: not held.
    doc.fire('click', { target: { closest: () => null } }, true)
    doc.fire('click', { target: button('submit', {}) }, true)
    clicks.stop()
    doc.fire('click', { target: menu }, true)
    clicks.replay()
    expect(question.click).toHaveBeenCalledTimes(1)
    expect(menu.click).not.toHaveBeenCalled()
    clicks.replay()
    expect(question.click).toHaveBeenCalledTimes(1)
    expect(doc.count()).toBe(0)
  })

  it('replays nothing when nothing was clicked, or the button has left the page', () => {
    const doc = fakeTarget()
    const clicks = holdClicksUntilHydrated(doc as unknown as Document)
    clicks.replay()
    const gone = button('button', null, false)
    const again = holdClicksUntilHydrated(doc as unknown as Document)
    doc.fire('click', { target: gone }, true)
    again.replay()
    expect(gone.click).not.toHaveBeenCalled()
  })
})
