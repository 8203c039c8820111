/**
 * Entry point of every page except the landing page (landing.html, landing-entry.ts): starts
 * fetching the current public page's route module together with the app itself (one network round
 * trip sooner), then hydrates the server-rendered page or starts the browser-only app.
 */
import './styles.css'
import { preloadPublicRoute } from './route-modules'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

preloadPublicRoute(window.location.pathname)
void import('./app-entry').then(({ mountApp }) => mountApp(root))
