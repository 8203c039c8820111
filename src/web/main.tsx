/**
 * Entry point. The landing page (/) is most visitors' first paint, so it is rendered by its own
 * small entry without the router, data cache or toasts: its links are plain anchors and every
 * other path loads the single-page app (app-entry.tsx) on demand. Everything else, including /
 * reached by client-side navigation, runs inside the router. Budget: issue 3, JS for / <= 90 KB gz.
 */
import './styles.css'
import { mountLanding } from './landing-entry'
import { preloadPublicRoute } from './route-modules'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

if (window.location.pathname === '/') {
  mountLanding(root)
} else {
  preloadPublicRoute(window.location.pathname)
  void import('./app-entry').then(({ mountApp }) => mountApp(root))
}
