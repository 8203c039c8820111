import { Menu } from 'lucide-react'
import { lazy, Suspense, useRef, useState } from 'react'
import { Button } from '#web/components/ui/button.tsx'
import type { HeaderConfig } from '../header-config'

const loadDrawer = () => import('./mobile-nav-drawer')
const MobileNavDrawer = lazy(loadDrawer)

/**
 * The header's links on small screens: a side drawer opened by 'Open menu' (spec: Screens and routes). The
 * drawer (a Radix dialog) is fetched when first wanted, starting as soon as the button is touched,
 * hovered or focused, so pages that never open it do not download it. A tap before the page is live
 * opens it once it is (lib/hydrate-on-intent.ts).
 */
export function MobileNav({ config }: { config: HeaderConfig }) {
  const [open, setOpen] = useState(false)
  const [wanted, setWanted] = useState(false)
  const buttonRef = useRef<HTMLButtonElement>(null)
  const prefetch = () => void loadDrawer()

  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="icon"
        aria-label="Open menu"
        aria-haspopup="dialog"
        aria-expanded={open}
        onPointerEnter={prefetch}
        onTouchStart={prefetch}
        onFocus={prefetch}
        onClick={() => {
          setWanted(true)
          setOpen(true)
        }}
      >
        <Menu aria-hidden="true" className="size-6" />
      </Button>
      {wanted && (
        <Suspense fallback={null}>
          <MobileNavDrawer config={config} open={open} onOpenChange={setOpen} returnFocusTo={buttonRef} />
        </Suspense>
      )}
    </>
  )
}
