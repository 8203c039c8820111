import { ChevronDown } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { AppLink } from '#web/lib/app-link.tsx'
import { clsx as cn } from 'clsx'
import { isCurrentPath, useCurrentPath } from '#web/lib/current-path.ts'
import { PROFESSIONAL_PAGES } from '../nav-links'

/**
 * 'For Professionals' in the desktop header: a disclosure menu of the four professional pages
 *, the WAI-ARIA pattern for site navigation: a button with aria-expanded showing a list
 * of ordinary links. Escape closes it and returns focus to the button; so do a click outside and
 * tabbing away. A click before the page is live opens it once it is (lib/hydrate-on-intent.ts).
 */
export function ProfessionalsMenu() {
  const [open, setOpen] = useState(false)
  const containerRef = useRef<HTMLDivElement>(null)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const listId = useId()
  const path = useCurrentPath()
  const onProPage = path.startsWith('/professionals/')

  useEffect(() => {
    if (!open) return
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setOpen(false)
    }
    document.addEventListener('pointerdown', onPointerDown)
    return () => document.removeEventListener('pointerdown', onPointerDown)
  }, [open])

  return (
    // Catches Escape and focus leaving from the button and links inside: no role fits a container
    // that only listens to its descendants' bubbled events (jsx-a11y's own advice for this case).
    // eslint-disable-next-line jsx-a11y-x/no-static-element-interactions
    <div
      ref={containerRef}
      className="relative"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false)
          buttonRef.current?.focus()
        }
      }}
      onBlur={(event) => {
        if (!containerRef.current?.contains(event.relatedTarget as Node | null)) setOpen(false)
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium text-slate-700 transition-colors hover:bg-muted hover:text-foreground',
          (open || onProPage) && 'bg-primary-soft text-primary-soft-foreground',
        )}
      >
        For Professionals
        <ChevronDown
          aria-hidden="true"
          className={cn('size-4 transition-transform motion-reduce:transition-none', open && 'rotate-180')}
        />
      </button>
      <ul
        id={listId}
        hidden={!open}
        className="absolute top-full left-0 z-50 mt-2 w-72 rounded-lg border bg-background p-1 shadow-lg"
      >
        {PROFESSIONAL_PAGES.map((page) => {
          const current = isCurrentPath(path, page.href)
          return (
            <li key={page.href}>
              <AppLink
                to={page.href}
                aria-current={current ? 'page' : undefined}
                onClick={() => setOpen(false)}
                className={cn(
                  'flex flex-col gap-0.5 rounded-md px-3 py-2 hover:bg-muted',
                  current && 'bg-primary-soft',
                )}
              >
                <span className="text-sm font-semibold text-foreground">{page.label}</span>
                <span className="text-xs text-muted-foreground">{page.summary}</span>
              </AppLink>
            </li>
          )
        })}
      </ul>
    </div>
  )
}
