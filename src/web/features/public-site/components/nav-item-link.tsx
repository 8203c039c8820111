import type { ReactNode } from 'react'
import { AppLink } from '#web/lib/app-link.tsx'
import { clsx } from 'clsx'
import { isCurrentPath, useCurrentPath } from '#web/lib/current-path.ts'

/**
 * A header link: an in-page anchor for '#...' targets (the landing page), otherwise an in-app
 * link that marks the current page with aria-current="page".
 */
export function NavItemLink({
  href,
  children,
  size = 'desktop',
  onClick,
}: {
  href: string
  children: ReactNode
  /** 'desktop' for the header bar, 'drawer' for the larger targets of the mobile drawer. */
  size?: 'desktop' | 'drawer'
  onClick?: () => void
}) {
  const path = useCurrentPath()
  const current = !href.startsWith('#') && isCurrentPath(path, href)
  return (
    <AppLink
      to={href}
      onClick={onClick}
      aria-current={current ? 'page' : undefined}
      className={clsx(
        'rounded-md px-3 font-medium transition-colors hover:bg-muted hover:text-foreground',
        size === 'desktop' ? 'py-2 text-sm' : 'block py-3 text-base',
        current ? 'bg-primary-soft text-primary-soft-foreground' : 'text-slate-700',
      )}
    >
      {children}
    </AppLink>
  )
}
