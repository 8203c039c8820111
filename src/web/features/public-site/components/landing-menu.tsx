import { Menu, X } from 'lucide-react'
import { Button } from '#web/components/ui/button.tsx'
import type { HeaderConfig } from '../header-config'
import { MobileNavLinks } from './mobile-nav-links'

/** Ids the landing page's script (landing-entry.ts) looks for. */
export const LANDING_MENU_ID = 'landing-menu'

/**
 * The landing page's 'Open menu' button and drawer as plain HTML: a native modal <dialog> (the rest
 * of the page inert, Escape closes it) that landing-entry.ts opens and closes, since the landing page
 * ships without React (enhance-menu-dialog.ts). The same links as the other pages' drawer.
 */
export function LandingMenu({ config }: { config: HeaderConfig }) {
  return (
    <>
      <Button
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={false}
        aria-controls={LANDING_MENU_ID}
        data-menu-open={LANDING_MENU_ID}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {/* role="dialog" repeats the element's own role on purpose: some tools (and tests) look for the attribute. */}
      {/* eslint-disable-next-line jsx-a11y-x/no-redundant-roles -- kept on purpose, as said above */}
      <dialog
        id={LANDING_MENU_ID}
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${LANDING_MENU_ID}-title`}
        aria-describedby={`${LANDING_MENU_ID}-description`}
        className="fixed inset-y-0 right-0 left-auto m-0 h-full max-h-none w-4/5 max-w-sm flex-col gap-4 overflow-y-auto border-l bg-background p-6 text-foreground shadow-xl backdrop:bg-slate-950/50 open:flex"
      >
        <h2 id={`${LANDING_MENU_ID}-title`} className="text-lg font-semibold">
          Menu
        </h2>
        <p id={`${LANDING_MENU_ID}-description`} className="sr-only">
          Pages of Homeward
        </p>
        <MobileNavLinks config={config} />
        <button
          type="button"
          data-menu-close=""
          className="absolute top-4 right-4 rounded-sm p-1 text-muted-foreground hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring"
        >
          <X aria-hidden="true" className="size-5" />
          <span className="sr-only">Close menu</span>
        </button>
      </dialog>
    </>
  )
}
