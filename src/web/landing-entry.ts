/**
 * The landing page's script (landing.html). The page arrives rendered by the server, so this only
 * adds what moves or opens: the demo timeline's animation and the mobile menu. No React, no router:
 * the landing page is most visitors' first paint, and its budget (60 KB of gzipped JavaScript) is
 * smaller than React DOM alone. Every link leaves for a page of the app.
 */
import './styles.css'
import { enhanceDemoTimeline } from './features/landing/enhance-demo-timeline'
import { enhanceMenuDialog } from './features/public-site/enhance-menu-dialog'

const card = document.querySelector<HTMLElement>('[data-testid="demo-timeline-card"]')
if (card) enhanceDemoTimeline(card, window.matchMedia('(prefers-reduced-motion: reduce)'))

for (const opener of document.querySelectorAll<HTMLElement>('[data-menu-open]')) {
  const dialog = document.getElementById(opener.dataset.menuOpen ?? '')
  if (dialog instanceof HTMLDialogElement) enhanceMenuDialog(opener, dialog)
}
