/**
 * Entry point of every page except the landing page (landing.html, landing-entry.ts): starts
 * fetching the current public page's route module together with the app itself (one network round
 * trip sooner), then hydrates the server-rendered page or starts the browser-only app. React DOM is
 * loaded and run first, and the rest of the app in a later task, so that a phone's main thread
 * is not held for both at once. A page whose #root says `data-hydrate="on-intent"` (every
 * server-rendered page: decision 042) waits for the reader's first pointer, touch, focus or key press before any of this,
 * and works as plain HTML until then (lib/hydrate-on-intent.ts).
 */
import './styles.css'
import {
  enhanceFormsUntilHydrated,
  holdClicksUntilHydrated,
  INTENT_SEEN_ATTRIBUTE,
  reloadOnHistoryMove,
  whenIntent,
  whenLive,
} from './lib/hydrate-on-intent'
import { preloadPublicRoute } from './route-modules'

const root = document.getElementById('root')
if (!root) throw new Error('index.html has no #root element')

const onIntent = root.dataset.hydrate === 'on-intent'
// The page as plain HTML until then: its forms, the history, and the buttons clicked meanwhile.
const plainPage = onIntent ? [enhanceFormsUntilHydrated(document), reloadOnHistoryMove(window)] : []
const clicks = onIntent ? holdClicksUntilHydrated(document) : null

void (onIntent ? whenIntent(window, document.documentElement.hasAttribute(INTENT_SEEN_ATTRIBUTE)) : Promise.resolve())
  .then(() => {
    preloadPublicRoute(window.location.pathname)
    return import('react-dom/client')
  })
  .then(() => new Promise((resolve) => setTimeout(resolve)))
  .then(() => import('./app-entry'))
  .then(({ mountApp }) =>
    mountApp(root, {
      beforeHydrate: () => {
        plainPage.forEach((stop) => stop())
        clicks?.stop()
        if (clicks) void whenLive(document.documentElement).then(clicks.replay)
      },
    }),
  )
