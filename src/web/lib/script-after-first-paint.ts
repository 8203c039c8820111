import { INTENT_EVENTS, INTENT_SEEN_ATTRIBUTE } from './hydrate-on-intent'

/**
 * The app's entry script of a server-rendered page, started after the page's first paint instead of
 * as soon as it has downloaded.
 *
 * Why: the page arrives whole from the server, so what the reader waits for is the paint, not the
 * JavaScript. A `<script type="module">` in <head> downloads beside the stylesheet and, when it
 * arrives first, runs (and starts the route's chunks) before the browser has painted anything:
 * Lighthouse then counts that JavaScript into first and largest contentful paint (1.8-2.8 s on the
 * mobile preset, where the same page paints at 0.9-1.1 s when the paint comes first;
 * docs/benchmarks.md, "Web"). A classic inline script waits for the first contentful paint (the
 * Paint Timing entry, delivered once the frame is on screen; waiting for requestAnimationFrame alone
 * still let the requests start a few milliseconds before the recorded paint), then, in the next
 * task, imports the entry. Where Paint Timing is missing, two animation frames and 100 ms stand in
 * for it. Links work before hydration (they are plain anchors); hydration starts about one frame
 * and one request later than before. A tab opened in the background, which paints nothing, starts
 * the app when it is first shown.
 *
 * `html` is the filled template; the first `<script type="module" ... src="...">` is replaced. `nonce`
 * The loader also marks <html> at the reader's first sign of use (INTENT_SEEN_ATTRIBUTE), which a
 * page that hydrates on intent may see before its entry has loaded. `nonce`
 * is the response's Content-Security-Policy nonce (the policy allows inline scripts only with it).
 * Returns the html unchanged when it has no module script.
 */
export function startScriptAfterFirstPaint(html: string, nonce: string): string {
  return html.replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/, (_, src: string) => {
    const nonceAttribute = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : ''
    return `<script${nonceAttribute}>${loader(src)}</script>`
  })
}

/** The inline loader's code (ES5, no line breaks) for the entry script `src`. */
function loader(src: string): string {
  return [
    '(function(){var started=false;',
    // A sign of use before the entry has loaded, for a page that waits for one (hydrate-on-intent.ts).
    'var signs=' + JSON.stringify(INTENT_EVENTS) + ',opts={capture:true,passive:true};',
    // isSignOfUse: a mouse's pointermove without movement is the browser's own.
    "function sign(e){if(e.type==='pointermove'&&e.pointerType==='mouse'&&!e.movementX&&!e.movementY)return;",
    'document.documentElement.setAttribute(' + JSON.stringify(INTENT_SEEN_ATTRIBUTE) + ",'');",
    'signs.forEach(function(t){removeEventListener(t,sign,opts)})}',
    'signs.forEach(function(t){addEventListener(t,sign,opts)});',
    'function start(){if(started)return;started=true;setTimeout(function(){import(' + JSON.stringify(src) + ')})}',
    "try{new PerformanceObserver(function(list){if(list.getEntriesByName('first-contentful-paint').length)start()})",
    ".observe({type:'paint',buffered:true})}catch(e){}",
    'requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(start,100)})})})()',
  ].join('')
}
