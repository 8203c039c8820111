import type { RefObject } from 'react'
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '#web/components/ui/sheet.tsx'
import type { HeaderConfig } from '../header-config'
import { MobileNavLinks } from './mobile-nav-links'

/**
 * The mobile navigation drawer: a Radix dialog, so focus is trapped inside and Escape closes it;
 * on closing, focus goes back to the 'Open menu' button (`returnFocusTo`).
 */
export default function MobileNavDrawer({
  config,
  open,
  onOpenChange,
  returnFocusTo,
}: {
  config: HeaderConfig
  open: boolean
  onOpenChange: (open: boolean) => void
  returnFocusTo: RefObject<HTMLButtonElement | null>
}) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetContent
        side="right"
        onCloseAutoFocus={(event) => {
          event.preventDefault()
          returnFocusTo.current?.focus()
        }}
      >
        <SheetTitle>Menu</SheetTitle>
        <SheetDescription className="sr-only">Pages of Homeward</SheetDescription>
        <MobileNavLinks config={config} onNavigate={() => onOpenChange(false)} />
      </SheetContent>
    </Sheet>
  )
}
