/**
 * Hydration on intent: a server-rendered page marked `data-hydrate="on-intent"` on #root (the
 * marketplace and its profiles; decision 042) loads and hydrates the app only once the reader
 * starts to use the page, not as soon as it has painted.
 *
 * Why: the page arrives whole and works as plain HTML (its links are anchors, its search is a GET
 * form, its selects submit that form), so a reader who only reads it, or follows a link from it,
 * never needs React; on a phone, React DOM's evaluation and the hydration of a page of cards were
 * the page's longest tasks (120-275 ms each, and three times that on a slow machine). The first
 * sign of use starts the app: a pointer moved over the page or pressed on it, a touch, a focus moving into
 * it or a key press. On a desktop the first mouse movement does; on a phone the first touch, scroll
 * included. Hydration then takes a few hundred milliseconds, usually before the click or the
 * choice that the pointer or the focus was heading for.
 */

/** The events that may show the reader has started to use the page (see isSignOfUse). */
export const INTENT_EVENTS = ['pointermove', 'pointerdown', 'touchstart', 'focusin', 'keydown'] as const

/**
 * Whether `event` (one of INTENT_EVENTS) is the reader's doing. A mouse's `pointermove` without
 * movement is not: the browser sends one by itself when the page is laid out under a resting
 * pointer (Chromium's "fake mouse move"), which would start the app on every desktop load.
 * Written in ES5 terms: the page's inline loader runs the same test (script-after-first-paint.ts).
 */
export function isSignOfUse(event: Pick<PointerEvent, 'type'> & Partial<PointerEvent>): boolean {
  return !(event.type === 'pointermove' && event.pointerType === 'mouse' && !event.movementX && !event.movementY)
}

/** The part of `Window` that whenIntent listens on (a fake in tests). */
export interface IntentTarget {
  addEventListener(type: string, listener: (event: Event) => void, options: AddEventListenerOptions): void
  removeEventListener(type: string, listener: (event: Event) => void, options: AddEventListenerOptions): void
}

/**
 * Attribute the page's inline loader (lib/script-after-first-paint.ts) puts on <html> at the first
 * of INTENT_EVENTS, which may come before main.tsx has loaded: the entry starts after the first
 * paint, and a reader can touch the page in between.
 */
export const INTENT_SEEN_ATTRIBUTE = 'data-intent'

/**
 * Resolves at once when `seen` (the loader saw a sign of use already), else at the first of
 * INTENT_EVENTS on `target` that isSignOfUse (listened to in the capture phase, passively, so no page handler can
 * stop it and scrolling is not delayed), then stops listening.
 */
export function whenIntent(target: IntentTarget, seen = false): Promise<void> {
  if (seen) return Promise.resolve()
  return new Promise((resolve) => {
    const options: AddEventListenerOptions = { capture: true, passive: true }
    const onIntent = (event: Event) => {
      if (!isSignOfUse(event)) return
      for (const type of INTENT_EVENTS) target.removeEventListener(type, onIntent, options)
      resolve()
    }
    for (const type of INTENT_EVENTS) target.addEventListener(type, onIntent, options)
  })
}

/**
 * Until the app hydrates, a move in the history to another address of the same document (an entry
 * the app pushed before a reload, then Back) reloads the page, so that the server renders what the
 * address asks for: nothing else would change the page. A move to a fragment of the same address
 * (the skip link's #main) changes nothing. Returns the function that stops this.
 */
export function reloadOnHistoryMove(
  win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'>,
): () => void {
  const address = (l: Location) => l.pathname + l.search
  const rendered = address(win.location)
  const onPopState = () => {
    if (address(win.location) !== rendered) win.location.reload()
  }
  win.addEventListener('popstate', onPopState)
  return () => win.removeEventListener('popstate', onPopState)
}

/** Marks a `<select>` whose change submits its form while the page is not hydrated yet. */
export const SUBMIT_ON_CHANGE_ATTRIBUTE = 'data-submit-on-change'

/** Marks a form field left out of a plain submission while it holds this value (its default). */
export const DEFAULT_VALUE_ATTRIBUTE = 'data-default-value'

/**
 * The names of `fields` to leave out of a submission: those whose value is their
 * DEFAULT_VALUE_ATTRIBUTE, so that a plain GET gives the same address as the hydrated page writes
 * (/marketplace?type=survey, not ?q=&type=survey&tier=all).
 */
