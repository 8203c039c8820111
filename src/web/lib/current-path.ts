import { createContext, useContext } from 'react'

/**
 * The current pathname, supplied by the router inside the single-page app (root-layout.tsx) and
 * read from window.location by the landing page's own entry, where it never changes.
 */
export const CurrentPathContext = createContext<string | null>(null)

/** The current pathname ('/buyers'), for marking the current page in navigation. */
export function useCurrentPath(): string {
  return useContext(CurrentPathContext) ?? (typeof window === 'undefined' ? '/' : window.location.pathname)
}

/** Whether `href` is the current page or a parent of it ('/professionals' for '/professionals/agents'). */
export function isCurrentPath(path: string, href: string): boolean {
  return path === href || path.startsWith(`${href}/`)
}
