/**
 * The app's entry script of a server-rendered page, started after the page's first paint instead of
 * as soon as it has downloaded.
 *
 * Why: the page arrives whole from the server, so what the reader waits for is the paint, not the
 * JavaScript. A `<script type="module">` in <head> downloads beside the stylesheet and, when it
 * arrives first, runs (and starts the route's chunks) before the browser has painted anything:
 * Lighthouse then counts that JavaScript into first and largest contentful paint (1.8-2.8 s on the
 * mobile preset, where the same page paints at 0.9-1.1 s when the paint comes first;
 * docs/benchmarks.md, "Web"). A classic inline script waits for the first frame
 * (requestAnimationFrame, which does not run before the render-blocking stylesheet has loaded and the
 * page can paint), then, in the next task, imports the entry. Links work before hydration (they are
 * plain anchors); hydration starts about one frame and one request later than before.
 *
 * `html` is the filled template; the first `<script type="module" ... src="...">` is replaced. `nonce`
 * is the response's Content-Security-Policy nonce (the policy allows inline scripts only with it).
 * Returns the html unchanged when it has no module script.
 */
export function startScriptAfterFirstPaint(html: string, nonce: string): string {
  return html.replace(/<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/, (_, src: string) => {
    const nonceAttribute = nonce ? ` nonce="${nonce.replace(/[^A-Za-z0-9+/=_-]/g, '')}"` : ''
    return `<script${nonceAttribute}>requestAnimationFrame(function(){setTimeout(function(){import(${JSON.stringify(src)})})})</script>`
  })
}
