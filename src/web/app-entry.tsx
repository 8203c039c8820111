import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router/dom'
import { AppProviders } from './providers'
import { router } from './router'

/** Renders the single-page app (router, data cache, toasts, tooltips) into `root`. */
export function mountApp(root: HTMLElement): void {
  createRoot(root).render(
    <StrictMode>
      <AppProviders>
        <RouterProvider router={router} />
      </AppProviders>
    </StrictMode>,
  )
}
