import { startTransition, StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { ErrorBoundary } from './components/error-boundary'
import { PublicFrame } from './features/public-site/components/public-frame'
import { Component as LandingPage } from './routes/landing'

/** Renders the landing page into `root` without the router (see main.tsx), then honours a #fragment in the URL. */
export function mountLanding(root: HTMLElement): void {
  const app = createRoot(root)
  // A transition lets React render the page in short slices, so the first render is not one long
  // main-thread task on a slow phone (Lighthouse's total blocking time).
  startTransition(() => {
    app.render(
      <StrictMode>
        <ErrorBoundary>
          <PublicFrame variant="landing">
            <LandingPage />
          </PublicFrame>
        </ErrorBoundary>
      </StrictMode>,
    )
  })
  // The browser looked for the #fragment before the page existed; look again once it is drawn.
  const id = decodeURIComponent(window.location.hash.slice(1))
  if (id) {
    const scroll = (tries: number) => {
      const target = document.getElementById(id)
      if (target) target.scrollIntoView()
      else if (tries > 0) requestAnimationFrame(() => scroll(tries - 1))
    }
    scroll(60)
  }
}
