import { Link } from 'react-router'
import { Button } from '#web/components/ui/button.tsx'
import { Logo } from '#web/components/logo.tsx'

/** The marketplace's sticky top bar (spec: Screens and routes): logo to /, Dashboard to /app/home, Sign In to /auth. */
export function MarketplaceTopBar() {
  return (
    <header className="sticky top-0 z-40 border-b bg-background">
      <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6 lg:px-8">
        <Logo />
        <nav aria-label="Marketplace" className="flex items-center gap-1 sm:gap-2">
          <Button asChild variant="ghost" className="px-3 sm:px-4">
            <Link to="/app/home">Dashboard</Link>
          </Button>
          <Button asChild className="px-3 sm:px-4">
            <Link to="/auth">Sign In</Link>
          </Button>
        </nav>
      </div>
    </header>
  )
}