export function namesAtDefault(fields: Iterable<Element>): string[] {
  const names: string[] = []
  for (const field of fields) {
    const fallback = field.getAttribute(DEFAULT_VALUE_ATTRIBUTE)
    const { name, value } = field as HTMLInputElement
    if (fallback !== null && name && value === fallback) names.push(name)
  }
  return names
}

/**
 * Whether the reader has changed `select` since the page was rendered: its choice is not the one the
 * HTML selected (the option marked `selected`, else the first).
 */
export function chosenSinceRendered(select: Pick<HTMLSelectElement, 'options' | 'selectedIndex'>): boolean {
  const options = Array.from(select.options)
  const rendered = Math.max(
    0,
    options.findIndex((option) => option.defaultSelected),
  )
  return options.length > 0 && select.selectedIndex !== rendered
}

/**
 * The page as plain HTML, until the app hydrates: a change of a `<select data-submit-on-change>`
 * submits the select's form (a GET that the server answers with the page for the new choice), as
 * the hydrated page applies it at once; a submitted form leaves out its fields at their default
 * (namesAtDefault). A select changed before this ran is submitted at once. Listens on `doc` (the change bubbles; the form's `formdata` event does not, so
 * that is caught in the capture phase). Returns the function that stops this, called just before
 * hydration: from then on React handles both (a change inside a part not yet hydrated hydrates that
 * part first).
 */
export function enhanceFormsUntilHydrated(
  doc: Pick<Document, 'addEventListener' | 'removeEventListener' | 'querySelectorAll'>,
): () => void {
  const onChange = (event: Event) => {
    const select = event.target as Partial<HTMLSelectElement> | null
    if (select?.form && select.hasAttribute?.(SUBMIT_ON_CHANGE_ATTRIBUTE)) select.form.requestSubmit()
  }
  const onFormData = (event: Event) => {
    const { formData, target } = event as FormDataEvent
    const form = target as HTMLFormElement
    for (const name of namesAtDefault(Array.from(form.elements))) formData.delete(name)
  }
  doc.addEventListener('change', onChange)
  doc.addEventListener('formdata', onFormData, true)
  // A choice made before this script ran (it starts after the first paint) reached no listener.
  for (const select of doc.querySelectorAll<HTMLSelectElement>(`select[${SUBMIT_ON_CHANGE_ATTRIBUTE}]`)) {
    if (select.form && chosenSinceRendered(select)) {
      select.form.requestSubmit()
      break
    }
  }
  return () => {
    doc.removeEventListener('change', onChange)
    doc.removeEventListener('formdata', onFormData, true)
  }
}

/**
 * Until the app hydrates, a click on a button that does nothing without the app (a menu, a
 * question to open: any `<button>` but a form's submit button, which submits the form as plain
 * HTML) is held; `replay()`, called once the page is live, clicks the last one again, so that the
 * reader's tap is not lost to the few hundred milliseconds the app takes to start (React then
 * hydrates the part clicked first). `stop()` stops holding (before hydration).
 */
export function holdClicksUntilHydrated(doc: Pick<Document, 'addEventListener' | 'removeEventListener'>): {
  stop: () => void
  replay: () => void
} {
  let held: HTMLElement | null = null
  const onClick = (event: Event) => {
    const target = event.target as Partial<Element> | null
    const button = target?.closest?.('button, [role="button"]') as HTMLButtonElement | null | undefined
    if (!button || (button.type === 'submit' && button.form)) return
    held = button
  }
  doc.addEventListener('click', onClick, true)
  const stop = () => doc.removeEventListener('click', onClick, true)
  return {
    stop,
    replay: () => {
      stop()
      const button = held
      held = null
      if (button?.isConnected) button.click()
    },
  }
}

/** Resolves once `root` (<html>) says the app runs the page (`data-live`, set by RootLayout). */
export function whenLive(root: HTMLElement): Promise<void> {
  return new Promise((resolve) => {
    if (root.hasAttribute('data-live')) return resolve()
    const observer = new MutationObserver(() => {
      if (!root.hasAttribute('data-live')) return
      observer.disconnect()
      resolve()
    })
    observer.observe(root, { attributes: true, attributeFilter: ['data-live'] })
  })
}
