import { createContext, useContext, type ComponentProps, type MouseEvent } from 'react'

/** Props of an in-app link: an anchor's props with `to` instead of `href`. */
export type AppLinkProps = Omit<ComponentProps<'a'>, 'href'> & { to: string }

/** Client-side navigation to a same-origin path, e.g. React Router's `navigate`. */
export type AppNavigate = (to: string) => void

const NavigateContext = createContext<AppNavigate | null>(null)

/**
 * Supplies the navigation used by AppLink: the single-page app passes React Router's `navigate`
 * (client-side navigation); without a provider AppLink is a plain anchor. This lets the landing
 * page's own entry (main.tsx) share the public components without downloading the router.
 */
export const AppLinkProvider = NavigateContext.Provider

/** True when a click should stay a normal browser navigation (new tab, modified click, other target). */
function isBrowserHandledClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined) {
  return (
    event.defaultPrevented ||
    event.button !== 0 ||
    event.metaKey ||
    event.altKey ||
    event.ctrlKey ||
    event.shiftKey ||
    (target !== undefined && target !== '_self')
  )
}

/**
 * An in-app link: always a real <a href> (so it works without JavaScript, in new tabs and for
 * screen readers); inside the single-page app a plain left-click navigates client-side.
 * '#...' is always an anchor.
 */
export function AppLink({ to, onClick, children, ...props }: AppLinkProps) {
  const navigate = useContext(NavigateContext)
  function handleClick(event: MouseEvent<HTMLAnchorElement>) {
    onClick?.(event)
    if (!navigate || to.startsWith('#') || isBrowserHandledClick(event, props.target)) return
    event.preventDefault()
    navigate(to)
  }
  return (
    <a href={to} onClick={handleClick} {...props}>
      {children}
    </a>
  )
}
