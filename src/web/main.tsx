/**
 * Entry point of every page except the landing page (landing.html, landing-entry.ts): starts
 * fetching the current public page's route module together with the app itself (one network round
 * trip sooner), then hydrates the server-rendered page or starts the browser-only app. React DOM is
 * loaded and run first, and the rest of the app in a later task, so that a phone's main thread
 * is not held for both at once.
 */
import './styles.css'
import { preloadPublicRoute } from './route-modules'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

preloadPublicRoute(window.location.pathname)
void import('react-dom/client')
  .then(() => new Promise((resolve) => setTimeout(resolve)))
  .then(() => import('./app-entry'))
  .then(({ mountApp }) => mountApp(root))
